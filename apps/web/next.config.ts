import type { NextConfig } from "next";

/**
 * Workspace packages ship TypeScript source: transpile them. Native and server-only
 * packages (database drivers, argon2, Redis, ws) stay external and load with Node's require.
 * Nothing from the environment is read here: DATABASE_URL, REDIS_URL, DATA_DIR, SERVER_PORT
 * and the public URLs are read when `next start` runs.
 */
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Security headers (Content-Security-Policy, framing) are set per request in src/proxy.ts.
  transpilePackages: [
    "@chat/api",
    "@chat/auth",
    "@chat/db",
    "@chat/domain",
    "@chat/events",
    "@chat/infrastructure",
    "@chat/presence",
    "@chat/rate-limit",
    "@chat/voice",
  ],
  serverExternalPackages: [
    "argon2",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "ioredis",
    "rate-limiter-flexible",
    // The password rule's dictionaries (a few MB): loaded by Node on the first check, never bundled.
    "@zxcvbn-ts/core",
    "@zxcvbn-ts/language-common",
    "@zxcvbn-ts/language-en",
    "ws",
    "bufferutil",
    "utf-8-validate",
  ],
  turbopack: {
    // DATA_DIR is chosen at run time; these reads are meant to be dynamic. (Only matters for
    // `output: "standalone"` tracing, which this app does not use.)
    ignoreIssue: [
      { path: "**/packages/db/src/env.ts", title: /Dynamic filesystem access/ },
      { path: "**/packages/events/src/internal-secret.ts", title: /Dynamic filesystem access/ },
    ],
  },
};

export default nextConfig;
