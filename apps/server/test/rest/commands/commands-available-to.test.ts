import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures, type World } from "../../support/rest-fixtures";
import { commandsPath, contextMenu, slash } from "./rest-commands-fixtures";

/**
 * domain.commands.availableTo: the commands a person may use in a channel (the web app's
 * picker and Apps menus), by the spec's rules (Command record, Application commands).
 */
describe("the commands a person may use in a channel", () => {
  const env = useTestServer();
  const domain = () => env.t.server.ctx.domain;
  let world: World;
  let member: { id: bigint };

  /** Registers commands through the bot's REST API, as a bot does. */
  async function register(body: unknown[], guild?: bigint) {
    const res = await env.bot.put(commandsPath(world, guild), body);
    expect(res.status).toBe(200);
  }

  /** Names of the commands `userId` may use in `channelId`, per application name. */
  async function namesFor(userId: bigint, channelId: bigint) {
    const groups = await domain().commands.availableTo(userId, channelId);
    return Object.fromEntries(groups.map((g) => [g.application.name, g.commands.map((c) => `${c.type}:${c.name}`)]));
  }

  async function roleWith(permissions: bigint, userId: bigint) {
    const role = await domain().roles.create(world.owner.id, world.guild.id, {
      name: `r${permissions}`,
      permissions: permissions.toString(),
    });
    await domain().memberRoles.addRole(world.owner.id, world.guild.id, userId, BigInt(role.id));
  }

  beforeAll(async () => {
    world = env.world;
    member = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, member.id);
  });

  it("lists a member bot's global and guild commands grouped by its application, with its name and picture hash", async () => {
    await register([slash("ping"), contextMenu(2, "Wave"), contextMenu(3, "Quote")]);
    await register([slash("setup")], world.guild.id);
    const groups = await domain().commands.availableTo(member.id, world.text.id);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.application).toEqual({
      id: world.app.application.id,
      name: world.app.application.name,
      iconHash: null,
      botUserId: world.botUserId,
    });
    // By type, then name; the wire shape of each command.
    expect(groups[0]?.commands.map((c) => [c.type, c.name])).toEqual([
      [1, "ping"],
      [1, "setup"],
      [2, "Wave"],
      [3, "Quote"],
    ]);
    expect(groups[0]?.commands[1]).toMatchObject({
      guild_id: world.guild.id.toString(),
      application_id: world.app.application.id.toString(),
    });
  });

  it("leaves out the commands of bots that are not members of the guild", async () => {
    const outsider = await env.t.seed.app(world.owner.id, "Outsider Bot");
    await domain().commands.overwrite(
      { applicationId: outsider.application.id, botUserId: outsider.botUser.id, guildId: null },
      [slash("elsewhere")],
    );
    expect(Object.keys(await namesFor(member.id, world.text.id))).toEqual([world.app.application.name]);
  });

  it("a guild command hides the global command of the same type and name, not one of another type", async () => {
    await register([slash("ping", { description: "global ping" }), slash("echo"), contextMenu(2, "echo")]);
    await register([slash("ping", { description: "guild ping" })], world.guild.id);
    const groups = await domain().commands.availableTo(member.id, world.text.id);
    const commands = groups[0]?.commands ?? [];
    expect(commands.map((c) => `${c.type}:${c.name}`)).toEqual(["1:echo", "1:ping", "2:echo"]);
    expect(commands.find((c) => c.name === "ping")).toMatchObject({
      description: "guild ping",
      guild_id: world.guild.id.toString(),
    });
    await register([], world.guild.id);
  });

  it("a guild command of another application hides nothing", async () => {
    const other = await env.t.seed.bot(world, Permission.ViewChannel | Permission.SendMessages);
    await domain().commands.overwrite(
      { applicationId: other.application.id, botUserId: other.botUser.id, guildId: world.guild.id },
      [slash("ping")],
    );
    const names = await namesFor(member.id, world.text.id);
    expect(names[world.app.application.name]).toContain("1:ping");
    expect(names[other.application.name]).toEqual(["1:ping"]);
    await domain().members.kick(world.owner.id, world.guild.id, other.botUser.id);
  });

  it("sorts applications by name", async () => {
    const zeta = await env.t.seed.app(world.owner.id, "Zeta Bot");
    const alpha = await env.t.seed.app(world.owner.id, "Alpha Bot");
    for (const app of [zeta, alpha]) {
      await domain().members.addBot(world.owner.id, world.guild.id, app.application.id, Permission.ViewChannel);
      await domain().commands.overwrite(
        { applicationId: app.application.id, botUserId: app.botUser.id, guildId: null },
        [slash("hello")],
      );
    }
    const names = (await domain().commands.availableTo(member.id, world.text.id)).map((g) => g.application.name);
    expect(names.indexOf("Alpha Bot")).toBeLessThan(names.indexOf("Zeta Bot"));
    for (const app of [zeta, alpha]) await domain().members.kick(world.owner.id, world.guild.id, app.botUser.id);
  });

  it("shows nothing without Send Messages in the channel", async () => {
    await register([slash("ping")]);
    const muted = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, muted.id);
    expect(await namesFor(muted.id, world.text.id)).not.toEqual({});
    await fixtures(env.t).overwrite(world.text.id, muted.id, { deny: Permission.SendMessages }, 1);
    expect(await namesFor(muted.id, world.text.id)).toEqual({});
  });

  it("in a thread, Send Messages in Threads is what counts", async () => {
    await register([slash("ping")]);
    const writer = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, writer.id);
    const thread = await domain().threads.create(world.text.id, world.owner.id, { name: "a thread", type: 11 });
    const threadId = BigInt(thread.id);
    await fixtures(env.t).overwrite(world.text.id, writer.id, { deny: Permission.SendMessages }, 1);
    expect(await namesFor(writer.id, threadId)).toEqual({ [world.app.application.name]: ["1:ping"] });
    await fixtures(env.t).overwrite(world.text.id, world.guild.id, { deny: Permission.SendMessagesInThreads });
    expect(await namesFor(writer.id, threadId)).toEqual({});
    await env.t.server.ctx.database.prisma.permissionOverwrite.deleteMany({ where: { channelId: world.text.id } });
  });

  it("default_member_permissions: the person needs every listed bit in the channel", async () => {
    const bits = Permission.ManageMessages | Permission.KickMembers;
    await register([slash("ping"), slash("purge", { default_member_permissions: bits.toString() })]);
    const moderator = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, moderator.id);
    expect(await namesFor(moderator.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    await roleWith(Permission.ManageMessages, moderator.id);
    expect(await namesFor(moderator.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    await roleWith(Permission.KickMembers, moderator.id);
    expect(await namesFor(moderator.id, world.text.id)).toEqual({
      [world.app.application.name]: ["1:ping", "1:purge"],
    });
    // A channel overwrite taking one bit away hides it there.
    await fixtures(env.t).overwrite(world.text.id, moderator.id, { deny: Permission.ManageMessages }, 1);
    expect(await namesFor(moderator.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
  });

  it('default_member_permissions "0": administrators (and the owner) only', async () => {
    await register([slash("ping"), slash("admin", { default_member_permissions: "0" })]);
    expect(await namesFor(member.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    expect(await namesFor(world.owner.id, world.text.id)).toEqual({
      [world.app.application.name]: ["1:admin", "1:ping"],
    });
    const admin = await env.t.seed.person();
    await domain().members.addPerson(world.guild.id, admin.id);
    await roleWith(Permission.ManageGuild | Permission.BanMembers, admin.id);
    expect(await namesFor(admin.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    await roleWith(Permission.Administrator, admin.id);
    expect(await namesFor(admin.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:admin", "1:ping"] });
  });

  it("default_member_permissions null: everyone who may send", async () => {
    await register([slash("ping", { default_member_permissions: null })]);
    expect(await namesFor(member.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
  });

  it("an nsfw command shows only in NSFW channels and their threads", async () => {
    await register([slash("ping"), slash("spicy", { nsfw: true })]);
    expect(await namesFor(member.id, world.text.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    const nsfw = await domain().channels.create(world.guild.id, world.owner.id, {
      name: "after-dark",
      type: 0,
      nsfw: true,
    });
    const nsfwId = BigInt(nsfw.id);
    expect(await namesFor(member.id, nsfwId)).toEqual({ [world.app.application.name]: ["1:ping", "1:spicy"] });
    const thread = await domain().threads.create(nsfwId, world.owner.id, { name: "late", type: 11 });
    expect(await namesFor(member.id, BigInt(thread.id))).toEqual({
      [world.app.application.name]: ["1:ping", "1:spicy"],
    });
  });

  it("also in a voice channel's chat; none in a category, and a hidden channel is Unknown Channel", async () => {
    await register([slash("ping")]);
    expect(await namesFor(member.id, world.voice.id)).toEqual({ [world.app.application.name]: ["1:ping"] });
    const category = await fixtures(env.t).channel(world.guild.id, { name: "stuff", type: 4 });
    expect(await domain().commands.availableTo(member.id, category.id)).toEqual([]);
    const secret = await fixtures(env.t).channel(world.guild.id, { name: "secret" });
    await fixtures(env.t).hideFromEveryone(secret.id, world.guild.id);
    await expect(domain().commands.availableTo(member.id, secret.id)).rejects.toMatchObject({
      status: 404,
      code: 10003,
    });
    const stranger = await env.t.seed.person();
    await expect(domain().commands.availableTo(stranger.id, world.text.id)).rejects.toMatchObject({
      status: 404,
      code: 10003,
    });
  });

  it("none in a DM", async () => {
    const dm = await domain().directMessages.open(world.botUserId, { recipient_id: member.id.toString() });
    expect(await domain().commands.availableTo(member.id, BigInt(dm.id))).toEqual([]);
  });

  it("a bot that leaves takes its commands with it", async () => {
    const leaving = await env.t.seed.bot(world, Permission.ViewChannel);
    await domain().commands.overwrite(
      { applicationId: leaving.application.id, botUserId: leaving.botUser.id, guildId: null },
      [slash("bye")],
    );
    expect(Object.keys(await namesFor(member.id, world.text.id))).toContain(leaving.application.name);
    await domain().members.kick(world.owner.id, world.guild.id, leaving.botUser.id);
    expect(Object.keys(await namesFor(member.id, world.text.id))).not.toContain(leaving.application.name);
  });
});
