import type { DomainContext } from "../../context";
import { has, Permission } from "../../permissions";
import type { AllowedMentionsInput } from "../../validation";
import type { ChannelAccess } from "../shared/access";

export interface Mentions {
  userIds: bigint[];
  roleIds: bigint[];
  channelIds: bigint[];
  everyone: boolean;
}

const idsIn = (content: string, pattern: RegExp) =>
  [...new Set([...content.matchAll(pattern)].map((m) => BigInt(m[1] as string)))].slice(0, 100);

/**
 * What a message's content mentions, as the reference platform decides it:
 * - `<@user>`: members of the guild (or the DM's recipients);
 * - `<@&role>`: roles of the guild that are mentionable, or any when the author holds Mention Everyone;
 * - `@everyone` / `@here`: only when the author holds Mention Everyone in the channel;
 * - `<#channel>`: channels of the same guild (stored only).
 * Without `allowed_mentions` everything written is mentioned; with it, only what it allows:
 * `parse` kinds, or the listed `users` / `roles` (which must also be written in the content).
 */
export async function resolveMentions(
  ctx: DomainContext,
  access: ChannelAccess,
  content: string,
  allowed: AllowedMentionsInput | null | undefined,
): Promise<Mentions> {
  const parse = (kind: "users" | "roles" | "everyone") => !allowed || (allowed.parse?.includes(kind) ?? false);
  const listed = (list: bigint[] | undefined, id: bigint) => list?.includes(id) ?? false;
  const guildId = access.channel.guildId;

  const userCandidates = idsIn(content, /<@!?([0-9]{1,19})>/g).filter(
    (id) => parse("users") || listed(allowed?.users, id),
  );
  const roleCandidates = guildId
    ? idsIn(content, /<@&([0-9]{1,19})>/g).filter(
        (id) => id !== guildId && (parse("roles") || listed(allowed?.roles, id)),
      )
    : [];
  const channelCandidates = guildId ? idsIn(content, /<#([0-9]{1,19})>/g) : [];

  const [userIds, roleIds, channelIds] = await Promise.all([
    mentionableUsers(ctx, access, userCandidates),
    roleCandidates.length === 0
      ? []
      : ctx.db.role
          .findMany({
            where: {
              guildId: guildId as bigint,
              id: { in: roleCandidates },
              ...(has(access.permissions, Permission.MentionEveryone) ? {} : { mentionable: true }),
            },
            select: { id: true },
          })
          .then((rows) => rows.map((r) => r.id)),
    channelCandidates.length === 0
      ? []
      : ctx.db.channel
          .findMany({ where: { guildId: guildId as bigint, id: { in: channelCandidates } }, select: { id: true } })
          .then((rows) => rows.map((c) => c.id)),
  ]);
  const everyone =
    guildId !== null &&
    /@(everyone|here)/.test(content) &&
    parse("everyone") &&
    has(access.permissions, Permission.MentionEveryone);
  // Keep the order they were written in.
  const inOrder = (candidates: bigint[], found: bigint[]) => candidates.filter((id) => found.includes(id));
  return {
    userIds: inOrder(userCandidates, userIds),
    roleIds: inOrder(roleCandidates, roleIds),
    channelIds: inOrder(channelCandidates, channelIds),
    everyone,
  };
}

async function mentionableUsers(ctx: DomainContext, access: ChannelAccess, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  if (access.channel.guildId) {
    const members = await ctx.db.member.findMany({
      where: { guildId: access.channel.guildId, userId: { in: ids } },
      select: { userId: true },
    });
    return members.map((m) => m.userId);
  }
  const recipients = await ctx.db.dmRecipient.findMany({
    where: { channelId: access.channel.id, userId: { in: ids } },
    select: { userId: true },
  });
  return recipients.map((r) => r.userId);
}

/**
 * Whether a reply pings the replied-to author: by default yes (unless they are the author);
 * once `allowed_mentions` is given, only with `replied_user: true`.
 */
export function mentionsRepliedUser(
  allowed: AllowedMentionsInput | null | undefined,
  repliedAuthorId: bigint,
  authorId: bigint,
): boolean {
  if (repliedAuthorId === authorId) return false;
  return !allowed || allowed.replied_user === true;
}
