import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

type Listed = { id: string; name: string; owner: boolean; permissions: string };

describe("guilds and their channels over REST", () => {
  const env = useTestServer({ world: Permission.ViewChannel | Permission.SendMessages | Permission.ManageMessages });
  let guildIds: string[];

  beforeAll(async () => {
    // Two more guilds with the same bot in them.
    guildIds = [env.world.guild.id.toString()];
    for (const name of ["Second", "Third"]) {
      const guild = await env.t.seed.guild(env.world.owner.id, name);
      await env.t.server.ctx.domain.members.addBot(
        env.world.owner.id,
        guild.id,
        env.world.app.application.id,
        Permission.ViewChannel,
      );
      guildIds.push(guild.id.toString());
    }
  });

  describe("GET /users/@me/guilds", () => {
    const list = async (query = "") => (await (await env.bot.get(`/users/@me/guilds${query}`)).json()) as Listed[];

    it("lists the bot's guilds in id order with its guild-wide permissions", async () => {
      const guilds = await list();
      expect(guilds.map((g) => g.id)).toEqual(guildIds);
      expect(guilds[0]).toMatchObject({ name: env.world.guild.name, owner: false });
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
      const plain = await (await env.bot.get(`/guilds/${env.world.guild.id}`)).json();
      expect(plain).toMatchObject({ id: env.world.guild.id.toString(), owner_id: env.world.owner.id.toString() });
      expect(plain).not.toHaveProperty("approximate_member_count");
      expect(plain.roles.find((r: { id: string }) => r.id === env.world.guild.id.toString())).toMatchObject({
        name: "@everyone",
      });
      const counted = await (await env.bot.get(`/guilds/${env.world.guild.id}?with_counts=true`)).json();
      expect(counted).toMatchObject({ approximate_member_count: 2, approximate_presence_count: expect.any(Number) });
    });
  });

  describe("GET /guilds/{guild}/channels", () => {
    it("lists the channels the bot can see, with their categories", async () => {
      const f = fixtures(env.t);
      const guildId = env.world.guild.id;
      const openCategory = await f.channel(guildId, { name: "Open", type: 4 });
      const hiddenCategory = await f.channel(guildId, { name: "Staff", type: 4 });
      await f.hideFromEveryone(hiddenCategory.id, guildId);
      const visibleInHidden = await f.channel(guildId, { name: "staff-announcements", parentId: hiddenCategory.id });
      const emptyHiddenCategory = await f.channel(guildId, { name: "Secret", type: 4 });
      await f.hideFromEveryone(emptyHiddenCategory.id, guildId);
      const hiddenChannel = await f.channel(guildId, { name: "hidden", parentId: emptyHiddenCategory.id });
      await f.hideFromEveryone(hiddenChannel.id, guildId);
      await env.t.server.ctx.database.prisma.channel.create({
        data: { guildId, type: 11, name: "a thread", parentId: env.world.text.id },
      });

      const channels = (await (await env.bot.get(`/guilds/${guildId}/channels`)).json()) as {
        id: string;
        type: number;
      }[];
      const ids = channels.map((c) => c.id);
      expect(ids).toEqual(
        expect.arrayContaining(
          [env.world.text.id, env.world.voice.id, openCategory.id, hiddenCategory.id, visibleInHidden.id].map(String),
        ),
      );
      expect(ids).not.toContain(emptyHiddenCategory.id.toString());
      expect(ids).not.toContain(hiddenChannel.id.toString());
      expect(channels.every((c) => c.type !== 11)).toBe(true);
    });
  });
});
