import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, expectError, expectRateLimited, fixtures, type World } from "../../support/rest-fixtures";

type WireChannel = {
  id: string;
  type: number;
  name: string;
  topic?: string | null;
  nsfw: boolean;
  parent_id: string | null;
  position: number;
  permission_overwrites?: { id: string; type: number; allow: string; deny: string }[];
};

const MANAGE = Permission.ViewChannel | Permission.SendMessages | Permission.ManageChannels | Permission.ManageRoles;

describe("channels over REST", () => {
  const env = useTestServer({ world: false });

  /** A fresh guild per test: creating channels is limited to 5 per 5 s per guild. */
  const newWorld = async (permissions = MANAGE) => {
    const world = await env.t.seed.world(permissions);
    return { world, bot: botClient(env.t, world.token) };
  };
  const category = (world: World, name = "Category") => fixtures(env.t).channel(world.guild.id, { name, type: 4 });

  describe("POST /guilds/{guild}/channels", () => {
    it("creates a text channel with its name lower-cased and dashed, announced with CHANNEL_CREATE", async () => {
      const { world, bot } = await newWorld();
      const gateway = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const res = await bot.post(`/guilds/${world.guild.id}/channels`, {
        name: "Team  Plans Q3",
        topic: "plans",
        nsfw: true,
      });
      expect(res.status).toBe(201);
      const channel = (await res.json()) as WireChannel;
      expect(validateResponse("post", "/guilds/{guild_id}/channels", 201, channel)).toEqual([]);
      expect(channel).toMatchObject({
        type: 0,
        name: "team-plans-q3",
        topic: "plans",
        nsfw: true,
        parent_id: null,
        permission_overwrites: [],
      });
      const listed = (await (await bot.get(`/guilds/${world.guild.id}/channels`)).json()) as WireChannel[];
      expect(listed.map((c) => c.id)).toContain(channel.id);
      expect(Math.max(...listed.map((c) => c.position))).toBe(channel.position);
      const event = await gateway.dispatch("CHANNEL_CREATE", (d) => d.id === channel.id);
      expect(event.d).toMatchObject({ name: "team-plans-q3", guild_id: world.guild.id.toString() });
      await gateway.close();
    });

    it("creates a voice channel that keeps its name, inside a category", async () => {
      const { world, bot } = await newWorld();
      const parent = await category(world);
      const res = await bot.post(`/guilds/${world.guild.id}/channels`, {
        type: 2,
        name: "Quiet Room",
        parent_id: parent.id.toString(),
      });
      expect(res.status).toBe(201);
      const channel = (await res.json()) as WireChannel & { bitrate: number };
      expect(validateResponse("post", "/guilds/{guild_id}/channels", 201, channel)).toEqual([]);
      expect(channel).toMatchObject({ type: 2, name: "Quiet Room", parent_id: parent.id.toString(), bitrate: 64000 });
    });

    it("refuses without Manage Channels (50013) and in a guild the bot is not in (10004)", async () => {
      const { world, bot } = await newWorld(Permission.ViewChannel | Permission.ManageRoles);
      await expectError(await bot.post(`/guilds/${world.guild.id}/channels`, { name: "nope" }), 403, 50013);
      const other = await newWorld();
      await expectError(await bot.post(`/guilds/${other.world.guild.id}/channels`, { name: "nope" }), 404, 10004);
      await expectError(await bot.post("/guilds/not-an-id/channels", { name: "nope" }), 404, 10004);
    });

    it("creates only text and voice channels: categories and other types answer 50035", async () => {
      const { world, bot } = await newWorld();
      for (const type of [4, 5, 11, 13]) {
        const body = await expectError(
          await bot.post(`/guilds/${world.guild.id}/channels`, { type, name: "x" }),
          400,
          50035,
        );
        expect(body.errors).toHaveProperty("type");
      }
    });

    it("validates name and topic (50035 naming the field)", async () => {
      const { world, bot } = await newWorld();
      const path = `/guilds/${world.guild.id}/channels`;
      expect((await expectError(await bot.post(path, {}), 400, 50035)).errors).toHaveProperty("name");
      expect((await expectError(await bot.post(path, { name: "x".repeat(101) }), 400, 50035)).errors).toHaveProperty(
        "name",
      );
      expect((await expectError(await bot.post(path, { name: "   " }), 400, 50035)).errors).toHaveProperty("name");
      expect(
        (await expectError(await bot.post(path, { name: "ok", topic: "t".repeat(1025) }), 400, 50035)).errors,
      ).toHaveProperty("topic");
    });

    it("accepts only a category of the same guild as parent_id", async () => {
      const { world, bot } = await newWorld();
      const other = await newWorld();
      const foreign = await category(other.world);
      const path = `/guilds/${world.guild.id}/channels`;
      for (const parent of [world.text.id, foreign.id, 999999999n]) {
        const body = await expectError(
          await bot.post(path, { name: "child", parent_id: parent.toString() }),
          400,
          50035,
        );
        expect(body.errors).toHaveProperty("parent_id");
      }
    });

    it("sets permission overwrites, dropping guild-only bits", async () => {
      const { world, bot } = await newWorld();
      const res = await bot.post(`/guilds/${world.guild.id}/channels`, {
        name: "private",
        permission_overwrites: [
          { id: world.guild.id.toString(), type: 0, deny: String(Permission.ViewChannel | Permission.KickMembers) },
          { id: world.botUserId.toString(), type: 1, allow: Number(Permission.ViewChannel) },
        ],
      });
      expect(res.status).toBe(201);
      const channel = (await res.json()) as WireChannel;
      expect(validateResponse("post", "/guilds/{guild_id}/channels", 201, channel)).toEqual([]);
      expect(channel.permission_overwrites).toEqual(
        expect.arrayContaining([
          { id: world.guild.id.toString(), type: 0, allow: "0", deny: Permission.ViewChannel.toString() },
          { id: world.botUserId.toString(), type: 1, allow: Permission.ViewChannel.toString(), deny: "0" },
        ]),
      );
    });

    it("refuses overwrites naming unknown targets (50035), bits the bot lacks or roles above it (50013)", async () => {
      const { world, bot } = await newWorld();
      const path = `/guilds/${world.guild.id}/channels`;
      const unknown = await expectError(
        await bot.post(path, { name: "x", permission_overwrites: [{ id: "999999999", type: 0, allow: "0" }] }),
        400,
        50035,
      );
      expect(unknown.errors).toMatchObject({ permission_overwrites: { "0": { id: expect.anything() } } });
      await expectError(
        await bot.post(path, {
          name: "x",
          permission_overwrites: [{ id: world.guild.id.toString(), type: 0, allow: String(Permission.ManageMessages) }],
        }),
        403,
        50013,
      );
      const high = await env.t.server.ctx.database.prisma.role.create({
        data: { guildId: world.guild.id, name: "high", permissions: 0n, position: 50 },
      });
      await expectError(
        await bot.post(path, { name: "x", permission_overwrites: [{ id: high.id.toString(), type: 0, deny: "1024" }] }),
        403,
        50013,
      );
    });
  });

  describe("PATCH /channels/{channel}", () => {
    it("changes name, topic, nsfw and parent, announced with CHANNEL_UPDATE", async () => {
      const { world, bot } = await newWorld();
      const parent = await category(world);
      const gateway = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const res = await bot.patch(`/channels/${world.text.id}`, {
        name: "Renamed Channel",
        topic: "new topic",
        nsfw: true,
        parent_id: parent.id.toString(),
      });
      expect(res.status).toBe(200);
      const channel = (await res.json()) as WireChannel;
      expect(validateResponse("patch", "/channels/{channel_id}", 200, channel)).toEqual([]);
      expect(channel).toMatchObject({
        name: "renamed-channel",
        topic: "new topic",
        nsfw: true,
        parent_id: parent.id.toString(),
      });
      const event = await gateway.dispatch("CHANNEL_UPDATE", (d) => d.id === world.text.id.toString());
      expect(event.d).toMatchObject({ name: "renamed-channel", topic: "new topic" });

      const cleared = (await (
        await bot.patch(`/channels/${world.text.id}`, { parent_id: null, topic: null })
      ).json()) as WireChannel;
      expect(cleared).toMatchObject({ parent_id: null, topic: null, name: "renamed-channel" });
      const voice = (await (
        await bot.patch(`/channels/${world.voice.id}`, { name: "Big Hall" })
      ).json()) as WireChannel;
      expect(voice.name).toBe("Big Hall");
      await gateway.close();
    });

    it("refuses without Manage Channels (50013) and on a hidden channel (10003)", async () => {
      const { world, bot } = await newWorld(Permission.ViewChannel | Permission.ManageRoles);
      await expectError(await bot.patch(`/channels/${world.text.id}`, { name: "x" }), 403, 50013);
      const hidden = await fixtures(env.t).channel(world.guild.id, { name: "hidden" });
      await fixtures(env.t).hideFromEveryone(hidden.id, world.guild.id);
      const manager = await newWorld();
      await expectError(await manager.bot.patch(`/channels/${hidden.id}`, { name: "x" }), 404, 10003);
      await expectError(await bot.patch("/channels/abc", { name: "x" }), 404, 10003);
    });

    it("refuses a parent that is not a category of the guild (50035)", async () => {
      const { world, bot } = await newWorld();
      const other = await newWorld();
      const foreign = await category(other.world);
      for (const parent of [world.voice.id, foreign.id]) {
        const body = await expectError(
          await bot.patch(`/channels/${world.text.id}`, { parent_id: parent.toString() }),
          400,
          50035,
        );
        expect(body.errors).toHaveProperty("parent_id");
      }
      expect(
        (await expectError(await bot.patch(`/channels/${world.text.id}`, { name: "" }), 400, 50035)).errors,
      ).toHaveProperty("name");
    });

    it("cannot change a category (50024)", async () => {
      const { world, bot } = await newWorld();
      const parent = await category(world);
      await expectError(await bot.patch(`/channels/${parent.id}`, { name: "other" }), 400, 50024);
    });

    it("cannot change a DM channel (50003)", async () => {
      const { world, bot } = await newWorld();
      const dm = await env.t.server.ctx.domain.directMessages.open(world.botUserId, {
        recipient_id: world.owner.id.toString(),
      });
      expect((await bot.get(`/channels/${dm.id}`)).status).toBe(200);
      await expectError(await bot.patch(`/channels/${dm.id}`, { name: "x" }), 403, 50003);
      await expectError(await bot.delete(`/channels/${dm.id}`), 403, 50003);
    });

    it("replaces the overwrite set (Manage Roles needed), showing and hiding the channel for other members", async () => {
      const { world, bot } = await newWorld();
      const watcher = await env.t.seed.bot(world, Permission.ViewChannel);
      const gateway = await RawGatewayClient.identified(env.t, watcher.botToken, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const channel = (await fixtures(env.t).channel(world.guild.id, { name: "rooms" })).id;

      const hide = [
        { id: world.guild.id.toString(), type: 0, deny: Permission.ViewChannel.toString() },
        { id: world.botUserId.toString(), type: 1, allow: Permission.ViewChannel.toString() },
      ];
      const res = await bot.patch(`/channels/${channel}`, { permission_overwrites: hide });
      expect(res.status).toBe(200);
      const body = (await res.json()) as WireChannel;
      expect(validateResponse("patch", "/channels/{channel_id}", 200, body)).toEqual([]);
      expect(body.permission_overwrites).toHaveLength(2);
      expect((await gateway.dispatch("CHANNEL_DELETE", (d) => d.id === channel.toString())).d.name).toBe("rooms");

      expect((await bot.patch(`/channels/${channel}`, { permission_overwrites: [] })).status).toBe(200);
      expect(
        (await gateway.dispatch("CHANNEL_CREATE", (d) => d.id === channel.toString())).d.permission_overwrites,
      ).toEqual([]);
      await gateway.close();

      const limited = await newWorld(Permission.ViewChannel | Permission.ManageChannels);
      const own = limited.world.text.id;
      await expectError(
        await limited.bot.patch(`/channels/${own}`, {
          permission_overwrites: [{ id: limited.world.guild.id.toString(), type: 0, deny: "2048" }],
        }),
        403,
        50013,
      );
      // The same set again is no change, so Manage Roles is not needed.
      expect(
        (await limited.bot.patch(`/channels/${own}`, { permission_overwrites: [], name: "same-set" })).status,
      ).toBe(200);
    });

    it("applies the PUT permissions restrictions to the overwrite set", async () => {
      const { world, bot } = await newWorld();
      const channel = (await fixtures(env.t).channel(world.guild.id, { name: "strict" })).id;
      const high = await env.t.server.ctx.database.prisma.role.create({
        data: { guildId: world.guild.id, name: "high", permissions: 0n, position: 50 },
      });
      await expectError(
        await bot.patch(`/channels/${channel}`, {
          permission_overwrites: [{ id: high.id.toString(), type: 0, deny: "1024" }],
        }),
        403,
        50013,
      );
      const dropped = await bot.patch(`/channels/${channel}`, {
        permission_overwrites: [{ id: world.guild.id.toString(), type: 0, allow: Permission.BanMembers.toString() }],
      });
      expect(dropped.status).toBe(200);
      const stored = (await (await bot.get(`/channels/${channel}`)).json()) as WireChannel;
      // Ban Members is guild-only: dropped, so nothing the bot lacks was set.
      expect(stored.permission_overwrites).toEqual([{ id: world.guild.id.toString(), type: 0, allow: "0", deny: "0" }]);
      await expectError(
        await bot.patch(`/channels/${channel}`, {
          permission_overwrites: [
            { id: world.guild.id.toString(), type: 0, allow: Permission.ManageMessages.toString() },
          ],
        }),
        403,
        50013,
      );
      await expectError(
        await bot.patch(`/channels/${channel}`, { permission_overwrites: [{ id: "12345678", type: 1 }] }),
        400,
        50035,
      );
    });
  });

  describe("DELETE /channels/{channel}", () => {
    it("deletes a channel and its threads, answers it, and sends CHANNEL_DELETE to those who saw it", async () => {
      const { world, bot } = await newWorld();
      const gateway = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
      await gateway.dispatch("GUILD_CREATE");
      const channel = await fixtures(env.t).channel(world.guild.id, { name: "doomed" });
      const message = await fixtures(env.t).personMessage(channel.id, world.owner.id, "start");
      const thread = await env.t.server.ctx.domain.threads.createFromMessage(
        channel.id,
        BigInt(message.id),
        world.owner.id,
        { name: "sub" },
      );
      const res = await bot.delete(`/channels/${channel.id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as WireChannel;
      expect(validateResponse("delete", "/channels/{channel_id}", 200, body)).toEqual([]);
      expect(body).toMatchObject({ id: channel.id.toString(), name: "doomed" });
      expect((await gateway.dispatch("CHANNEL_DELETE", (d) => d.id === channel.id.toString())).d.name).toBe("doomed");
      await expectError(await bot.get(`/channels/${channel.id}`), 404, 10003);
      await expectError(await bot.get(`/channels/${thread.id}`), 404, 10003);
      await gateway.close();
    });

    it("refuses without Manage Channels (50013), on a category (50024) and on a hidden channel (10003)", async () => {
      const { world, bot } = await newWorld(Permission.ViewChannel);
      await expectError(await bot.delete(`/channels/${world.text.id}`), 403, 50013);
      const manager = await newWorld();
      const parent = await category(manager.world);
      await expectError(await manager.bot.delete(`/channels/${parent.id}`), 400, 50024);
      const hidden = await fixtures(env.t).channel(manager.world.guild.id, { name: "hidden" });
      await fixtures(env.t).overwrite(hidden.id, manager.world.botUserId, { deny: Permission.ViewChannel }, 1);
      await expectError(await manager.bot.delete(`/channels/${hidden.id}`), 404, 10003);
    });
  });

  describe("rate limits", () => {
    it("edits and deletes share 5 per 10 s per channel; another channel is unaffected", async () => {
      const { world, bot } = await newWorld();
      const [busy, quiet] = [
        (await fixtures(env.t).channel(world.guild.id, { name: "busy" })).id,
        (await fixtures(env.t).channel(world.guild.id, { name: "quiet" })).id,
      ];
      for (let i = 0; i < 5; i++) expect((await bot.patch(`/channels/${busy}`, { topic: `t${i}` })).status).toBe(200);
      await expectRateLimited(await bot.delete(`/channels/${busy}`));
      expect((await bot.patch(`/channels/${quiet}`, { topic: "fine" })).status).toBe(200);
    });

    it("creating channels is 5 per 5 s per guild; another guild is unaffected", async () => {
      const { world, bot } = await newWorld();
      for (let i = 0; i < 5; i++)
        expect((await bot.post(`/guilds/${world.guild.id}/channels`, { name: `c${i}` })).status).toBe(201);
      await expectRateLimited(await bot.post(`/guilds/${world.guild.id}/channels`, { name: "c5" }));
      const guild = await env.t.seed.guild(world.owner.id, "Another");
      await env.t.server.ctx.domain.members.addBot(world.owner.id, guild.id, world.app.application.id, MANAGE);
      expect((await bot.post(`/guilds/${guild.id}/channels`, { name: "elsewhere" })).status).toBe(201);
    });
  });
});
