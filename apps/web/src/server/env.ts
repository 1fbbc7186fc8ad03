import "server-only";
import { attachmentSigningKeyFromEnv, publicUrlsFromEnv } from "@chat/domain/config";
import { readInfrastructureEnv } from "@chat/infrastructure/env";
import { deploymentShape } from "@chat/infrastructure/shape";
import { parseTrustProxy } from "@chat/rate-limit/client-address";
import { DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR, DEFAULT_SIGN_UPS_PER_HOUR } from "@chat/rate-limit/people-limits";
import { readLiveKitAccess } from "@chat/voice/livekit-env";

/**
 * The web app's configuration, read when the server runs (never inlined at build time).
 * DATABASE_URL / DATA_DIR / EMBEDDED_DB_PORT are read by @chat/db, NEXTAUTH_SECRET / NEXTAUTH_URL
 * by @chat/auth.
 */
export function readWebEnv(env: Record<string, string | undefined> = process.env) {
  const urls = publicUrlsFromEnv(env as NodeJS.ProcessEnv);
  const infrastructure = readInfrastructureEnv(env);
  return {
    urls,
    /** The address people open; links (invite URLs) are built from it. */
    appUrl: urls.appUrl,
    storage: env.DATABASE_URL ? "postgresql" : "embedded",
    events: deploymentShape(infrastructure).kind,
    /** `next dev`: React needs eval for its debugging aids, and styles arrive by script. */
    development: env.NODE_ENV !== "production",
    /** ATTACHMENT_SIGNING_KEY, else the server's, kept in DATA_DIR: the web app signs attachment URLs the server checks. */
    attachmentSigningKey: attachmentSigningKeyFromEnv(env),
    /** REDIS_URL, REDIS_NAMESPACE, INTERNAL_SECRET, SERVER_INTERNAL_URL (or SERVER_PORT): memory or Redis (@chat/infrastructure). */
    infrastructure,
    /** TRUST_PROXY, as the server reads it: whose X-Forwarded-For names the client. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** SIGN_UP_LIMIT_PER_HOUR: accounts one client address may create per hour. */
    signUpsPerHour: positiveInteger("SIGN_UP_LIMIT_PER_HOUR", env.SIGN_UP_LIMIT_PER_HOUR, DEFAULT_SIGN_UPS_PER_HOUR),
    /** SIGN_UP_ATTEMPTS_PER_HOUR: sign-up attempts (refused ones too) one client address may make per hour. */
    signUpAttemptsPerHour: positiveInteger(
      "SIGN_UP_ATTEMPTS_PER_HOUR",
      env.SIGN_UP_ATTEMPTS_PER_HOUR,
      DEFAULT_SIGN_UP_ATTEMPTS_PER_HOUR,
    ),
    /** LIVEKIT_URL, LIVEKIT_PUBLIC_URL and the keys: the media server voice channels run on; undefined: voice is off. */
    livekit: readLiveKitAccess(env as NodeJS.ProcessEnv),
  } as const;
}

export type WebEnv = ReturnType<typeof readWebEnv>;

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} is not a positive whole number: ${value}`);
  return number;
}
