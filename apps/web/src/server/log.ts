import "server-only";
import pino from "pino";
import { readWebLogLevel } from "./log-env";

/** The web app's JSON log from inside the app (the request lines come from apps/web/server.ts), at LOG_LEVEL. */
export const log = pino({ level: readWebLogLevel(), base: { service: "web", pid: process.pid } });
