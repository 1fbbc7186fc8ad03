import { randomBytes } from "node:crypto";
import { Permission } from "@chat/domain";
import { createServerContext, type ServerContext } from "../../src/context";
import type { TestStorage } from "../../test/support/test-server";

/** A guild with one text channel, its owner, and bots in it that may read and send there. */
export interface CampaignWorld {
  guildId: bigint;
  channelId: bigint;
  ownerId: bigint;
  /** Bot tokens by the names asked for. */
  tokens: Record<string, string>;
}

/**
 * Writes the world into `storage` before any node runs (the embedded database has one owner
 * at a time: this process, then the nodes).
 */
export async function seedWorld(storage: TestStorage, botNames: string[]): Promise<CampaignWorld> {
  const ctx = await createServerContext({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    embeddedPort: 0,
    redisUrl: storage.redisUrl,
    redisNamespace: storage.redisNamespace,
  });
  try {
    const { domain } = ctx;
    const owner = await domain.users.createPerson({
      username: `owner_${randomBytes(3).toString("hex")}`,
      passwordHash: "not-a-login",
    });
    const guild = await domain.guilds.create(owner.id, "Campaign");
    const permissions =
      Permission.ViewChannel |
      Permission.SendMessages |
      Permission.ReadMessageHistory |
      Permission.EmbedLinks |
      Permission.AttachFiles;
    const tokens: Record<string, string> = {};
    for (const name of botNames) {
      const app = await domain.applications.create(owner.id, name);
      await domain.members.addBot(owner.id, guild.id, app.application.id, permissions);
      tokens[name] = app.botToken;
    }
    const channelId = guild.channels.find((c) => c.type === 0)?.id as bigint;
    return { guildId: guild.id, channelId, ownerId: owner.id, tokens };
  } finally {
    await closeContext(ctx);
  }
}

/** Closes a context a campaign opened beside its nodes (its stores, bus and database). */
export async function closeContext(ctx: ServerContext): Promise<void> {
  await ctx.presence.close();
  await ctx.shortLived.close();
  await ctx.rateLimits?.close();
  await ctx.bus.close();
  await ctx.database.close();
}
