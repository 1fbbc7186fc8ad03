import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, type World } from "../../support/rest-fixtures";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const GIF = `data:image/gif;base64,${Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1").toString("base64")}`;
const GUILD_EXPRESSIONS = 1 << 3;

describe("custom emoji", () => {
  const env = useTestServer({ world: Permission.ViewChannel });
  let manager: World;
  let emojiId: string;

  beforeAll(async () => {
    // A second bot in the same guild that may manage expressions.
    const app = await env.t.seed.bot(env.world, Permission.ManageGuildExpressions);
    manager = { ...env.world, app, token: app.botToken, botUserId: app.botUser.id };
  });

  describe("uploading (domain, the app's Upload emoji)", () => {
    it("adds an emoji for someone with Manage Guild Expressions and sends GUILD_EMOJIS_UPDATE to the guild", async () => {
      const client = await RawGatewayClient.identified(env.t, env.world.token, GUILD_EXPRESSIONS | 1);
      await client.dispatch("GUILD_CREATE");
      const created = await env.t.server.ctx.domain.emojis.create(env.world.owner.id, env.world.guild.id, {
        name: "party_blob",
        image: PNG,
      });
      expect(created).toMatchObject({
        name: "party_blob",
        animated: false,
        managed: false,
        available: true,
        require_colons: true,
        roles: [],
      });
      emojiId = created.id;
      const update = await client.dispatch("GUILD_EMOJIS_UPDATE");
      expect(update.d).toEqual({
        guild_id: env.world.guild.id.toString(),
        emojis: [expect.objectContaining({ id: emojiId, name: "party_blob" })],
      });
      const animated = await env.t.server.ctx.domain.emojis.create(env.world.owner.id, env.world.guild.id, {
        name: "dance",
        image: GIF,
      });
      expect(animated.animated).toBe(true);
      expect((await client.dispatch("GUILD_EMOJIS_UPDATE")).d.emojis.map((e: { name: string }) => e.name)).toEqual([
        "party_blob",
        "dance",
      ]);
      await client.close();
    });

    it("refuses someone without Manage Guild Expressions, someone outside the guild, a bad name and an image that is not one", async () => {
      const domain = env.t.server.ctx.domain;
      const member = await env.t.seed.person();
      await domain.members.addPerson(env.world.guild.id, member.id);
      await expect(
        domain.emojis.create(member.id, env.world.guild.id, { name: "nope", image: PNG }),
      ).rejects.toMatchObject({ status: 403, code: 50013 });
      const outsider = await env.t.seed.person();
      await expect(
        domain.emojis.create(outsider.id, env.world.guild.id, { name: "nope", image: PNG }),
      ).rejects.toMatchObject({ status: 404, code: 10004 });
      await expect(
        domain.emojis.create(env.world.owner.id, env.world.guild.id, { name: "a", image: PNG }),
      ).rejects.toMatchObject({ code: 50035 });
      await expect(
        domain.emojis.create(env.world.owner.id, env.world.guild.id, { name: "has space", image: PNG }),
      ).rejects.toMatchObject({ code: 50035 });
      await expect(
        domain.emojis.create(env.world.owner.id, env.world.guild.id, {
          name: "fine",
          image: "data:image/png;base64,aGk=",
        }),
      ).rejects.toMatchObject({
        code: 50035,
        errors: { image: { _errors: [{ code: "IMAGE_INVALID" }] } },
      });
      expect(await env.t.server.ctx.database.prisma.emoji.count({ where: { guildId: env.world.guild.id } })).toBe(2);
    });
  });

  describe("GET /guilds/{guild}/emojis", () => {
    it("lists the guild's emoji; `user` only for a bot that may manage expressions", async () => {
      const res = await env.bot.get(`/guilds/${env.world.guild.id}/emojis`);
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(validateResponse("get", "/guilds/{guild_id}/emojis", 200, list)).toEqual([]);
      expect(list.map((e: { name: string }) => e.name)).toEqual(["party_blob", "dance"]);
      expect(list[0]).not.toHaveProperty("user");

      const managed = await (await botClient(env.t, manager.token).get(`/guilds/${env.world.guild.id}/emojis`)).json();
      expect(validateResponse("get", "/guilds/{guild_id}/emojis", 200, managed)).toEqual([]);
      expect(managed[0]).toMatchObject({ id: emojiId, user: { id: env.world.owner.id.toString() } });
    });

    it("answers an empty list for a guild without emoji and Unknown Guild for a guild the bot is not in", async () => {
      const w = await env.t.seed.world();
      expect(await (await botClient(env.t, w.token).get(`/guilds/${w.guild.id}/emojis`)).json()).toEqual([]);
      for (const id of [env.world.guild.id.toString(), "55555555", "bad"]) {
        const res = await botClient(env.t, w.token).get(`/guilds/${id}/emojis`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown Guild", code: 10004 });
      }
    });
  });

  describe("GET /guilds/{guild}/emojis/{emoji}", () => {
    it("answers one emoji", async () => {
      const res = await env.bot.get(`/guilds/${env.world.guild.id}/emojis/${emojiId}`);
      expect(res.status).toBe(200);
      const emoji = await res.json();
      expect(validateResponse("get", "/guilds/{guild_id}/emojis/{emoji_id}", 200, emoji)).toEqual([]);
      expect(emoji).toMatchObject({
        id: emojiId,
        name: "party_blob",
        animated: false,
        roles: [],
        managed: false,
        available: true,
        require_colons: true,
      });
      const withUser = await (
        await botClient(env.t, manager.token).get(`/guilds/${env.world.guild.id}/emojis/${emojiId}`)
      ).json();
      expect(withUser.user).toMatchObject({ id: env.world.owner.id.toString() });
    });

    it("answers Unknown Emoji for none, one of another guild and a malformed id; Unknown Guild first for a foreign guild", async () => {
      const w = await env.t.seed.world();
      const foreign = await env.t.server.ctx.domain.emojis.create(w.owner.id, w.guild.id, {
        name: "theirs",
        image: PNG,
      });
      for (const id of ["99999999", foreign.id, "x"]) {
        const res = await env.bot.get(`/guilds/${env.world.guild.id}/emojis/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Unknown Emoji", code: 10014 });
      }
      const res = await env.bot.get(`/guilds/${w.guild.id}/emojis/${foreign.id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Unknown Guild", code: 10004 });
    });
  });
});
