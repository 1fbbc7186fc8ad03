import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { configuredSessionSecret } from "@chat/auth/env";
import { EMBEDDED_PASSWORD_FILE } from "@chat/db";
import { databaseFacts } from "@chat/db/facts";
import { publicUrlsFromEnv } from "@chat/domain";
import { deploymentShape } from "@chat/infrastructure";
import { readServerEnv } from "../../env";
import type { CliSession } from "../session";
import type { Output } from "./lookups";
import { redactedUrl, secretSource } from "./redact";

const rootManifest = new URL("../../../../../package.json", import.meta.url);

/** The effective configuration as the server reads it; secrets only as "set" / "generated", never their values. */
function configShow(session: CliSession): Output {
  const { env, db } = session;
  const server = readServerEnv(env as NodeJS.ProcessEnv);
  const { infrastructure } = server;
  const shape = deploymentShape(infrastructure);
  const kept = (name: string) => existsSync(join(db.dataDir, name));
  return {
    data_dir: db.dataDir,
    storage: db.databaseUrl
      ? {
          mode: "postgresql",
          database_url: redactedUrl(db.databaseUrl).url,
          password: redactedUrl(db.databaseUrl).password,
          pool_size: db.poolSize,
        }
      : {
          mode: "embedded",
          folder: join(db.dataDir, "pglite"),
          port: db.embeddedPort,
          password: secretSource(undefined, kept(EMBEDDED_PASSWORD_FILE)),
          pool_size: db.poolSize,
        },
    events:
      shape.kind === "redis"
        ? {
            mode: "redis",
            redis_url: redactedUrl(shape.redisUrl).url,
            password: redactedUrl(shape.redisUrl).password,
            namespace: shape.namespace,
          }
        : { mode: "hub", hub_url: shape.hubUrl },
    server: {
      host: server.host,
      port: server.port,
      trust_proxy: server.trustProxy,
      log_level: server.logLevel ?? null,
      rate_limits: server.rateLimits,
    },
    public_urls: publicUrlsFromEnv(env as NodeJS.ProcessEnv),
    voice: server.livekit
      ? {
          livekit_url: redactedUrl(server.livekit.url).url,
          livekit_public_url: redactedUrl(server.livekit.publicUrl).url,
          api_key: "set",
          api_secret: "set",
        }
      : null,
    secrets: {
      attachment_signing_key: secretSource(server.attachmentSigningKey, kept("attachment-signing-key")),
      nextauth_secret: secretSource(configuredSessionSecret(env), kept("nextauth-secret")),
      internal_secret: secretSource(infrastructure.internalSecret, kept("internal-secret")),
    },
  };
}

/** This version, Node's, the database server's, and the schema's migrations (applied and still to apply). */
async function version(session: CliSession): Promise<Output> {
  const manifest = JSON.parse(readFileSync(rootManifest, "utf8")) as { version?: string };
  const facts = await databaseFacts((await session.database()).url);
  return {
    version: manifest.version ?? null,
    node: process.version,
    storage: session.db.databaseUrl ? "postgresql" : "embedded",
    database_server: facts.serverVersion,
    migration: facts.applied.at(-1) ?? null,
    migrations_applied: facts.applied.length,
    migrations_pending: facts.pending,
  };
}

export const aboutCommands = {
  "config show": async (session: CliSession): Promise<Output> => configShow(session),
  version,
};
