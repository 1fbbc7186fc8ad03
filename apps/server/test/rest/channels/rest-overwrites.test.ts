import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, expectError, expectRateLimited, fixtures } from "../../support/rest-fixtures";

type WireOverwrite = { id: string; type: number; allow: string; deny: string };
type WireChannel = { id: string; permission_overwrites: WireOverwrite[] };

const BOT_PERMISSIONS =
  Permission.ViewChannel | Permission.SendMessages | Permission.ManageRoles | Permission.AddReactions;

describe("permission overwrites over REST", () => {
  const env = useTestServer({ world: BOT_PERMISSIONS });
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `overwrites-${++n}` })).id;
  const overwritesOf = async (channel: bigint) =>
    ((await (await env.bot.get(`/channels/${channel}`)).json()) as WireChannel).permission_overwrites;
  const prisma = () => env.t.server.ctx.database.prisma;

  describe("PUT /channels/{channel}/permissions/{overwrite}", () => {
    it("sets a role overwrite (204) from string bits, dropping guild-only bits, and replaces it on a second PUT", async () => {
      const channel = await newChannel();
      const role = await prisma().role.create({
        data: { guildId: env.world.guild.id, name: "helpers", permissions: 0n, position: 1 },
      });
      const res = await env.bot.put(`/channels/${channel}/permissions/${role.id}`, {
        type: 0,
        allow: String(Permission.AddReactions | Permission.KickMembers),
        deny: String(Permission.SendMessages),
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect(await overwritesOf(channel)).toEqual([
        {
          id: role.id.toString(),
          type: 0,
          allow: Permission.AddReactions.toString(),
          deny: Permission.SendMessages.toString(),
        },
      ]);
      expect(
        (
          await env.bot.put(`/channels/${channel}/permissions/${role.id}`, {
            type: 0,
            allow: Number(Permission.ViewChannel),
          })
        ).status,
      ).toBe(204);
      const after = await env.bot.get(`/channels/${channel}`);
      const body = (await after.json()) as WireChannel;
      expect(validateResponse("get", "/channels/{channel_id}", 200, body)).toEqual([]);
      expect(body.permission_overwrites).toEqual([
        { id: role.id.toString(), type: 0, allow: Permission.ViewChannel.toString(), deny: "0" },
      ]);
    });

    it("sets a member overwrite and an @everyone overwrite", async () => {
      const channel = await newChannel();
      const member = await env.t.seed.person();
      await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, member.id);
      expect(
        (
          await env.bot.put(`/channels/${channel}/permissions/${member.id}`, {
            type: 1,
            deny: Permission.AddReactions.toString(),
          })
        ).status,
      ).toBe(204);
      expect(
        (
          await env.bot.put(`/channels/${channel}/permissions/${env.world.guild.id}`, {
            type: 0,
            deny: Permission.SendMessages.toString(),
          })
        ).status,
      ).toBe(204);
      expect(await overwritesOf(channel)).toEqual(
        expect.arrayContaining([
          { id: member.id.toString(), type: 1, allow: "0", deny: Permission.AddReactions.toString() },
          { id: env.world.guild.id.toString(), type: 0, allow: "0", deny: Permission.SendMessages.toString() },
        ]),
      );
    });

    it("needs Manage Roles (50013)", async () => {
      const other = await env.t.seed.world(Permission.ViewChannel | Permission.ManageChannels);
      await expectError(
        await botClient(env.t, other.token).put(`/channels/${other.text.id}/permissions/${other.guild.id}`, {
          type: 0,
          deny: "2048",
        }),
        403,
        50013,
      );
    });

    it("answers Unknown Role (10011) and Unknown Member (10007) for targets that are not in the guild", async () => {
      const channel = await newChannel();
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/999999999`, { type: 0, allow: "0" }),
        404,
        10011,
      );
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/not-an-id`, { type: 0, allow: "0" }),
        404,
        10011,
      );
      // A member id given as a role, and a role id given as a member.
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/${env.world.owner.id}`, { type: 0, allow: "0" }),
        404,
        10011,
      );
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/${env.world.guild.id}`, { type: 1, allow: "0" }),
        404,
        10007,
      );
      const stranger = await env.t.seed.person();
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/${stranger.id}`, { type: 1, allow: "0" }),
        404,
        10007,
      );
    });

    it("validates the body (50035)", async () => {
      const channel = await newChannel();
      const path = `/channels/${channel}/permissions/${env.world.guild.id}`;
      expect((await expectError(await env.bot.put(path, { allow: "0" }), 400, 50035)).errors).toHaveProperty("type");
      expect((await expectError(await env.bot.put(path, { type: 2 }), 400, 50035)).errors).toHaveProperty("type");
      expect(
        (await expectError(await env.bot.put(path, { type: 0, allow: "lots" }), 400, 50035)).errors,
      ).toHaveProperty("allow");
      expect((await expectError(await env.bot.put(path, { type: 0, deny: -1 }), 400, 50035)).errors).toHaveProperty(
        "deny",
      );
    });

    it("allows or denies only permissions the bot has in the channel (50013)", async () => {
      const channel = await newChannel();
      const path = `/channels/${channel}/permissions/${env.world.guild.id}`;
      await expectError(await env.bot.put(path, { type: 0, allow: Permission.ManageMessages.toString() }), 403, 50013);
      await expectError(await env.bot.put(path, { type: 0, deny: Permission.ManageChannels.toString() }), 403, 50013);
      // A bit the bot lost in this channel through its own member overwrite.
      await fixtures(env.t).overwrite(channel, env.world.botUserId, { deny: Permission.AddReactions }, 1);
      await expectError(await env.bot.put(path, { type: 0, deny: Permission.AddReactions.toString() }), 403, 50013);
      expect(await overwritesOf(channel)).toEqual([
        { id: env.world.botUserId.toString(), type: 1, allow: "0", deny: Permission.AddReactions.toString() },
      ]);
    });

    it("reaches only roles below the bot's highest role (50013)", async () => {
      const channel = await newChannel();
      const top = await prisma().role.create({
        data: { guildId: env.world.guild.id, name: "top", permissions: 0n, position: 90 },
      });
      await expectError(
        await env.bot.put(`/channels/${channel}/permissions/${top.id}`, {
          type: 0,
          deny: Permission.SendMessages.toString(),
        }),
        403,
        50013,
      );
      await fixtures(env.t).overwrite(channel, top.id, { deny: Permission.SendMessages });
      await expectError(await env.bot.delete(`/channels/${channel}/permissions/${top.id}`), 403, 50013);
    });

    it("is not allowed on threads (50024) nor in DMs (50003), and hidden channels are unknown (10003)", async () => {
      const channel = await newChannel();
      const thread = await env.t.server.ctx.domain.threads.create(channel, env.world.owner.id, { name: "a thread" });
      await expectError(
        await env.bot.put(`/channels/${thread.id}/permissions/${env.world.guild.id}`, { type: 0, deny: "2048" }),
        400,
        50024,
      );
      await expectError(await env.bot.delete(`/channels/${thread.id}/permissions/${env.world.guild.id}`), 400, 50024);
      const dm = await env.t.server.ctx.domain.directMessages.open(env.world.botUserId, {
        recipient_id: env.world.owner.id.toString(),
      });
      await expectError(
        await env.bot.put(`/channels/${dm.id}/permissions/${env.world.owner.id}`, { type: 1, deny: "2048" }),
        403,
        50003,
      );
      await expectError(await env.bot.delete(`/channels/${dm.id}/permissions/${env.world.owner.id}`), 403, 50003);
      const hidden = await newChannel();
      await fixtures(env.t).overwrite(hidden, env.world.botUserId, { deny: Permission.ViewChannel }, 1);
      await expectError(
        await env.bot.put(`/channels/${hidden}/permissions/${env.world.guild.id}`, { type: 0, deny: "2048" }),
        404,
        10003,
      );
    });
  });

  describe("DELETE /channels/{channel}/permissions/{overwrite}", () => {
    it("removes an overwrite (204); removing one that is not there is also 204", async () => {
      const channel = await newChannel();
      await fixtures(env.t).overwrite(channel, env.world.guild.id, { deny: Permission.AddReactions });
      const res = await env.bot.delete(`/channels/${channel}/permissions/${env.world.guild.id}`);
      expect(res.status).toBe(204);
      expect(await overwritesOf(channel)).toEqual([]);
      expect((await env.bot.delete(`/channels/${channel}/permissions/${env.world.guild.id}`)).status).toBe(204);
    });

    it("needs Manage Roles (50013)", async () => {
      const other = await env.t.seed.world(Permission.ViewChannel | Permission.ManageChannels);
      await fixtures(env.t).overwrite(other.text.id, other.guild.id, { deny: Permission.AddReactions });
      await expectError(
        await botClient(env.t, other.token).delete(`/channels/${other.text.id}/permissions/${other.guild.id}`),
        403,
        50013,
      );
    });
  });

  describe("member overwrites reach only members ranked below the bot (rule 10)", () => {
    /** A guild of its own (route limits count per channel and guild) whose bot holds Manage Roles and Manage Channels. */
    const scene = async () => {
      const world = await env.t.seed.world(BOT_PERMISSIONS | Permission.ManageChannels);
      const guildId = world.guild.id;
      const higherBot = (await env.t.seed.bot(world, Permission.ViewChannel)).botUser.id;
      const botRole = await prisma().role.findFirstOrThrow({
        where: { guildId, botApplicationId: world.app.application.id },
      });
      const [peer, lower] = [await env.t.seed.person(), await env.t.seed.person()];
      await env.t.server.ctx.domain.members.addPerson(guildId, peer.id);
      await env.t.server.ctx.domain.members.addPerson(guildId, lower.id);
      await prisma().memberRole.create({ data: { guildId, userId: peer.id, roleId: botRole.id } });
      const refused: [string, bigint][] = [
        ["a higher-ranked bot", higherBot],
        ["a member of the bot's own rank", peer.id],
        ["the guild's owner", world.owner.id],
      ];
      const channelWith = async (targetId: bigint) => {
        const channel = (await fixtures(env.t).channel(guildId, { name: `reach-${++n}` })).id;
        await fixtures(env.t).overwrite(channel, targetId, { deny: Permission.AddReactions }, 1);
        return channel;
      };
      const rows = (channel: bigint) =>
        prisma().permissionOverwrite.findMany({
          where: { channelId: channel },
          select: { targetId: true, type: true, allow: true, deny: true },
          orderBy: { targetId: "asc" },
        });
      return { world, bot: botClient(env.t, world.token), lower: lower.id, refused, channelWith, rows };
    };
    const denyView = (id: bigint) => ({
      id: id.toString(),
      type: 1,
      allow: "0",
      deny: Permission.ViewChannel.toString(),
    });

    it("PUT sets a member overwrite only for a member ranked below the bot: a higher-ranked bot, an equal-ranked member and the owner are 50013, writing nothing", async () => {
      const s = await scene();
      for (const [, target] of s.refused) {
        const channel = await s.channelWith(target);
        const before = await s.rows(channel);
        await expectError(
          await s.bot.put(`/channels/${channel}/permissions/${target}`, {
            type: 1,
            deny: Permission.ViewChannel.toString(),
          }),
          403,
          50013,
        );
        expect(await s.rows(channel)).toEqual(before);
      }
      const channel = await s.channelWith(s.lower);
      expect(
        (
          await s.bot.put(`/channels/${channel}/permissions/${s.lower}`, {
            type: 1,
            deny: Permission.ViewChannel.toString(),
          })
        ).status,
      ).toBe(204);
      expect(await s.rows(channel)).toEqual([{ targetId: s.lower, type: 1, allow: 0n, deny: Permission.ViewChannel }]);
    });

    it("PATCH permission_overwrites adds, changes or drops a member overwrite only for a member below the bot (else 50013, writing nothing); an untouched owner overwrite stays", async () => {
      const s = await scene();
      for (const [, target] of s.refused) {
        const channel = await s.channelWith(target);
        const before = await s.rows(channel);
        await expectError(
          await s.bot.patch(`/channels/${channel}`, { permission_overwrites: [denyView(target)] }),
          403,
          50013,
        );
        await expectError(await s.bot.patch(`/channels/${channel}`, { permission_overwrites: [] }), 403, 50013);
        expect(await s.rows(channel)).toEqual(before);
        const fresh = (await fixtures(env.t).channel(s.world.guild.id, { name: `reach-${++n}` })).id;
        await expectError(
          await s.bot.patch(`/channels/${fresh}`, { permission_overwrites: [denyView(target)] }),
          403,
          50013,
        );
        expect(await s.rows(fresh)).toEqual([]);
      }
      const channel = await s.channelWith(s.lower);
      await fixtures(env.t).overwrite(channel, s.world.owner.id, { deny: Permission.AddReactions }, 1);
      const owner = { id: s.world.owner.id.toString(), type: 1, allow: "0", deny: Permission.AddReactions.toString() };
      expect(
        (await s.bot.patch(`/channels/${channel}`, { permission_overwrites: [owner, denyView(s.lower)] })).status,
      ).toBe(200);
      expect(await s.rows(channel)).toContainEqual({
        targetId: s.lower,
        type: 1,
        allow: 0n,
        deny: Permission.ViewChannel,
      });
      expect((await s.bot.patch(`/channels/${channel}`, { permission_overwrites: [owner] })).status).toBe(200);
      expect(await s.rows(channel)).toEqual([
        { targetId: s.world.owner.id, type: 1, allow: 0n, deny: Permission.AddReactions },
      ]);
    });

    it("DELETE removes a member overwrite only for a member below the bot (else 50013, leaving it in place)", async () => {
      const s = await scene();
      for (const [, target] of s.refused) {
        const channel = await s.channelWith(target);
        const before = await s.rows(channel);
        await expectError(await s.bot.delete(`/channels/${channel}/permissions/${target}`), 403, 50013);
        expect(await s.rows(channel)).toEqual(before);
      }
      const channel = await s.channelWith(s.lower);
      expect((await s.bot.delete(`/channels/${channel}/permissions/${s.lower}`)).status).toBe(204);
      expect(await s.rows(channel)).toEqual([]);
    });
    it("the bot's own member overwrite can be set where nothing restricts it, but a deny standing on it is never lifted by PUT, PATCH or DELETE (50013)", async () => {
      const s = await scene();
      const self = s.world.botUserId;
      const restricted = await s.channelWith(self);
      const before = await s.rows(restricted);
      await expectError(
        await s.bot.put(`/channels/${restricted}/permissions/${self}`, {
          type: 1,
          allow: Permission.ViewChannel.toString(),
        }),
        403,
        50013,
      );
      await expectError(
        await s.bot.patch(`/channels/${restricted}`, {
          permission_overwrites: [{ id: self.toString(), type: 1, allow: "0", deny: "0" }],
        }),
        403,
        50013,
      );
      await expectError(await s.bot.patch(`/channels/${restricted}`, { permission_overwrites: [] }), 403, 50013);
      await expectError(await s.bot.delete(`/channels/${restricted}/permissions/${self}`), 403, 50013);
      expect(await s.rows(restricted)).toEqual(before);

      const open = (await fixtures(env.t).channel(s.world.guild.id, { name: `reach-${++n}` })).id;
      expect(
        (
          await s.bot.put(`/channels/${open}/permissions/${self}`, {
            type: 1,
            allow: Permission.ViewChannel.toString(),
          })
        ).status,
      ).toBe(204);
      expect(await s.rows(open)).toEqual([{ targetId: self, type: 1, allow: Permission.ViewChannel, deny: 0n }]);
    });
  });

  describe("events", () => {
    it("sends CHANNEL_UPDATE, and CHANNEL_DELETE / CHANNEL_CREATE to a member losing / gaining the channel", async () => {
      const watcherApp = await env.t.seed.bot(env.world, Permission.ViewChannel);
      const watcher = watcherApp.botUser;
      // The watcher joined last, so its role is on top; rank it below the bot (rule 10) by swapping the two roles.
      const roleOf = (applicationId: bigint) =>
        prisma().role.findFirstOrThrow({ where: { guildId: env.world.guild.id, botApplicationId: applicationId } });
      const [botRole, watcherRole] = [
        await roleOf(env.world.app.application.id),
        await roleOf(watcherApp.application.id),
      ];
      await prisma().role.update({ where: { id: watcherRole.id }, data: { position: botRole.position } });
      await prisma().role.update({ where: { id: botRole.id }, data: { position: watcherRole.position } });
      const [self, other] = await Promise.all([
        RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds),
        RawGatewayClient.identified(env.t, watcherApp.botToken, Intents.Guilds),
      ]);
      await Promise.all([self.dispatch("GUILD_CREATE"), other.dispatch("GUILD_CREATE")]);
      const channel = await newChannel();
      const id = channel.toString();

      expect(
        (
          await env.bot.put(`/channels/${channel}/permissions/${watcher.id}`, {
            type: 1,
            deny: Permission.ViewChannel.toString(),
          })
        ).status,
      ).toBe(204);
      const update = await self.dispatch("CHANNEL_UPDATE", (d) => d.id === id);
      expect(update.d.permission_overwrites).toEqual([
        { id: watcher.id.toString(), type: 1, allow: "0", deny: Permission.ViewChannel.toString() },
      ]);
      expect((await other.dispatch("CHANNEL_DELETE", (d) => d.id === id)).d.id).toBe(id);

      expect((await env.bot.delete(`/channels/${channel}/permissions/${watcher.id}`)).status).toBe(204);
      expect((await self.dispatch("CHANNEL_UPDATE", (d) => d.id === id)).d.permission_overwrites).toEqual([]);
      // Between losing and regaining the channel the watcher heard nothing about it.
      const meanwhile = await other.until((f) => f.t === "CHANNEL_CREATE" && f.d.id === id);
      expect(meanwhile.filter((f) => f.d?.id === id).map((f) => f.t)).toEqual(["CHANNEL_CREATE"]);
      expect(meanwhile.at(-1)?.d.permission_overwrites).toEqual([]);
      await Promise.all([self.close(), other.close()]);
    });
  });

  it("limits setting and removing overwrites to 10 per 10 s per channel; another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await env.bot.put(`/channels/${busy}/permissions/${env.world.guild.id}`, {
            type: 0,
            deny: Permission.AddReactions.toString(),
          })
        ).status,
      ).toBe(204);
      expect((await env.bot.delete(`/channels/${busy}/permissions/${env.world.guild.id}`)).status).toBe(204);
    }
    const limited = await env.bot.put(`/channels/${busy}/permissions/${env.world.guild.id}`, { type: 0 });
    await expectRateLimited(limited);
    expect((await env.bot.put(`/channels/${quiet}/permissions/${env.world.guild.id}`, { type: 0 })).status).toBe(204);
  });
});
