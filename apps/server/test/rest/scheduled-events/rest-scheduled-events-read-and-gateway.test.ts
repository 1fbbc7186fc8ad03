import { Permission } from "@chat/domain";
import type { DomainEvent } from "@chat/events";
import { GatewayIntentBits } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawGatewayClient, waitFor } from "../../support/gateway-client";
import type { TestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures, type World } from "../../support/rest-fixtures";
import {
  type Client,
  client,
  expectConforms,
  expectError,
  external,
  type Json,
  LIST,
  ONE,
  type ScheduledEventsServer,
  startScheduledEventsServer,
  USERS,
  voice,
} from "./rest-scheduled-events-fixtures";

describe("scheduled events over REST", () => {
  let t: TestServer;
  let world: World;
  let creator: Client;
  let creatorId: bigint;
  let path: string;
  let addBot: ScheduledEventsServer["addBot"];
  let events: DomainEvent[];

  beforeAll(async () => {
    ({ t, world, creator, creatorId, path, addBot, events } = await startScheduledEventsServer());
  });
  afterAll(() => t?.close());

  describe("GET /guilds/{guild}/scheduled-events and GET one", () => {
    it("lists the events the bot can see, with user_count on request", async () => {
      const mine = (await creator.post(path, external({ name: "Listed" }))).body as Json;
      const listed = await creator.get(path);
      expect(listed.status).toBe(200);
      expectConforms("get", LIST, listed.body);
      const entry = (listed.body as unknown as Json[]).find((e) => e.id === mine.id);
      expect(entry).toMatchObject({ name: "Listed" });
      expect(entry).not.toHaveProperty("user_count");
      const counted = await creator.get(`${path}?with_user_count=true`);
      expectConforms("get", LIST, counted.body);
      expect((counted.body as unknown as Json[]).find((e) => e.id === mine.id)?.user_count).toBe(1);
      expectError(await creator.get(`${path}?with_user_count=maybe`), 400, 50035, "with_user_count");

      const one = await creator.get(`${path}/${mine.id}`);
      expect(one.status).toBe(200);
      expectConforms("get", ONE, one.body);
      expect(one.body).toMatchObject({ id: mine.id, name: "Listed" });
    });

    it("hides a voice-channel event from a bot that cannot view its channel (10070)", async () => {
      const f = fixtures(t);
      const staff = await f.channel(world.guild.id, { name: "Staff voice", type: 2 });
      await f.hideFromEveryone(staff.id, world.guild.id);
      await f.overwrite(staff.id, creatorId, { allow: Permission.ViewChannel }, 1);
      const secret = (await creator.post(path, voice(staff.id, { name: "Secret meeting" }))).body as Json;
      expect(secret.channel_id).toBe(staff.id.toString());

      const outsider = await addBot(Permission.ViewChannel | Permission.ManageEvents);
      const seen = (await outsider.client.get(path)).body as unknown as Json[];
      expect(seen.map((e) => e.id)).not.toContain(secret.id);
      expect(seen.length).toBeGreaterThan(0);
      expectError(await outsider.client.get(`${path}/${secret.id}`), 404, 10070);
      expectError(await outsider.client.get(`${path}/${secret.id}/users`), 404, 10070);
      expectError(await outsider.client.patch(`${path}/${secret.id}`, { name: "Found" }), 404, 10070);
      expectError(await outsider.client.delete(`${path}/${secret.id}`), 404, 10070);
    });

    it("answers 10070 for an unknown event or one of another guild, Unknown Guild for a foreign guild", async () => {
      expectError(await creator.get(`${path}/999999999`), 404, 10070);
      expectError(await creator.get(`${path}/abc`), 404, 10070);
      const other = await t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
      const theirs = (await client(t, other.token).post(`/guilds/${other.guild.id}/scheduled-events`, external()))
        .body as Json;
      expectError(await creator.get(`${path}/${theirs.id}`), 404, 10070);
      expectError(await creator.get(`/guilds/${other.guild.id}/scheduled-events/${theirs.id}`), 404, 10004);
    });
  });

  describe("GET /guilds/{guild}/scheduled-events/{event}/users", () => {
    it("lists interested users by id with limit, before, after and with_member", async () => {
      const domain = t.server.ctx.domain;
      const event = (await creator.post(path, external())).body as Json;
      const people: string[] = [];
      for (let i = 0; i < 4; i++) {
        const person = await t.seed.person();
        await domain.members.addPerson(world.guild.id, person.id);
        await domain.scheduledEvents.setInterest(world.guild.id, BigInt(event.id), person.id, true);
        people.push(person.id.toString());
      }
      // Someone who left the guild stays listed, without a member.
      const leaver = await t.seed.person();
      await domain.members.addPerson(world.guild.id, leaver.id);
      await domain.scheduledEvents.setInterest(world.guild.id, BigInt(event.id), leaver.id, true);
      await t.server.ctx.database.prisma.member.delete({
        where: { guildId_userId: { guildId: world.guild.id, userId: leaver.id } },
      });

      const ids = [creatorId.toString(), ...people, leaver.id.toString()].sort((a, b) =>
        BigInt(a) < BigInt(b) ? -1 : 1,
      );
      const at = `${path}/${event.id}/users`;
      const all = await creator.get(at);
      expect(all.status).toBe(200);
      expect(validateResponse("get", USERS, 200, all.body)).toEqual([]);
      expect((all.body as unknown as Json[]).map((u) => u.user.id)).toEqual(ids);
      expect((all.body as unknown as Json[])[0]).toMatchObject({ guild_scheduled_event_id: event.id });
      expect((all.body as unknown as Json[]).every((u) => !("member" in u))).toBe(true);

      const page = (await creator.get(`${at}?limit=2`)).body as unknown as Json[];
      expect(page.map((u) => u.user.id)).toEqual(ids.slice(0, 2));
      const after = (await creator.get(`${at}?after=${ids[1]}&limit=2`)).body as unknown as Json[];
      expect(after.map((u) => u.user.id)).toEqual(ids.slice(2, 4));
      const before = (await creator.get(`${at}?before=${ids[4]}&limit=2`)).body as unknown as Json[];
      expect(before.map((u) => u.user.id)).toEqual(ids.slice(2, 4));
      const both = (await creator.get(`${at}?before=${ids[2]}&after=${ids[3]}`)).body as unknown as Json[];
      expect(both.map((u) => u.user.id)).toEqual(ids.slice(0, 2));

      const withMembers = await creator.get(`${at}?with_member=true`);
      expect(validateResponse("get", USERS, 200, withMembers.body)).toEqual([]);
      const entries = withMembers.body as unknown as Json[];
      expect(entries.find((u) => u.user.id === people[0])?.member).toMatchObject({
        user: { id: people[0] },
        roles: [],
      });
      expect(entries.find((u) => u.user.id === leaver.id.toString())).not.toHaveProperty("member");

      expectError(await creator.get(`${at}?limit=101`), 400, 50035, "limit");
      expectError(await creator.get(`${at}?limit=0`), 400, 50035, "limit");
      expectError(await creator.get(`${at}?after=abc`), 400, 50035, "after");
    });
  });

  describe("gateway events", () => {
    const scheduled = GatewayIntentBits.Guilds | GatewayIntentBits.GuildScheduledEvents;

    it("announces create, update, delete and interest to bots holding Guild Scheduled Events", async () => {
      const watcher = await addBot(Permission.ViewChannel);
      const session = await RawGatewayClient.identified(t, watcher.token, scheduled);
      await session.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString());
      const created = (await creator.post(path, external({ name: "Announced" }))).body as Json;
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_CREATE", (d) => d.id === created.id)).d).toMatchObject({
        name: "Announced",
        status: 1,
      });
      expect(
        (await session.dispatch("GUILD_SCHEDULED_EVENT_USER_ADD", (d) => d.guild_scheduled_event_id === created.id)).d,
      ).toEqual({
        guild_scheduled_event_id: created.id,
        user_id: creatorId.toString(),
        guild_id: world.guild.id.toString(),
      });
      await creator.patch(`${path}/${created.id}`, { name: "Renamed" });
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.id === created.id)).d.name).toBe(
        "Renamed",
      );
      const person = await t.seed.person();
      await t.server.ctx.domain.members.addPerson(world.guild.id, person.id);
      await t.server.ctx.domain.scheduledEvents.setInterest(world.guild.id, BigInt(created.id), person.id, true);
      await session.dispatch("GUILD_SCHEDULED_EVENT_USER_ADD", (d) => d.user_id === person.id.toString());
      await t.server.ctx.domain.scheduledEvents.setInterest(world.guild.id, BigInt(created.id), person.id, false);
      expect(
        (await session.dispatch("GUILD_SCHEDULED_EVENT_USER_REMOVE", (d) => d.user_id === person.id.toString())).d,
      ).toEqual({
        guild_scheduled_event_id: created.id,
        user_id: person.id.toString(),
        guild_id: world.guild.id.toString(),
      });
      await creator.delete(`${path}/${created.id}`);
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_DELETE", (d) => d.id === created.id)).d.name).toBe(
        "Renamed",
      );
      await session.close();
    });

    it("scopes a voice-channel event's events to its channel, so only its viewers get them", async () => {
      const f = fixtures(t);
      const staff = await f.channel(world.guild.id, { name: "Staff only", type: 2 });
      await f.hideFromEveryone(staff.id, world.guild.id);
      await f.overwrite(staff.id, creatorId, { allow: Permission.ViewChannel }, 1);
      const outsider = await addBot(Permission.ViewChannel);
      const session = await RawGatewayClient.identified(t, outsider.token, scheduled);
      await session.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString());
      const hidden = (await creator.post(path, voice(staff.id, { name: "Hidden" }))).body as Json;
      const open = (await creator.post(path, voice(world.voice.id, { name: "Open" }))).body as Json;
      const frames = await session.until((f) => f.t === "GUILD_SCHEDULED_EVENT_CREATE" && f.d.id === open.id);
      expect(
        frames
          .filter((f) => f.t?.startsWith("GUILD_SCHEDULED_EVENT"))
          .map((f) => f.d.id ?? f.d.guild_scheduled_event_id),
      ).toEqual([open.id]);
      const scope = events.find((e) => e.t === "GUILD_SCHEDULED_EVENT_CREATE" && (e.d as Json).id === hidden.id);
      expect(scope).toMatchObject({ guildId: world.guild.id.toString(), channelId: staff.id.toString() });
      await session.close();
    });

    it("sends nothing to a bot without the Guild Scheduled Events intent", async () => {
      const watcher = await addBot(Permission.ViewChannel);
      const session = await RawGatewayClient.identified(t, watcher.token, GatewayIntentBits.Guilds);
      await session.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString());
      await creator.post(path, external({ name: "Quiet" }));
      // Barrier: a later event the session does receive (a new bot's role, Guilds intent).
      await addBot(Permission.ViewChannel);
      const frames = await session.until((f) => f.t === "GUILD_ROLE_CREATE");
      expect(frames.filter((f) => f.t?.startsWith("GUILD_SCHEDULED_EVENT"))).toEqual([]);
      await session.close();
    });

    it("puts the events the bot can see in GUILD_CREATE only with Guilds and Guild Scheduled Events", async () => {
      const f = fixtures(t);
      const hiddenRoom = await f.channel(world.guild.id, { name: "Hidden room", type: 2 });
      await f.hideFromEveryone(hiddenRoom.id, world.guild.id);
      await f.overwrite(hiddenRoom.id, creatorId, { allow: Permission.ViewChannel }, 1);
      const hidden = (await creator.post(path, voice(hiddenRoom.id, { name: "Not for all" }))).body as Json;
      const visible = (await creator.post(path, external({ name: "For all" }))).body as Json;

      const withIntent = await addBot(Permission.ViewChannel);
      const withoutIntent = await addBot(Permission.ViewChannel);
      const full = await RawGatewayClient.identified(t, withIntent.token, scheduled);
      const ids = (
        await full.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString())
      ).d.guild_scheduled_events.map((e: Json) => e.id);
      expect(ids).toContain(visible.id);
      expect(ids).not.toContain(hidden.id);
      const bare = await RawGatewayClient.identified(t, withoutIntent.token, GatewayIntentBits.Guilds);
      expect(
        (await bare.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString())).d.guild_scheduled_events,
      ).toEqual([]);

      // The GUILD_CREATE of joining a guild follows the same rule.
      const second = await t.seed.guild(world.owner.id, "Second");
      await t.server.ctx.domain.scheduledEvents.create(second.id, world.owner.id, external({ name: "Second's event" }));
      const apps = await Promise.all(
        [withIntent, withoutIntent].map(
          async (bot) =>
            (await t.server.ctx.database.prisma.application.findUniqueOrThrow({ where: { botUserId: bot.userId } })).id,
        ),
      );
      for (const applicationId of apps)
        await t.server.ctx.domain.members.addBot(world.owner.id, second.id, applicationId, Permission.ViewChannel);
      const joinedFull = await full.dispatch("GUILD_CREATE", (d) => d.id === second.id.toString());
      expect(joinedFull.d.guild_scheduled_events.map((e: Json) => e.name)).toEqual(["Second's event"]);
      const joinedBare = await bare.dispatch("GUILD_CREATE", (d) => d.id === second.id.toString());
      expect(joinedBare.d.guild_scheduled_events).toEqual([]);
      await Promise.all([full.close(), bare.close()]);
    });
  });

  it("records the bus events with their scope (guild, and channel for voice-channel events)", async () => {
    const created = (await creator.post(path, voice(world.voice.id, { name: "Scoped" }))).body as Json;
    await waitFor(() =>
      events.some(
        (e) => e.t === "GUILD_SCHEDULED_EVENT_USER_ADD" && (e.d as Json).guild_scheduled_event_id === created.id,
      ),
    );
    const mine = events.filter(
      (e) => (e.d as Json)?.id === created.id || (e.d as Json)?.guild_scheduled_event_id === created.id,
    );
    expect(mine.map((e) => [e.t, e.guildId, e.channelId])).toEqual([
      ["GUILD_SCHEDULED_EVENT_CREATE", world.guild.id.toString(), world.voice.id.toString()],
      ["GUILD_SCHEDULED_EVENT_USER_ADD", world.guild.id.toString(), world.voice.id.toString()],
    ]);
  });
});
