import { Errors } from "../../errors";
import type { ChannelAccess } from "../shared/access";

export const SUPPRESS_EMBEDS = 1 << 2;
export const SUPPRESS_NOTIFICATIONS = 1 << 12;
/** A deferred interaction reply still being thought about (flag 128, LOADING). */
export const LOADING = 1 << 7;
export const DEFAULT_MESSAGE = 0;
export const REPLY_MESSAGE = 19;
/** Interaction replies: to a slash command (20), to a user or message command (23). */
export const CHAT_INPUT_COMMAND_MESSAGE = 20;
export const CONTEXT_MENU_COMMAND_MESSAGE = 23;

/** The types people and bots write; anything else is a system message (thread created, pins, ...). */
export const USER_MESSAGE_TYPES = [
  DEFAULT_MESSAGE,
  REPLY_MESSAGE,
  CHAT_INPUT_COMMAND_MESSAGE,
  CONTEXT_MENU_COMMAND_MESSAGE,
];

export const isSystemMessage = (type: number) => !USER_MESSAGE_TYPES.includes(type);

/** Components are refused in DMs (spec: Users, direct messages). */
export function refuseDmComponents(access: ChannelAccess, components: unknown[] | null | undefined): void {
  if (!access.guild && components && components.length > 0) {
    throw Errors.invalidForm({
      components: {
        _errors: [{ code: "COMPONENTS_NOT_ALLOWED", message: "Components cannot be sent in a direct message." }],
      },
    });
  }
}
