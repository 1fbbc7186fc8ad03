import type { Prisma } from "@chat/db";

/**
 * A bot's commands in a guild go away when it leaves it (spec: Application commands): called
 * in the same transaction as the removal of `userId`'s membership (leave, kick, ban). A person
 * has no commands, so for them it deletes nothing. Application and guild deletion cascade.
 */
export async function removeGuildCommandsOf(
  tx: Prisma.TransactionClient,
  guildId: bigint,
  userId: bigint,
): Promise<void> {
  await tx.applicationCommand.deleteMany({ where: { guildId, application: { botUserId: userId } } });
}
