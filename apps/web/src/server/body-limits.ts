import { MESSAGE_FILES_BYTES_MAX } from "@chat/domain/validation/messages";
import { EVENT_BODY_LIMIT } from "@chat/domain/validation/scheduled-events";
import { trpcProcedures } from "../lib/trpc-calls";

const MB = 1024 * 1024;

/** Room for a request's other fields (a file's name, ids) beside the file it carries. */
const ENVELOPE = 64 * 1024;

/** Every request body of the web app, unless named below: tRPC calls, next-auth's forms, anything else. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * The procedures that take a file or picture (base64) in their input, and the body each may
 * send, a little over the largest input the procedure itself takes, so a slightly larger
 * file gets the procedure's own message. Only for a signed-in request (see server.ts).
 */
export const LARGE_BODY_PROCEDURES: Readonly<Record<string, number>> = {
  // A file of up to 25 MB (spec: Limits), as base64.
  "uploads.create": Math.ceil(MESSAGE_FILES_BYTES_MAX / 3) * 4 + ENVELOPE,
  // An 8 MB event cover as image data, as the bots' REST route allows.
  "scheduledEvents.create": EVENT_BODY_LIMIT,
  "scheduledEvents.update": EVENT_BODY_LIMIT,
  // Pictures of up to 1 MB as image data; these procedures take up to 2,000,000 characters.
  "people.updateProfile": 2 * MB,
  "guilds.setIcon": 2 * MB,
  "applications.setIcon": 2 * MB,
  "emojis.upload": 2 * MB,
};

/**
 * The larger body a request to this path may send when signed in, or undefined: a path on
 * the tRPC endpoint naming at least one procedure above (a batch gets its largest one's).
 */
export function largeBodyAllowance(pathname: string): number | undefined {
  const allowances = trpcProcedures(pathname).map((name) =>
    Object.hasOwn(LARGE_BODY_PROCEDURES, name) ? LARGE_BODY_PROCEDURES[name] : undefined,
  );
  const largest = Math.max(...allowances.map((bytes) => bytes ?? 0));
  return largest > DEFAULT_BODY_LIMIT ? largest : undefined;
}

/** "1 MB", "34 MB": what a refusal says. */
export function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / MB)} MB`;
}
