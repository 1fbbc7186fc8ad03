import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";
import { botClient, fixtures, type World } from "./rest-fixtures";

type Listed = { id: string; name: string; owner: boolean; permissions: string };

describe("guilds and their channels over REST", () => {
  let t: TestServer;
  let world: World;
  let bot: ReturnType<typeof botClient>;
  let guildIds: string[];

  beforeAll(async () => {
    t = await startTestServer();
    world = await t.seed.world(Permission.ViewChannel | Permission.SendMessages | Permission.ManageMessages);
    bot = botClient(t, world.token);
    // Two more guilds with the same bot in them.
    guildIds = [world.guild.id.toString()];
    for (const name of ["Second", "Third"]) {
      const guild = await t.seed.guild(world.owner.id, name);
      await t.server.ctx.domain.members.addBot(world.owner.id, guild.id, world.app.application.id, Permission.ViewChannel);
      guildIds.push(guild.id.toString());
    }
  });
  afterAll(() => t?.close());

  describe("GET /users/@me/guilds", () => {
    const list = async (query = "") => (await (await bot.get(`/users/@me/guilds${query}`)).json()) as Listed[];

    it("lists the bot's guilds in id order with its guild-wide permissions", async () => {
      const guilds = await list();
      expect(guilds.map((g) => g.id)).toEqual(guildIds);
      expect(guilds[0]).toMatchObject({ name: world.guild.name, owner: false });
      const permissions = BigInt(guilds[0]?.permissions ?? "0");
      expect(permissions & Permission.ManageMessages).toBe(Permission.ManageMessages);
      expect(permissions & Permission.Administrator).toBe(0n);
    });

    it("pages with limit, after and before", async () => {
      expect((await list("?limit=2")).map((g) => g.id)).toEqual(guildIds.slice(0, 2));
      expect((await list(`?after=${guildIds[0]}`)).map((g) => g.id)).toEqual(guildIds.slice(1));
      expect((await list(`?before=${guildIds[2]}&limit=1`)).map((g) => g.id)).toEqual([guildIds[1]]);
      expect((await list(`?before=${guildIds[2]}`)).map((g) => g.id)).toEqual(guildIds.slice(0, 2));
      expect(await list("?limit=200")).toHaveLength(3);
    });
  });

  describe("GET /guilds/{guild}", () => {
    it("answers the guild, and the approximate counts only with with_counts=true", async () => {
      const plain = await (await bot.get(`/guilds/${world.guild.id}`)).json();
      expect(plain).toMatchObject({ id: world.guild.id.toString(), owner_id: world.owner.id.toString() });
      expect(plain).not.toHaveProperty("approximate_member_count");
      expect(plain.roles.find((r: { id: string }) => r.id === world.guild.id.toString())).toMatchObject({ name: "@everyone" });
      const counted = await (await bot.get(`/guilds/${world.guild.id}?with_counts=true`)).json();
      expect(counted).toMatchObject({ approximate_member_count: 2, approximate_presence_count: expect.any(Number) });
    });
  });

  describe("GET /guilds/{guild}/channels", () => {
    it("lists the channels the bot can see, with their categories", async () => {
      const f = fixtures(t);
      const guildId = world.guild.id;
      const openCategory = await f.channel(guildId, { name: "Open", type: 4 });
      const hiddenCategory = await f.channel(guildId, { name: "Staff", type: 4 });
      await f.hideFromEveryone(hiddenCategory.id, guildId);
      const visibleInHidden = await f.channel(guildId, { name: "staff-announcements", parentId: hiddenCategory.id });
      const emptyHiddenCategory = await f.channel(guildId, { name: "Secret", type: 4 });
      await f.hideFromEveryone(emptyHiddenCategory.id, guildId);
      const hiddenChannel = await f.channel(guildId, { name: "hidden", parentId: emptyHiddenCategory.id });
      await f.hideFromEveryone(hiddenChannel.id, guildId);
      await t.server.ctx.database.prisma.channel.create({ data: { guildId, type: 11, name: "a thread", parentId: world.text.id } });

      const channels = (await (await bot.get(`/guilds/${guildId}/channels`)).json()) as { id: string; type: number }[];
      const ids = channels.map((c) => c.id);
      expect(ids).toEqual(expect.arrayContaining([world.text.id, world.voice.id, openCategory.id, hiddenCategory.id, visibleInHidden.id].map(String)));
      expect(ids).not.toContain(emptyHiddenCategory.id.toString());
      expect(ids).not.toContain(hiddenChannel.id.toString());
      expect(channels.every((c) => c.type !== 11)).toBe(true);
    });
  });
});
