import { ApiError, Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

/** Adding a bot to a guild (the consent page and `chatctl guild add-bot` both end here). */
describe("adding a bot to a guild", () => {
  const env = useTestServer({ world: false });

  async function guildWithModerator(moderatorPermissions: bigint) {
    const domain = env.t.server.ctx.domain;
    const owner = await env.t.seed.person();
    const moderator = await env.t.seed.person();
    const guild = await env.t.seed.guild(owner.id);
    await domain.members.addPerson(guild.id, moderator.id);
    const db = env.t.server.ctx.database.prisma;
    const high = await db.role.create({ data: { guildId: guild.id, name: "high", position: 2 } });
    const mod = await db.role.create({
      data: { guildId: guild.id, name: "mod", position: 1, permissions: moderatorPermissions },
    });
    await db.memberRole.create({ data: { guildId: guild.id, userId: moderator.id, roleId: mod.id } });
    const app = await env.t.seed.app(owner.id);
    return { domain, db, owner, moderator, guild, app, high, mod };
  }

  it("refuses someone without Manage Guild", async () => {
    const { domain, moderator, guild, app } = await guildWithModerator(Permission.ViewChannel);
    await expect(
      domain.members.addBot(moderator.id, guild.id, app.application.id, Permission.ViewChannel),
    ).rejects.toMatchObject({ code: 50013 });
  });

  it("refuses to grant the bot a permission the inviter does not hold, and writes nothing", async () => {
    const { domain, db, moderator, guild, app } = await guildWithModerator(
      Permission.ManageGuild | Permission.ViewChannel,
    );
    const attempt = domain.members.addBot(moderator.id, guild.id, app.application.id, Permission.Administrator);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 403, code: 50013 });
    expect(await db.member.count({ where: { guildId: guild.id, userId: app.botUser.id } })).toBe(0);
    expect(await db.role.count({ where: { guildId: guild.id, botApplicationId: app.application.id } })).toBe(0);
  });

  it("places the bot's role just below the inviter's highest role, and at the top when the owner invites", async () => {
    const { domain, db, owner, moderator, guild, app, high, mod } = await guildWithModerator(
      Permission.ManageGuild | Permission.ViewChannel | Permission.SendMessages,
    );
    await domain.members.addBot(
      moderator.id,
      guild.id,
      app.application.id,
      Permission.ViewChannel | Permission.SendMessages,
    );
    const botRole = await db.role.findFirstOrThrow({
      where: { guildId: guild.id, botApplicationId: app.application.id },
    });
    const positions = async () =>
      Object.fromEntries(
        (await db.role.findMany({ where: { guildId: guild.id } })).map((r) => [r.id.toString(), r.position]),
      );
    const after = await positions();
    expect(after[botRole.id.toString()]).toBeLessThan(after[mod.id.toString()] as number);
    expect(after[mod.id.toString()]).toBeLessThan(after[high.id.toString()] as number);
    expect(after[guild.id.toString()]).toBe(0);

    const second = await env.t.seed.app(owner.id);
    await domain.members.addBot(owner.id, guild.id, second.application.id, Permission.Administrator);
    const ownerBotRole = await db.role.findFirstOrThrow({
      where: { guildId: guild.id, botApplicationId: second.application.id },
    });
    expect(ownerBotRole.position).toBeGreaterThan(Math.max(...Object.values(after)));
  });

  it("returns the existing member when the bot is added again", async () => {
    const { domain, owner, guild, app } = await guildWithModerator(0n);
    const first = await domain.members.addBot(owner.id, guild.id, app.application.id, Permission.ViewChannel);
    const again = await domain.members.addBot(owner.id, guild.id, app.application.id, Permission.ViewChannel);
    expect(again.userId).toBe(first.userId);
  });
});
