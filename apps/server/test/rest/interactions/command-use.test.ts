import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";
import { type InteractionWorld, interactionWorld } from "./interaction-fixtures";

/**
 * Who may use which command where (spec: Application commands, Command record): guild text
 * channels, voice chats and threads; Send Messages there; default_member_permissions; nsfw only
 * in NSFW channels; a guild command hides a global one of the same type and name; the command's
 * bot must be in the guild. What the person could not see answers 10063.
 */
describe("using a command", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
  });

  const use = (
    commandId: string,
    extra: { userId?: bigint; channelId?: bigint; targetId?: bigint; options?: unknown[] } = {},
  ) =>
    w.domain.interactions.useCommand(extra.userId ?? w.member.id, {
      channelId: extra.channelId ?? w.text.id,
      commandId: BigInt(commandId),
      targetId: extra.targetId,
      options: extra.options as never,
    });
  const global = async (body: Record<string, unknown>) => {
    const res = await w.bot.post(`/applications/${w.app.application.id}/commands`, body);
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };

  it("works in a text channel, a voice channel's chat and a thread", async () => {
    const command = await w.command({ name: "anywhere", description: "d" });
    await expect(use(command.id)).resolves.toMatchObject({ id: expect.any(String) });
    await expect(use(command.id, { channelId: w.voice.id })).resolves.toMatchObject({ id: expect.any(String) });
    const thread = await w.domain.threads.create(w.text.id, w.owner.id, { name: "talk" });
    await expect(use(command.id, { channelId: BigInt(thread.id) })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("answers 10003 in a channel the person cannot see and 10063 for an unknown command", async () => {
    const command = await w.command({ name: "seen", description: "d" });
    const f = fixtures(env.t);
    const secret = await f.channel(w.guild.id, { name: "private" });
    await f.hideFromEveryone(secret.id, w.guild.id);
    await expect(use(command.id, { channelId: secret.id })).rejects.toMatchObject({ code: 10003 });
    await expect(use("987654321")).rejects.toMatchObject({ code: 10063 });
  });

  it("needs Send Messages in the channel (50013)", async () => {
    const command = await w.command({ name: "talk", description: "d" });
    const f = fixtures(env.t);
    const readOnly = await f.channel(w.guild.id, { name: "announcements" });
    await f.overwrite(readOnly.id, w.guild.id, { deny: Permission.SendMessages });
    await expect(use(command.id, { channelId: readOnly.id })).rejects.toMatchObject({ code: 50013 });
    await expect(use(command.id, { channelId: readOnly.id, userId: w.owner.id })).resolves.toMatchObject({
      id: expect.any(String),
    });
  });

  it('keeps default_member_permissions: all listed bits needed, "0" for administrators only', async () => {
    const managers = await w.command({
      name: "manage",
      description: "d",
      default_member_permissions: String(Permission.ManageGuild),
    });
    const admins = await w.command({ name: "admins", description: "d", default_member_permissions: "0" });
    await expect(use(managers.id)).rejects.toMatchObject({ code: 10063 });
    await expect(use(admins.id)).rejects.toMatchObject({ code: 10063 });
    await expect(use(managers.id, { userId: w.owner.id })).resolves.toMatchObject({ id: expect.any(String) });
    await expect(use(admins.id, { userId: w.owner.id })).resolves.toMatchObject({ id: expect.any(String) });
    const role = await w.domain.roles.create(w.owner.id, w.guild.id, {
      name: "managers",
      permissions: String(Permission.ManageGuild),
    });
    await w.domain.memberRoles.addRole(w.owner.id, w.guild.id, w.member.id, BigInt(role.id));
    await expect(use(managers.id)).resolves.toMatchObject({ id: expect.any(String) });
    await expect(use(admins.id)).rejects.toMatchObject({ code: 10063 });
  });

  it("shows nsfw commands only in NSFW channels (and threads of them)", async () => {
    const command = await w.command({ name: "spicy", description: "d", nsfw: true });
    await expect(use(command.id)).rejects.toMatchObject({ code: 10063 });
    const nsfw = await env.t.server.ctx.database.prisma.channel.create({
      data: { guildId: w.guild.id, type: 0, name: "after-dark", nsfw: true, position: 9 },
    });
    await expect(use(command.id, { channelId: nsfw.id })).resolves.toMatchObject({ id: expect.any(String) });
    const thread = await w.domain.threads.create(nsfw.id, w.owner.id, { name: "late" });
    await expect(use(command.id, { channelId: BigInt(thread.id) })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("hides a global command behind a guild command of the same type and name; other global ones work", async () => {
    const hiddenGlobal = await global({ name: "stats", description: "global" });
    const shownGlobal = await global({ name: "help", description: "global" });
    await w.command({ name: "stats", description: "guild" });
    await expect(use(hiddenGlobal.id)).rejects.toMatchObject({ code: 10063 });
    await expect(use(shownGlobal.id)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("answers 10063 for a command of another guild, or of an application whose bot is not in the guild", async () => {
    const other = await interactionWorld(env.t);
    const elsewhere = await other.command({ name: "theirs", description: "d" });
    await expect(use(elsewhere.id)).rejects.toMatchObject({ code: 10063 });
    const res = await other.bot.post(`/applications/${other.app.application.id}/commands`, {
      name: "roaming",
      description: "d",
    });
    const roaming = (await res.json()) as { id: string };
    await expect(use(roaming.id)).rejects.toMatchObject({ code: 10063 });
  });

  it("refuses a DM channel (50024)", async () => {
    const command = await w.command({ name: "dm", description: "d" });
    const dm = await env.t.server.ctx.database.prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: w.member.id }, { userId: w.botUserId }] } },
    });
    await expect(use(command.id, { channelId: dm.id })).rejects.toMatchObject({ code: 50024 });
  });

  it("needs a member target for a user command (10013), a message of the channel for a message command (10008), none for a slash command", async () => {
    const profile = await w.command({ type: 2, name: "Profile" });
    const quote = await w.command({ type: 3, name: "Quote" });
    const slash = await w.command({ name: "plain", description: "d" });
    const outsider = await env.t.seed.person();
    await expect(use(profile.id)).rejects.toMatchObject({ code: 50035, errors: { target_id: expect.anything() } });
    await expect(use(profile.id, { targetId: outsider.id })).rejects.toMatchObject({ code: 10013 });
    await expect(
      use(profile.id, { targetId: w.owner.id, options: [{ name: "x", type: 3, value: "y" }] }),
    ).rejects.toMatchObject({ code: 50035 });
    await expect(use(quote.id, { targetId: 123456789n })).rejects.toMatchObject({ code: 10008 });
    const elsewhere = await w.domain.messages.create(w.voice.id, w.owner.id, { content: "in voice chat" });
    await expect(use(quote.id, { targetId: BigInt(elsewhere.id) })).rejects.toMatchObject({ code: 10008 });
    await expect(use(slash.id, { targetId: w.owner.id })).rejects.toMatchObject({
      code: 50035,
      errors: { target_id: expect.anything() },
    });
  });

  it("answers 10008 for a message command on the channel's history when the person may not read it", async () => {
    const quote = await w.command({ type: 3, name: "Quote past" });
    const f = fixtures(env.t);
    const archive = await f.channel(w.guild.id, { name: "archive" });
    const old = await w.domain.messages.create(archive.id, w.owner.id, { content: "secret from before" });
    await expect(use(quote.id, { channelId: archive.id, targetId: BigInt(old.id) })).resolves.toMatchObject({
      id: expect.any(String),
    });
    await f.overwrite(archive.id, w.guild.id, { deny: Permission.ReadMessageHistory });
    await expect(use(quote.id, { channelId: archive.id, targetId: BigInt(old.id) })).rejects.toMatchObject({
      code: 10008,
    });
  });
});
