import { Errors } from "../../errors";
import type { ChannelAccess } from "../shared/access";

export const SUPPRESS_EMBEDS = 1 << 2;
export const SUPPRESS_NOTIFICATIONS = 1 << 12;
export const DEFAULT_MESSAGE = 0;
export const REPLY_MESSAGE = 19;

/** Any type other than default (0) and reply (19) is a system message (thread created, pins, ...). */
export const isSystemMessage = (type: number) => type !== DEFAULT_MESSAGE && type !== REPLY_MESSAGE;

/** Components are refused in DMs (spec: Users, direct messages). */
export function refuseDmComponents(access: ChannelAccess, components: unknown[] | null | undefined): void {
  if (!access.guild && components && components.length > 0) {
    throw Errors.invalidForm({ components: { _errors: [{ code: "COMPONENTS_NOT_ALLOWED", message: "Components cannot be sent in a direct message." }] } });
  }
}
