import type { MessageView } from "@chat/api/views";

/** Whether the message mentions this person: by name, by one of their roles, or `@everyone`/`@here` when it counted. */
export function mentionsMe(
  message: Pick<MessageView, "mentions" | "mentionRoleIds" | "mentionEveryone">,
  meId: string | null,
  myRoleIds: ReadonlySet<string>,
): boolean {
  if (!meId) return false;
  return (
    message.mentionEveryone ||
    message.mentions.some((u) => u.id === meId) ||
    message.mentionRoleIds.some((id) => myRoleIds.has(id))
  );
}
