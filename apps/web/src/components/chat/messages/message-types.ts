/** Message types a person or an application writes; every other type is a system row (spec: message types). */
const USER_MESSAGE_TYPES = new Set([0, 19, 20, 23]);

export const CHANNEL_PINNED_MESSAGE = 6;
export const THREAD_CREATED = 18;

/** A system message: no reply, no edit (the domain refuses both). */
export function isSystemMessage(type: number | undefined): boolean {
  return type !== undefined && !USER_MESSAGE_TYPES.has(type);
}
