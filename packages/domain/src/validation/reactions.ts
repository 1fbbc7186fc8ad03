import { z } from "zod";
import { zId } from "./common";

/** A reaction's emoji as written in the path: a Unicode emoji, or a guild emoji `name:id` / `a:name:id`. */
export type ParsedEmoji =
  | { kind: "unicode"; name: string }
  | { kind: "custom"; id: bigint; name: string; animated: boolean };

/**
 * One emoji as the Unicode standard recommends it (RGI: keycaps, flags, skin tones, ZWJ
 * sequences). The `v` flag (Node 20) goes through a variable: the workspace targets ES2022,
 * where the compiler refuses it in a literal.
 */
const SET_NOTATION: string = "v";
const RGI_EMOJI = new RegExp("^\\p{RGI_Emoji}$", SET_NOTATION);
/** A pictograph written without its presentation selector (❤ for ❤️), as clients sometimes send. */
const BARE_PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const CUSTOM = /^(?:(a):)?([A-Za-z0-9_~]{1,32}):([0-9]{1,19})$/;

/** The path's `{emoji}` (already URL-decoded), or null when it is not an emoji at all. */
export function parseEmoji(value: string | undefined): ParsedEmoji | null {
  if (value === undefined || value.length === 0 || value.length > 100) return null;
  const custom = CUSTOM.exec(value);
  if (custom) {
    const id = BigInt(custom[3] as string);
    if (id > 9223372036854775807n) return null;
    return { kind: "custom", id, name: custom[2] as string, animated: custom[1] === "a" };
  }
  if (RGI_EMOJI.test(value) || BARE_PICTOGRAPH.test(value) || RGI_EMOJI.test(`${value}\uFE0F`))
    return { kind: "unicode", name: value };
  return null;
}

/** GET .../reactions/{emoji}: who reacted, by user id, after `after`. */
export const zReactionUsersQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "Must be between 1 and 100.")
    .max(100, "Must be between 1 and 100.")
    .default(25),
  after: zId.optional(),
  /** 0 normal, 1 burst (there are no burst reactions: always an empty list). */
  type: z.coerce.number().int().min(0).max(1).default(0),
});
