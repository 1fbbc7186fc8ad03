import { Permission } from "@chat/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { commandsPath, contextMenu, slash, type WireCommand } from "./rest-commands-fixtures";
import { type BotClient, botClient, expectError, type World } from "../../support/rest-fixtures";

const slashes = (n: number, prefix = "cmd") => Array.from({ length: n }, (_, i) => slash(`${prefix}${i}`));
const menus = (type: 2 | 3, n: number) => Array.from({ length: n }, (_, i) => contextMenu(type, `Menu ${i}`));

// Rate limits off: filling a scope takes many requests; the global limit has its own tests.
const env = useTestServer({ server: { rateLimits: false }, world: false });

describe("command count limits (30032)", () => {
  let world: World;
  let bot: BotClient;
  const ids = async (path: string) =>
    ((await (await bot.get(path)).json()) as WireCommand[]).map((c) => `${c.id}:${c.version}`).sort();

  beforeEach(async () => {
    world = await env.t.seed.world();
    bot = botClient(env.t, world.token);
  });

  for (const scope of ["global", "guild"] as const) {
    const path = () => commandsPath(world, scope === "guild" ? world.guild.id : null);

    it(`${scope}: the 101st slash command is refused; replacing one at the limit is not`, async () => {
      expect((await bot.put(path(), slashes(100))).status).toBe(200);
      await expectError(await bot.post(path(), slash("one-too-many")), 400, 30032);
      expect((await bot.post(path(), slash("cmd7", { description: "replaced" }))).status).toBe(200);
      expect((await bot.post(path(), contextMenu(2, "Still room"))).status).toBe(201);
      expect(await ids(path())).toHaveLength(101);
    });

    it(`${scope}: the 6th user command and the 6th message command are refused`, async () => {
      expect((await bot.put(path(), [...menus(2, 5), ...menus(3, 5)])).status).toBe(200);
      await expectError(await bot.post(path(), contextMenu(2, "Sixth")), 400, 30032);
      await expectError(await bot.post(path(), contextMenu(3, "Sixth")), 400, 30032);
      expect((await bot.post(path(), slash("slash-still-fits"))).status).toBe(201);
      expect(await ids(path())).toHaveLength(11);
    });

    it(`${scope}: a bulk overwrite past a limit, or with one invalid entry, changes nothing`, async () => {
      await bot.put(path(), [slash("keep"), contextMenu(2, "Keep")]);
      const before = await ids(path());
      for (const list of [
        slashes(101),
        menus(2, 6),
        menus(3, 6),
        [...slashes(100), ...menus(2, 5), ...menus(3, 5), contextMenu(3, "One more")],
      ]) {
        await expectError(await bot.put(path(), list), 400, 30032);
      }
      await expectError(
        await bot.put(path(), [slash("keep", { description: "changed" }), slash("new"), slash("Invalid")]),
        400,
        50035,
      );
      expect(await ids(path())).toEqual(before);
      expect(
        ((await (await bot.get(path())).json()) as WireCommand[]).find((c) => c.name === "keep")?.description,
      ).toBe("the keep command");
    });
  }

  it("counts global commands and each guild's apart, and each application apart", async () => {
    expect((await bot.put(commandsPath(world), [...slashes(100), ...menus(2, 5), ...menus(3, 5)])).status).toBe(200);
    expect(
      (await bot.put(commandsPath(world, world.guild.id), [...slashes(100), ...menus(2, 5), ...menus(3, 5)])).status,
    ).toBe(200);
    const other = await env.t.seed.bot(world, 0n);
    const otherBot = botClient(env.t, other.botToken);
    expect((await otherBot.post(`/applications/${other.application.id}/commands`, slash("cmd0"))).status).toBe(201);
    expect(
      (await otherBot.post(`/applications/${other.application.id}/guilds/${world.guild.id}/commands`, slash("cmd0")))
        .status,
    ).toBe(201);
  });
});

describe("a bot's guild commands go when it leaves the guild", () => {
  let world: World;
  let bot: BotClient;
  /** Another bot staying in the guild, with commands of its own there. */
  let stayer: BotClient;
  let stayerPath: string;
  const db = () => env.t.server.ctx.database.prisma;
  const guildCommandsOf = (applicationId: bigint) =>
    db().applicationCommand.count({ where: { applicationId, guildId: world.guild.id } });

  beforeEach(async () => {
    world = await env.t.seed.world();
    bot = botClient(env.t, world.token);
    const other = await env.t.seed.bot(world, Permission.KickMembers | Permission.BanMembers);
    stayer = botClient(env.t, other.botToken);
    stayerPath = `/applications/${other.application.id}/guilds/${world.guild.id}/commands`;
    expect((await bot.put(commandsPath(world, world.guild.id), [slash("here"), contextMenu(2, "Here")])).status).toBe(
      200,
    );
    expect((await bot.post(commandsPath(world), slash("everywhere"))).status).toBe(201);
    expect((await stayer.post(stayerPath, slash("stays"))).status).toBe(201);
  });

  /** After the bot's membership ended: its guild commands are gone, its global ones and the other bot's stay. */
  async function expectOnlyGuildCommandsGone() {
    expect(await guildCommandsOf(world.app.application.id)).toBe(0);
    expect(
      await db().applicationCommand.count({ where: { applicationId: world.app.application.id, guildId: null } }),
    ).toBe(1);
    expect(((await (await stayer.get(stayerPath)).json()) as WireCommand[]).map((c) => c.name)).toEqual(["stays"]);
    await expectError(await bot.get(commandsPath(world, world.guild.id)), 403, 50001);
  }

  it("when it leaves (DELETE /users/@me/guilds/{guild})", async () => {
    expect((await bot.delete(`/users/@me/guilds/${world.guild.id}`)).status).toBe(204);
    await expectOnlyGuildCommandsGone();
  });

  it("when it is kicked, and they stay gone when it is added back", async () => {
    expect((await stayer.delete(`/guilds/${world.guild.id}/members/${world.botUserId}`)).status).toBe(204);
    await expectOnlyGuildCommandsGone();
    await env.t.server.ctx.domain.members.addBot(world.owner.id, world.guild.id, world.app.application.id, 0n);
    expect(await (await bot.get(commandsPath(world, world.guild.id))).json()).toEqual([]);
  });

  it("when it is banned", async () => {
    expect((await stayer.put(`/guilds/${world.guild.id}/bans/${world.botUserId}`, {})).status).toBe(204);
    await expectOnlyGuildCommandsGone();
  });

  it("when the guild is deleted, with every bot's commands there", async () => {
    await env.t.server.ctx.domain.guildSettings.remove(world.owner.id, world.guild.id);
    expect(await db().applicationCommand.count({ where: { guildId: world.guild.id } })).toBe(0);
    expect(await db().applicationCommand.count({ where: { applicationId: world.app.application.id } })).toBe(1);
  });
});
