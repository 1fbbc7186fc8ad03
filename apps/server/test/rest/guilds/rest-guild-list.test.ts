import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, type World } from "../../support/rest-fixtures";

describe("the bot's guilds: reading, listing and leaving", () => {
  const env = useTestServer();
  const leave = (token: string, guildId: bigint | string) =>
    botClient(env.t, token).delete(`/users/@me/guilds/${guildId}`);

  describe("GET /guilds/{guild}", () => {
    it("answers the guild with its vanity_url_code, and the approximate counts only with with_counts", async () => {
      const plain = await (await env.bot.get(`/guilds/${env.world.guild.id}`)).json();
      expect(validateResponse("get", "/guilds/{guild_id}", 200, plain)).toEqual([]);
      expect(plain).toMatchObject({ id: env.world.guild.id.toString(), vanity_url_code: null });
      expect(plain).not.toHaveProperty("approximate_member_count");

      await env.t.server.ctx.domain.guilds.setVanityCode(
        env.world.owner.id,
        env.world.guild.id,
        `guild-${env.world.guild.id}`,
      );
      const person = await env.t.seed.person();
      await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
      const counted = await (await env.bot.get(`/guilds/${env.world.guild.id}?with_counts=true`)).json();
      expect(validateResponse("get", "/guilds/{guild_id}", 200, counted)).toEqual([]);
      expect(counted).toMatchObject({
        vanity_url_code: `guild-${env.world.guild.id}`,
        approximate_member_count: 3,
        approximate_presence_count: expect.any(Number),
      });
      expect(await (await env.bot.get(`/guilds/${env.world.guild.id}?with_counts=false`)).json()).not.toHaveProperty(
        "approximate_member_count",
      );
    });

    it("answers Unknown Guild for a guild the bot is not in, one that does not exist and a malformed id", async () => {
      const other = await env.t.seed.guild(env.world.owner.id, "Elsewhere");
      for (const id of [other.id.toString(), "987654321", "x1"]) {
        const res = await env.bot.get(`/guilds/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown Guild", code: 10004 });
      }
    });

    it("refuses a with_counts that is not a boolean", async () => {
      const res = await env.bot.get(`/guilds/${env.world.guild.id}?with_counts=maybe`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 50035,
        errors: { with_counts: { _errors: [expect.objectContaining({ code: expect.any(String) })] } },
      });
    });
  });

  describe("GET /users/@me/guilds", () => {
    let w: World;
    let ids: string[];
    const list = async (query = "") => {
      const res = await botClient(env.t, w.token).get(`/users/@me/guilds${query}`);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(validateResponse("get", "/users/@me/guilds", 200, body)).toEqual([]);
      return (body as { id: string }[]).map((g) => g.id);
    };

    beforeAll(async () => {
      w = await env.t.seed.world();
      ids = [w.guild.id.toString()];
      for (let i = 0; i < 4; i++) {
        const guild = await env.t.seed.guild(w.owner.id, `Guild ${i}`);
        await env.t.server.ctx.domain.members.addBot(
          w.owner.id,
          guild.id,
          w.app.application.id,
          Permission.ViewChannel,
        );
        ids.push(guild.id.toString());
      }
    });

    it("lists every guild of the bot in id order", async () => {
      expect(await list()).toEqual(ids);
    });

    it("pages with limit, after and before", async () => {
      expect(await list("?limit=2")).toEqual(ids.slice(0, 2));
      expect(await list(`?limit=2&after=${ids[1]}`)).toEqual(ids.slice(2, 4));
      expect(await list(`?after=${ids[3]}`)).toEqual(ids.slice(4));
      expect(await list(`?before=${ids[3]}&limit=2`)).toEqual(ids.slice(1, 3));
      expect(await list(`?after=${ids[0]}&before=${ids[4]}`)).toEqual(ids.slice(1, 4));
      expect(await list(`?after=${ids[4]}`)).toEqual([]);
      expect(await list("?limit=200")).toEqual(ids);
    });

    it("refuses a limit over 200 or under 1, and a malformed after, with 50035 naming the field", async () => {
      for (const [query, field] of [
        ["?limit=201", "limit"],
        ["?limit=0", "limit"],
        ["?limit=many", "limit"],
        ["?after=abc", "after"],
      ] as const) {
        const res = await botClient(env.t, w.token).get(`/users/@me/guilds${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json()).toMatchObject({
          code: 50035,
          errors: { [field]: { _errors: [expect.objectContaining({ code: expect.any(String) })] } },
        });
      }
    });
  });

  describe("DELETE /users/@me/guilds/{guild}", () => {
    it("leaves the guild: 204, the managed role goes too, and the guild is unknown to the bot afterwards", async () => {
      const w = await env.t.seed.world(Permission.ViewChannel | Permission.ManageGuild);
      const db = env.t.server.ctx.database.prisma;
      const role = await db.role.findFirstOrThrow({
        where: { guildId: w.guild.id, botApplicationId: w.app.application.id },
      });

      const res = await leave(w.token, w.guild.id);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect(
        await db.member.findUnique({ where: { guildId_userId: { guildId: w.guild.id, userId: w.botUserId } } }),
      ).toBeNull();
      expect(await db.role.findUnique({ where: { id: role.id } })).toBeNull();
      expect(await (await botClient(env.t, w.token).get("/users/@me/guilds")).json()).toEqual([]);
      expect((await botClient(env.t, w.token).get(`/guilds/${w.guild.id}`)).status).toBe(404);
      // The owner and the guild stay.
      expect(await db.member.count({ where: { guildId: w.guild.id } })).toBe(1);

      const again = await leave(w.token, w.guild.id);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ message: "Unknown Guild", code: 10004 });
    });

    it("answers Unknown Guild for a guild the bot is not in, one that does not exist and a malformed id", async () => {
      const other = await env.t.seed.guild(env.world.owner.id, "Not the bot's");
      for (const id of [other.id.toString(), "123456789", "nope"]) {
        const res = await leave(env.world.token, id);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown Guild", code: 10004 });
      }
      expect(await env.t.server.ctx.database.prisma.member.count({ where: { guildId: other.id } })).toBe(1);
    });

    it("never lets the guild's owner leave (domain; a person can leave otherwise)", async () => {
      const domain = env.t.server.ctx.domain;
      await expect(domain.guilds.leave(env.world.owner.id, env.world.guild.id)).rejects.toMatchObject({
        status: 400,
        code: 50035,
      });
      const person = await env.t.seed.person();
      await domain.members.addPerson(env.world.guild.id, person.id);
      await domain.guilds.leave(person.id, env.world.guild.id);
      expect(
        await env.t.server.ctx.database.prisma.member.findUnique({
          where: { guildId_userId: { guildId: env.world.guild.id, userId: person.id } },
        }),
      ).toBeNull();
      expect(
        await env.t.server.ctx.database.prisma.member.findUnique({
          where: { guildId_userId: { guildId: env.world.guild.id, userId: env.world.owner.id } },
        }),
      ).not.toBeNull();
    });

    it("sends the leaver GUILD_DELETE and the others GUILD_ROLE_DELETE and GUILD_MEMBER_REMOVE; the leaver hears nothing more of the guild", async () => {
      const w = await env.t.seed.world();
      const stayer = await env.t.seed.bot(w, Permission.ViewChannel);
      const intents = Intents.Guilds | Intents.GuildMembers | Intents.GuildMessages;
      const leaver = await RawGatewayClient.identified(env.t, w.token, intents);
      await leaver.dispatch("GUILD_CREATE");
      const other = await RawGatewayClient.identified(env.t, stayer.botToken, intents);
      await other.dispatch("GUILD_CREATE");
      const role = await env.t.server.ctx.database.prisma.role.findFirstOrThrow({
        where: { guildId: w.guild.id, botApplicationId: w.app.application.id },
      });

      expect((await leave(w.token, w.guild.id)).status).toBe(204);
      const deleted = await leaver.dispatch("GUILD_DELETE");
      expect(deleted.d).toEqual({ id: w.guild.id.toString() });
      const roleDelete = await other.dispatch("GUILD_ROLE_DELETE");
      expect(roleDelete.d).toEqual({ guild_id: w.guild.id.toString(), role_id: role.id.toString() });
      const removed = await other.dispatch("GUILD_MEMBER_REMOVE");
      expect(removed.d).toMatchObject({
        guild_id: w.guild.id.toString(),
        user: { id: w.botUserId.toString(), bot: true },
      });

      // A message in the guild reaches the bot that stayed, not the one that left.
      await env.t.server.ctx.domain.messages.create(w.text.id, w.owner.id, { content: "after the leave" });
      await other.dispatch("MESSAGE_CREATE", (d) => d.content === "after the leave");
      for (const event of ["MESSAGE_CREATE", "GUILD_MEMBER_REMOVE", "GUILD_ROLE_DELETE"]) {
        await expect(leaver.dispatch(event, () => true, 300)).rejects.toThrow(/no matching frame/);
      }
      await Promise.all([leaver.close(), other.close()]);
    });
  });

  describe("vanity code and icon (domain, the app's guild settings)", () => {
    it("lets only the owner set the vanity code; refuses a taken or malformed code; null removes it", async () => {
      const domain = env.t.server.ctx.domain;
      const w = await env.t.seed.world(Permission.ViewChannel | Permission.ManageGuild);
      const member = await env.t.seed.person();
      await domain.members.addPerson(w.guild.id, member.id);
      await expect(domain.guilds.setVanityCode(member.id, w.guild.id, "mine")).rejects.toMatchObject({ code: 50013 });
      const outsider = await env.t.seed.person();
      await expect(domain.guilds.setVanityCode(outsider.id, w.guild.id, "mine")).rejects.toMatchObject({ code: 10004 });
      await expect(domain.guilds.setVanityCode(w.owner.id, w.guild.id, "a")).rejects.toMatchObject({
        code: 50035,
        errors: { _errors: expect.any(Array) },
      });
      await expect(domain.guilds.setVanityCode(w.owner.id, w.guild.id, "no spaces")).rejects.toMatchObject({
        code: 50035,
      });
      await expect(
        domain.guilds.setVanityCode(w.owner.id, w.guild.id, `guild-${env.world.guild.id}`),
      ).rejects.toMatchObject({
        code: 50035,
        errors: { code: { _errors: [{ code: "INVITE_CODE_INVALID_OR_TAKEN" }] } },
      });

      const client = await RawGatewayClient.identified(env.t, w.token, Intents.Guilds);
      await client.dispatch("GUILD_CREATE");
      expect(await domain.guilds.setVanityCode(w.owner.id, w.guild.id, `Club-${w.guild.id}`)).toEqual({
        code: `club-${w.guild.id}`,
        uses: 0,
      });
      expect((await client.dispatch("GUILD_UPDATE")).d).toMatchObject({
        id: w.guild.id.toString(),
        vanity_url_code: `club-${w.guild.id}`,
      });
      expect(await domain.guilds.setVanityCode(w.owner.id, w.guild.id, null)).toEqual({ code: null, uses: 0 });
      expect((await client.dispatch("GUILD_UPDATE")).d.vanity_url_code).toBeNull();
      await client.close();
    });
  });
});
