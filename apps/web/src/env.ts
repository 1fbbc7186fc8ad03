import "server-only";
import { attachmentSigningKeyFromEnv, publicUrlsFromEnv } from "@chat/domain/config";

/**
 * The web app's configuration, read when the server runs (never inlined at build time).
 * DATABASE_URL / DATA_DIR / EMBEDDED_DB_PORT are read by @chat/db, REDIS_URL / SERVER_PORT /
 * REDIS_NAMESPACE by @chat/events, NEXTAUTH_SECRET / NEXTAUTH_URL by @chat/auth.
 */
export function readWebEnv(env: Record<string, string | undefined> = process.env) {
  const urls = publicUrlsFromEnv(env as NodeJS.ProcessEnv);
  return {
    urls,
    /** The address people open; links (invite URLs) are built from it. */
    appUrl: urls.appUrl,
    storage: env.DATABASE_URL ? "postgresql" : "embedded",
    events: env.REDIS_URL ? "redis" : "hub",
    /** `next dev`: React needs eval for its debugging aids, and styles arrive by script. */
    development: env.NODE_ENV !== "production",
    /** ATTACHMENT_SIGNING_KEY, else the server's, kept in DATA_DIR: the web app signs attachment URLs the server checks. */
    attachmentSigningKey: attachmentSigningKeyFromEnv(env),
  } as const;
}
