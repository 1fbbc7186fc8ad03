import type { ApplicationCommandModel } from "@chat/db";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { has, isThreadType, Permission } from "../../permissions";
import type { ChannelAccess } from "../shared/access";

/** Where commands can be used (spec: Application commands): guild text channels, voice channels' chats, threads. */
const COMMAND_CHANNEL_TYPES = new Set([0, 2, 5, 10, 11, 12]);

/**
 * Whether a person sees (and so may use) a command in a channel, given their permissions there
 * (spec: Command record): `nsfw` commands only in NSFW channels; `default_member_permissions`
 * all held (`0`: administrators only). Send Messages is checked apart (it hides every command).
 */
export function commandShownTo(
  command: { nsfw: boolean; defaultMemberPermissions: bigint | null },
  channelNsfw: boolean,
  permissions: bigint,
): boolean {
  if (command.nsfw && !channelNsfw) return false;
  const needed = command.defaultMemberPermissions;
  if (needed === null) return true;
  return needed === 0n ? has(permissions, Permission.Administrator) : has(permissions, needed);
}

/** Whether the channel counts as NSFW: a thread is as its parent. */
export async function channelIsNsfw(
  ctx: DomainContext,
  channel: { nsfw: boolean; type: number; parentId: bigint | null },
): Promise<boolean> {
  if (!isThreadType(channel.type) || channel.parentId === null) return channel.nsfw;
  const parent = await ctx.db.channel.findUnique({ where: { id: channel.parentId }, select: { nsfw: true } });
  return parent?.nsfw ?? false;
}

/** A guild channel commands are used in (a DM or a category is not). */
export function takesCommands(access: ChannelAccess): boolean {
  return access.guild !== null && COMMAND_CHANNEL_TYPES.has(access.channel.type);
}

/** Send Messages there (Send Messages in Threads inside a thread): everyone needs it to use any command. */
export function maySendCommands(access: ChannelAccess): boolean {
  const send = isThreadType(access.channel.type) ? Permission.SendMessagesInThreads : Permission.SendMessages;
  return has(access.permissions, Permission.ViewChannel | send);
}

/** A person may use commands in a channel: a guild channel that takes them, with Send Messages (in Threads). */
export function requireCommandChannel(access: ChannelAccess): void {
  if (!takesCommands(access)) throw Errors.wrongChannelType();
  if (!maySendCommands(access)) throw Errors.missingPermissions();
}

export interface UsableCommand {
  command: ApplicationCommandModel;
  application: { id: bigint; botUserId: bigint };
}

/**
 * The command `commandId` as the person may use it in the channel; anything they could not see
 * there answers 10063 Unknown application command: a command of another guild, of an
 * application whose bot is not in the guild, a global one a guild command of the same type and
 * name hides, an NSFW one outside NSFW channels, one needing permissions they lack.
 */
export async function usableCommand(
  ctx: DomainContext,
  access: ChannelAccess,
  commandId: bigint,
): Promise<UsableCommand> {
  const guildId = access.channel.guildId as bigint;
  const command = await ctx.db.applicationCommand.findUnique({ where: { id: commandId } });
  if (!command || (command.guildId !== null && command.guildId !== guildId)) throw Errors.unknownCommand();
  const application = await ctx.db.application.findUnique({
    where: { id: command.applicationId },
    select: { id: true, botUserId: true },
  });
  if (!application) throw Errors.unknownCommand();
  const [botMember, shadow] = await Promise.all([
    ctx.db.member.findUnique({
      where: { guildId_userId: { guildId, userId: application.botUserId } },
      select: { userId: true },
    }),
    command.guildId === null
      ? ctx.db.applicationCommand.findFirst({
          where: { applicationId: command.applicationId, guildId, type: command.type, name: command.name },
          select: { id: true },
        })
      : null,
  ]);
  if (!botMember || shadow) throw Errors.unknownCommand();
  if (!commandShownTo(command, await channelIsNsfw(ctx, access.channel), access.permissions))
    throw Errors.unknownCommand();
  return { command, application };
}
