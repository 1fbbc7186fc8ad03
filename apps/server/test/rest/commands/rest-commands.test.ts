import { beforeEach, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import {
  commandsPath,
  conforming,
  contextMenu,
  expectFieldError,
  slash,
  templates,
  type WireCommand,
} from "./rest-commands-fixtures";
import { type BotClient, botClient, expectError, type World } from "../../support/rest-fixtures";

describe("application commands over REST", () => {
  const env = useTestServer({ world: false });
  let world: World;
  let bot: BotClient;
  let global: string;
  let guild: string;
  const global$ = templates(false);
  const guild$ = templates(true);

  // A world of its own for every test: commands are counted and named per application.
  beforeEach(async () => {
    world = await env.t.seed.world();
    bot = botClient(env.t, world.token);
    global = commandsPath(world);
    guild = commandsPath(world, world.guild.id);
  });

  describe("POST", () => {
    it("creates a global slash command: 201 with the whole record, type 1 by default, usable in guilds only", async () => {
      const command = await conforming(
        await bot.post(global, slash("ping", { options: [{ type: 3, name: "text", description: "what to say" }] })),
        "post",
        global$.list,
        201,
      );
      expect(command).toEqual({
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        type: 1,
        application_id: world.app.application.id.toString(),
        name: "ping",
        name_localizations: null,
        description: "the ping command",
        description_localizations: null,
        options: [{ type: 3, name: "text", description: "what to say" }],
        default_member_permissions: null,
        dm_permission: false,
        nsfw: false,
        contexts: [0],
        integration_types: [0],
        version: expect.stringMatching(/^[1-9][0-9]*$/),
      });
    });

    it("answers 200 with the same id when it replaces the command of the same type and name; another type is another command", async () => {
      const first = await conforming(await bot.post(global, slash("echo")), "post", global$.list, 201);
      const replaced = await conforming(
        await bot.post(global, slash("echo", { description: "new words" })),
        "post",
        global$.list,
        200,
      );
      expect(replaced).toMatchObject({ id: first.id, description: "new words" });
      expect(BigInt(replaced.version)).toBeGreaterThan(BigInt(first.version));
      const sameAgain = await conforming(
        await bot.post(global, slash("echo", { description: "new words" })),
        "post",
        global$.list,
        200,
      );
      expect(sameAgain).toEqual(replaced);
      const user = await conforming(await bot.post(global, contextMenu(2, "echo")), "post", global$.list, 201);
      expect(user.id).not.toBe(first.id);
      expect(user).toMatchObject({ type: 2, name: "echo", description: "" });
      expect(user).not.toHaveProperty("options");
      expect((await (await bot.get(global)).json()).map((c: WireCommand) => c.id)).toEqual([first.id, user.id]);
    });

    it("makes one command of concurrent POSTs of one type and name: one 201, the others 200 with its id", async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => bot.post(global, slash("race"))));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
      const bodies = await Promise.all(answers.map((res) => res.json()));
      expect(new Set(bodies.map((c: WireCommand) => c.id)).size).toBe(1);
      expect(await (await bot.get(global)).json()).toHaveLength(1);
    });

    it('keeps default_member_permissions (string or integer, "0" for administrators only), nsfw and localisations', async () => {
      const body = slash("mod", {
        default_member_permissions: "8192",
        nsfw: true,
        name_localizations: { fr: "modérer", de: "moderieren" },
        description_localizations: { fr: "modérer le salon" },
      });
      const command = await conforming(await bot.post(global, body), "post", global$.list, 201);
      expect(command).toMatchObject({
        default_member_permissions: "8192",
        nsfw: true,
        name_localizations: body.name_localizations,
        description_localizations: body.description_localizations,
      });
      expect(await (await bot.post(global, slash("admin", { default_member_permissions: "0" }))).json()).toMatchObject({
        default_member_permissions: "0",
      });
      expect(await (await bot.post(global, slash("kick", { default_member_permissions: 2 }))).json()).toMatchObject({
        default_member_permissions: "2",
      });
    });

    it("accepts what discord.js sends and keeps none of it: contexts, integration_types, dm_permission, handler", async () => {
      const res = await bot.post(
        global,
        slash("everywhere", { contexts: [0, 1, 2], integration_types: [0, 1], dm_permission: true, handler: 1 }),
      );
      expect(await conforming(res, "post", global$.list, 201)).toMatchObject({
        contexts: [0],
        integration_types: [0],
        dm_permission: false,
      });
    });
  });

  describe("GET and DELETE", () => {
    it("lists the global commands oldest first and answers one; DELETE answers 204, then the command is Unknown (10063)", async () => {
      const a = await (await bot.post(global, slash("alpha"))).json();
      const b = await (await bot.post(global, contextMenu(3, "Quote this"))).json();
      expect(await conforming<WireCommand[]>(await bot.get(global), "get", global$.list)).toEqual([a, b]);
      expect(await conforming(await bot.get(`${global}/${b.id}`), "get", global$.one)).toEqual(b);
      const deleted = await bot.delete(`${global}/${a.id}`);
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe("");
      await expectError(await bot.get(`${global}/${a.id}`), 404, 10063);
      await expectError(await bot.delete(`${global}/${a.id}`), 404, 10063);
      expect(await (await bot.get(global)).json()).toEqual([b]);
    });

    it("answers 10063 for an unknown or malformed command, another application's, or one of another scope", async () => {
      const mine = await (await bot.post(global, slash("mine"))).json();
      const mineInGuild = await (await bot.post(guild, slash("mine"))).json();
      const other = await env.t.seed.bot(world, 0n);
      const theirs = await (
        await botClient(env.t, other.botToken).post(`/applications/${other.application.id}/commands`, slash("theirs"))
      ).json();
      for (const id of ["424242424", "abc", theirs.id, mineInGuild.id]) {
        await expectError(await bot.get(`${global}/${id}`), 404, 10063);
        await expectError(await bot.patch(`${global}/${id}`, { description: "x" }), 404, 10063);
        await expectError(await bot.delete(`${global}/${id}`), 404, 10063);
      }
      await expectError(await bot.get(`${guild}/${mine.id}`), 404, 10063);
      await expectError(await bot.delete(`${guild}/${mine.id}`), 404, 10063);
      expect(await (await bot.get(global)).json()).toEqual([mine]);
    });
  });

  describe("PUT", () => {
    it("makes the commands exactly the list: same type and name keep their ids, the others go, PUT [] clears", async () => {
      const keep = await (await bot.post(global, slash("keep"))).json();
      const drop = await (await bot.post(global, slash("drop"))).json();
      const keptUser = await (await bot.post(global, contextMenu(2, "Keep Me"))).json();
      const list = await conforming<WireCommand[]>(
        await bot.put(global, [contextMenu(2, "Keep Me"), slash("keep", { description: "changed" }), slash("fresh")]),
        "put",
        global$.list,
      );
      expect(list.map((c) => [c.type, c.name])).toEqual([
        [2, "Keep Me"],
        [1, "keep"],
        [1, "fresh"],
      ]);
      expect(list[0]).toEqual(keptUser);
      expect(list[1]).toMatchObject({ id: keep.id, description: "changed" });
      expect(list[2]?.id).not.toBe(drop.id);
      await expectError(await bot.get(`${global}/${drop.id}`), 404, 10063);
      expect((await (await bot.get(global)).json()).map((c: WireCommand) => c.name).sort()).toEqual([
        "Keep Me",
        "fresh",
        "keep",
      ]);
      expect(await conforming<WireCommand[]>(await bot.put(global, []), "put", global$.list)).toEqual([]);
      expect(await (await bot.get(global)).json()).toEqual([]);
    });
  });

  describe("PATCH", () => {
    it("changes the given fields, keeps the others and takes a new version; null clears localisations and permissions", async () => {
      const created = await (
        await bot.post(
          global,
          slash("tag", {
            default_member_permissions: "32",
            name_localizations: { fr: "etiquette" },
            options: [{ type: 5, name: "flag", description: "a flag" }],
          }),
        )
      ).json();
      const edited = await conforming(
        await bot.patch(`${global}/${created.id}`, { description: "edited", nsfw: true }),
        "patch",
        global$.one,
      );
      expect(edited).toEqual({ ...created, description: "edited", nsfw: true, version: expect.any(String) });
      expect(BigInt(edited.version)).toBeGreaterThan(BigInt(created.version));
      const cleared = await conforming(
        await bot.patch(`${global}/${created.id}`, {
          name_localizations: null,
          default_member_permissions: null,
          options: null,
        }),
        "patch",
        global$.one,
      );
      expect(cleared).toMatchObject({ name: "tag", name_localizations: null, default_member_permissions: null });
      expect(cleared).not.toHaveProperty("options");
      const renamed = await conforming(
        await bot.patch(`${global}/${created.id}`, { name: "label" }),
        "patch",
        global$.one,
      );
      expect(renamed).toMatchObject({ id: created.id, name: "label" });
    });

    it("refuses a change of type and a name taken by another command of the type (50035), changing nothing", async () => {
      const created = await (await bot.post(global, slash("one"))).json();
      await bot.post(global, slash("two"));
      const typed = await expectError(
        await bot.patch(`${global}/${created.id}`, { type: 2, description: "" }),
        400,
        50035,
      );
      expectFieldError(typed.errors, "type");
      const taken = await expectError(await bot.patch(`${global}/${created.id}`, { name: "two" }), 400, 50035);
      expectFieldError(taken.errors, "name");
      const invalid = await expectError(await bot.patch(`${global}/${created.id}`, { description: "" }), 400, 50035);
      expectFieldError(invalid.errors, "description");
      expect(await (await bot.get(`${global}/${created.id}`)).json()).toEqual(created);
      expect((await bot.patch(`${global}/${created.id}`, { type: 1, description: "same type" })).status).toBe(200);
    });
  });

  describe("guild commands", () => {
    it("have the same routes under /guilds/{guild}, carry guild_id and live apart from the global ones", async () => {
      const globalOne = await (await bot.post(global, slash("same"))).json();
      const created = await conforming(await bot.post(guild, slash("same")), "post", guild$.list, 201);
      expect(created).toMatchObject({
        guild_id: world.guild.id.toString(),
        name: "same",
        application_id: world.app.application.id.toString(),
      });
      expect(created).not.toHaveProperty("dm_permission");
      expect(created.id).not.toBe(globalOne.id);
      expect(await conforming<WireCommand[]>(await bot.get(guild), "get", guild$.list)).toEqual([created]);
      expect(await (await bot.get(global)).json()).toEqual([globalOne]);
      expect(await conforming(await bot.get(`${guild}/${created.id}`), "get", guild$.one)).toEqual(created);
      const edited = await conforming(
        await bot.patch(`${guild}/${created.id}`, { description: "guild only" }),
        "patch",
        guild$.one,
      );
      expect(edited).toMatchObject({ id: created.id, guild_id: world.guild.id.toString(), description: "guild only" });
      const put = await conforming<WireCommand[]>(
        await bot.put(guild, [slash("same"), contextMenu(3, "Pin it")]),
        "put",
        guild$.list,
      );
      expect(put.map((c) => c.id)[0]).toBe(created.id);
      expect((await bot.post(guild, slash("same"))).status).toBe(200);
      expect((await bot.delete(`${guild}/${created.id}`)).status).toBe(204);
      expect(await (await bot.get(global)).json()).toEqual([globalOne]);
    });

    it("GET .../commands/permissions answers an empty list: there are no per-command overrides", async () => {
      await bot.post(guild, slash("perm"));
      const path = `${guild}/permissions`;
      expect(
        await conforming(
          await bot.get(path),
          "get",
          "/applications/{application_id}/guilds/{guild_id}/commands/permissions",
        ),
      ).toEqual([]);
    });
  });

  describe("whose commands", () => {
    it("answers 10002 Unknown Application for another application's id, an unknown or a malformed one", async () => {
      const other = await env.t.seed.bot(world, 0n);
      const created = await (await bot.post(global, slash("own"))).json();
      for (const app of [other.application.id.toString(), "abc", "424242424"]) {
        const bases = [`/applications/${app}/commands`, `/applications/${app}/guilds/${world.guild.id}/commands`];
        for (const base of bases) {
          await expectError(await bot.get(base), 404, 10002);
          await expectError(await bot.post(base, slash("x")), 404, 10002);
          await expectError(await bot.put(base, []), 404, 10002);
          await expectError(await bot.get(`${base}/${created.id}`), 404, 10002);
          await expectError(await bot.patch(`${base}/${created.id}`, { description: "x" }), 404, 10002);
          await expectError(await bot.delete(`${base}/${created.id}`), 404, 10002);
        }
        await expectError(
          await bot.get(`/applications/${app}/guilds/${world.guild.id}/commands/permissions`),
          404,
          10002,
        );
      }
      expect(await (await bot.get(global)).json()).toEqual([created]);
      expect(
        await (await botClient(env.t, other.botToken).get(`/applications/${other.application.id}/commands`)).json(),
      ).toEqual([]);
    });

    it("answers 50001 Missing Access for a guild the bot is not in, an unknown or malformed one", async () => {
      const elsewhere = await env.t.seed.world();
      const created = await (await bot.post(guild, slash("here"))).json();
      for (const id of [elsewhere.guild.id.toString(), "424242424", "abc"]) {
        const base = commandsPath(world, id);
        await expectError(await bot.get(base), 403, 50001);
        await expectError(await bot.post(base, slash("x")), 403, 50001);
        await expectError(await bot.put(base, [slash("x")]), 403, 50001);
        await expectError(await bot.get(`${base}/${created.id}`), 403, 50001);
        await expectError(await bot.patch(`${base}/${created.id}`, { description: "x" }), 403, 50001);
        await expectError(await bot.delete(`${base}/${created.id}`), 403, 50001);
        await expectError(await bot.get(`${base}/permissions`), 403, 50001);
      }
      expect(
        await env.t.server.ctx.database.prisma.applicationCommand.count({ where: { guildId: elsewhere.guild.id } }),
      ).toBe(0);
    });
  });
});
