import { ManualClock, Permission } from "@chat/domain";
import type { DomainEvent } from "@chat/events";
import { GatewayIntentBits } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawGatewayClient, waitFor } from "./gateway-client";
import { startTestServer, type TestServer } from "./harness";
import { validateResponse } from "./openapi";
import { botClient, fixtures, type World } from "./rest-fixtures";

/** Monday 5 January 2026, noon UTC: every time below is relative to it. */
const NOW = new Date("2026-01-05T12:00:00Z");
const LIST = "/guilds/{guild_id}/scheduled-events";
const ONE = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}";
const USERS = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}/users";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number, fill = 7) => `data:image/png;base64,${Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - 8, fill)]).toString("base64")}`;

type Json = Record<string, any>;

/** A bot's REST client with every method the scheduled-event routes use, answering the status and the parsed body. */
function client(t: TestServer, token: string) {
  const bot = botClient(t, token);
  const read = async (answer: Promise<Response>) => {
    const response = await answer;
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : null };
  };
  return {
    get: (path: string) => read(bot.get(path)),
    post: (path: string, body: unknown) => read(bot.post(path, body)),
    patch: (path: string, body: unknown) => read(bot.patch(path, body)),
    delete: (path: string) => read(bot.delete(path)),
  };
}
type Client = ReturnType<typeof client>;

const external = (over: Json = {}) => ({
  name: "Picnic",
  privacy_level: 2,
  entity_type: 3,
  scheduled_start_time: "2026-01-07T18:00:00Z",
  scheduled_end_time: "2026-01-07T20:00:00Z",
  entity_metadata: { location: "The park" },
  ...over,
});
const voice = (channelId: bigint, over: Json = {}) => ({
  name: "Voice chat",
  privacy_level: 2,
  entity_type: 2,
  channel_id: channelId.toString(),
  scheduled_start_time: "2026-01-06T18:00:00Z",
  ...over,
});

function expectError(answer: { status: number; body: Json | null }, status: number, code: number, field?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body?.code).toBe(code);
  if (field) expect(answer.body?.errors).toHaveProperty(field);
}

function expectConforms(method: "get" | "post" | "patch", template: string, body: unknown) {
  expect(validateResponse(method, template, 200, body)).toEqual([]);
}

describe("scheduled events over REST", () => {
  let t: TestServer;
  let world: World;
  /** Create Events, View Channel, Connect (through @everyone). */
  let creator: Client;
  let creatorId: bigint;
  let path: string;
  const events: DomainEvent[] = [];

  const addBot = async (permissions: bigint, w: World = world) => {
    const app = await t.seed.bot(w, permissions);
    return { client: client(t, app.botToken), userId: app.botUser.id, token: app.botToken };
  };

  beforeAll(async () => {
    // The 100-per-guild test creates events faster than the bot's 50 requests per second;
    // limits have their own tests (rest-rate-limits), so they are off here.
    t = await startTestServer({ clock: new ManualClock(NOW), rateLimits: false });
    world = await t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
    creator = client(t, world.token);
    creatorId = world.botUserId;
    path = `/guilds/${world.guild.id}/scheduled-events`;
    t.server.ctx.bus.subscribe((event) => events.push(event));
  });
  afterAll(() => t?.close());

  describe("POST /guilds/{guild}/scheduled-events", () => {
    it("creates a somewhere-else event, with the bot as creator and interested", async () => {
      const created = await creator.post(path, external({ description: "Bring food" }));
      expect(created.status).toBe(200);
      expectConforms("post", LIST, created.body);
      expect(created.body).toMatchObject({
        guild_id: world.guild.id.toString(),
        name: "Picnic",
        description: "Bring food",
        channel_id: null,
        creator_id: creatorId.toString(),
        creator: { id: creatorId.toString(), bot: true },
        scheduled_start_time: "2026-01-07T18:00:00.000Z",
        scheduled_end_time: "2026-01-07T20:00:00.000Z",
        privacy_level: 2,
        status: 1,
        entity_type: 3,
        entity_metadata: { location: "The park" },
        image: null,
        recurrence_rule: null,
      });
      const users = await creator.get(`${path}/${created.body?.id}/users`);
      expect(users.body?.map((u: Json) => u.user.id)).toEqual([creatorId.toString()]);
    });

    it("creates a voice-channel event in a voice channel the bot can view and connect to", async () => {
      const created = await creator.post(path, voice(world.voice.id));
      expect(created.status).toBe(200);
      expectConforms("post", LIST, created.body);
      expect(created.body).toMatchObject({ entity_type: 2, channel_id: world.voice.id.toString(), entity_metadata: null, scheduled_end_time: null, status: 1 });
    });

    it("refuses fields out of bounds with 50035 naming the field", async () => {
      const cases: [Json, string][] = [
        [external({ name: undefined }), "name"],
        [external({ name: "" }), "name"],
        [external({ name: "x".repeat(101) }), "name"],
        [external({ description: "x".repeat(1001) }), "description"],
        [external({ entity_type: 1 }), "entity_type"],
        [external({ privacy_level: 1 }), "privacy_level"],
        [external({ scheduled_start_time: "next tuesday" }), "scheduled_start_time"],
        [external({ scheduled_start_time: "2026-01-05T11:59:00Z" }), "scheduled_start_time"],
        [external({ scheduled_end_time: "2026-01-07T17:00:00Z" }), "scheduled_end_time"],
        [external({ scheduled_end_time: null }), "scheduled_end_time"],
        [external({ entity_metadata: undefined }), "entity_metadata.location"],
        [external({ entity_metadata: { location: "x".repeat(101) } }), "entity_metadata.location"],
        [external({ channel_id: world.voice.id.toString() }), "channel_id"],
        [voice(world.voice.id, { channel_id: undefined }), "channel_id"],
        [voice(world.voice.id, { entity_metadata: { location: "Somewhere" } }), "entity_metadata"],
        [voice(world.text.id), "channel_id"],
      ];
      for (const [body, field] of cases) {
        const answer = await creator.post(path, body);
        expect({ field, status: answer.status, code: answer.body?.code }).toEqual({ field, status: 400, code: 50035 });
        expect(answer.body?.errors).toHaveProperty(field);
      }
    });

    it("answers a hidden voice channel or one of another guild like one that does not exist (50035 on channel_id)", async () => {
      const f = fixtures(t);
      const hidden = await f.channel(world.guild.id, { name: "Hidden voice", type: 2 });
      await f.hideFromEveryone(hidden.id, world.guild.id);
      expectError(await creator.post(path, voice(hidden.id)), 400, 50035, "channel_id");
      const other = await t.seed.world();
      expectError(await creator.post(path, voice(other.voice.id)), 400, 50035, "channel_id");
      expectError(await creator.post(path, voice(999999999n)), 400, 50035, "channel_id");
    });

    it("needs Create Events (50013), and Connect in the voice channel for a voice-channel event", async () => {
      const viewer = await addBot(Permission.ViewChannel);
      expectError(await viewer.client.post(path, external()), 403, 50013);
      expectError(await viewer.client.post(path, voice(world.voice.id)), 403, 50013);

      const f = fixtures(t);
      const muted = await f.channel(world.guild.id, { name: "No connect", type: 2 });
      await f.overwrite(muted.id, world.guild.id, { deny: Permission.Connect });
      expectError(await creator.post(path, voice(muted.id)), 403, 50013);
      // Create Events granted in that channel alone is enough there, with Connect.
      const channelOnly = await addBot(Permission.ViewChannel);
      const room = await f.channel(world.guild.id, { name: "Event room", type: 2 });
      await f.overwrite(room.id, channelOnly.userId, { allow: Permission.CreateEvents }, 1);
      expect((await channelOnly.client.post(path, voice(room.id))).status).toBe(200);
      expectError(await channelOnly.client.post(path, external()), 403, 50013);
    });

    it("answers Unknown Guild for a guild the bot is not in", async () => {
      const other = await t.seed.world();
      const foreign = `/guilds/${other.guild.id}/scheduled-events`;
      expectError(await creator.post(foreign, external()), 404, 10004);
      expectError(await creator.get(foreign), 404, 10004);
      expectError(await creator.get(`/guilds/not-an-id/scheduled-events`), 404, 10004);
    });

    it("stores a cover of up to 8 MB by the event's id and answers its hash; a larger one is refused", async () => {
      const cover = png(2 * 1024 * 1024);
      const created = await creator.post(path, external({ image: cover }));
      expect(created.status).toBe(200);
      expectConforms("post", LIST, created.body);
      expect(created.body?.image).toMatch(/^[0-9a-f]{32}$/);
      const stored = await t.server.ctx.database.prisma.picture.findMany({ where: { ownerId: BigInt(created.body?.id) } });
      expect(stored.map((p) => [p.hash, p.contentType, p.data.length])).toEqual([[created.body?.image, "image/png", 2 * 1024 * 1024]]);
      // The picture route serves it by the event's id and the hash.
      const served = await fetch(`${t.server.ctx.urls.cdnUrl}/guild-events/${created.body?.id}/${created.body?.image}.png`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect((await served.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);

      expectError(await creator.post(path, external({ image: png(8 * 1024 * 1024 + 1) })), 400, 50035, "image");
      expectError(await creator.post(path, external({ image: "data:image/png;base64,aGVsbG8=" })), 400, 50035, "image");
      expectError(await creator.post(path, external({ image: "not image data" })), 400, 50035, "image");

      // A new cover replaces the old one; null removes it.
      const replaced = await creator.patch(`${path}/${created.body?.id}`, { image: png(64, 9) });
      expect(replaced.status).toBe(200);
      expect(replaced.body?.image).not.toBe(created.body?.image);
      const after = await t.server.ctx.database.prisma.picture.findMany({ where: { ownerId: BigInt(created.body?.id) } });
      expect(after.map((p) => p.hash)).toEqual([replaced.body?.image]);
      const removed = await creator.patch(`${path}/${created.body?.id}`, { image: null });
      expect(removed.body?.image).toBeNull();
      expect(await t.server.ctx.database.prisma.picture.count({ where: { ownerId: BigInt(created.body?.id) } })).toBe(0);
    });

    it("takes a recurrence rule in the reference shapes, ignoring its start, and echoes it with the event's start", async () => {
      // Wednesday 7 January: every other Wednesday.
      const created = await creator.post(
        path,
        external({ recurrence_rule: { start: "2020-01-01T00:00:00Z", frequency: 2, interval: 2, by_weekday: [2] } }),
      );
      expect(created.status).toBe(200);
      expectConforms("post", LIST, created.body);
      expect(created.body?.recurrence_rule).toEqual({
        start: "2026-01-07T18:00:00.000Z",
        end: null,
        frequency: 2,
        interval: 2,
        by_weekday: [2],
        by_n_weekday: null,
        by_month: null,
        by_month_day: null,
        by_year_day: null,
        count: null,
      });
      const daily = await creator.post(path, external({ recurrence_rule: { frequency: 3, interval: 1, by_weekday: [4, 3, 2, 1, 0] } }));
      expect(daily.body?.recurrence_rule).toMatchObject({ frequency: 3, by_weekday: [0, 1, 2, 3, 4] });
      const monthly = await creator.post(
        path,
        external({ scheduled_start_time: "2026-01-28T18:00:00Z", scheduled_end_time: "2026-01-28T19:00:00Z", recurrence_rule: { frequency: 1, by_n_weekday: [{ n: 4, day: 2 }] } }),
      );
      expect(monthly.body?.recurrence_rule).toMatchObject({ frequency: 1, interval: 1, by_n_weekday: [{ n: 4, day: 2 }] });
      const yearly = await creator.post(path, external({ recurrence_rule: { frequency: 0, by_month: [1], by_month_day: [7] } }));
      expect(yearly.body?.recurrence_rule).toMatchObject({ frequency: 0, by_month: [1], by_month_day: [7] });
    });

    it("refuses other rules, and a start that is not one of the rule's days (50035)", async () => {
      const refused: [Json, string][] = [
        [{ frequency: 2, by_weekday: [1, 2] }, "recurrence_rule.by_weekday"],
        [{ frequency: 2, interval: 3, by_weekday: [2] }, "recurrence_rule.interval"],
        [{ frequency: 3, by_weekday: [0, 2] }, "recurrence_rule.by_weekday"],
        [{ frequency: 3, interval: 2 }, "recurrence_rule.interval"],
        [{ frequency: 1, by_n_weekday: [{ n: 1, day: 2 }, { n: 3, day: 2 }] }, "recurrence_rule.by_n_weekday"],
        [{ frequency: 0, by_month: [1] }, "recurrence_rule.by_month_day"],
        [{ frequency: 3, count: 3 }, "recurrence_rule.count"],
        [{ frequency: 2, by_weekday: [3] }, "recurrence_rule"],
        [{ frequency: 3, by_weekday: [5, 6] }, "recurrence_rule"],
        [{ frequency: 1, by_n_weekday: [{ n: 2, day: 2 }] }, "recurrence_rule"],
        [{ frequency: 0, by_month: [1], by_month_day: [8] }, "recurrence_rule"],
      ];
      for (const [rule, field] of refused) {
        const answer = await creator.post(path, external({ recurrence_rule: rule }));
        expect({ field, status: answer.status, code: answer.body?.code }).toEqual({ field, status: 400, code: 50035 });
        expect(answer.body?.errors).toHaveProperty(field);
      }
    });

    it("holds at most 100 open events per guild (30038)", async () => {
      const crowded = await t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
      const prisma = t.server.ctx.database.prisma;
      await prisma.scheduledEvent.createMany({
        data: Array.from({ length: 99 }, (_, i) => ({
          guildId: crowded.guild.id,
          creatorId: crowded.owner.id,
          name: `Event ${i}`,
          scheduledStartTime: new Date("2026-02-01T10:00:00Z"),
          scheduledEndTime: new Date("2026-02-01T11:00:00Z"),
          entityType: 3,
          location: "Hall",
        })),
      });
      const bot = client(t, crowded.token);
      const crowdedPath = `/guilds/${crowded.guild.id}/scheduled-events`;
      expect((await bot.post(crowdedPath, external())).status).toBe(200);
      expectError(await bot.post(crowdedPath, external()), 400, 30038);
      // Finished events do not count.
      await prisma.scheduledEvent.updateMany({ where: { guildId: crowded.guild.id, name: "Event 0" }, data: { status: 3 } });
      expect((await bot.post(crowdedPath, external())).status).toBe(200);
    });
  });

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
      const theirs = (await client(t, other.token).post(`/guilds/${other.guild.id}/scheduled-events`, external())).body as Json;
      expectError(await creator.get(`${path}/${theirs.id}`), 404, 10070);
      expectError(await creator.get(`/guilds/${other.guild.id}/scheduled-events/${theirs.id}`), 404, 10004);
    });
  });

  describe("PATCH /guilds/{guild}/scheduled-events/{event}", () => {
    it("lets the creator edit its own event with Create Events; another bot needs Manage Events", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const edited = await creator.patch(`${path}/${event.id}`, {
        name: "Picnic (moved)",
        description: null,
        entity_metadata: { location: "The beach" },
        scheduled_start_time: "2026-01-08T18:00:00Z",
        scheduled_end_time: "2026-01-08T21:00:00Z",
      });
      expect(edited.status).toBe(200);
      expectConforms("patch", ONE, edited.body);
      expect(edited.body).toMatchObject({
        name: "Picnic (moved)",
        description: null,
        entity_metadata: { location: "The beach" },
        scheduled_start_time: "2026-01-08T18:00:00.000Z",
        scheduled_end_time: "2026-01-08T21:00:00.000Z",
      });

      const otherCreator = await addBot(Permission.ViewChannel | Permission.CreateEvents);
      expectError(await otherCreator.client.patch(`${path}/${event.id}`, { name: "Mine now" }), 403, 50013);
      expectError(await otherCreator.client.delete(`${path}/${event.id}`), 403, 50013);
      const nobody = await addBot(Permission.ViewChannel);
      expectError(await nobody.client.patch(`${path}/${event.id}`, { name: "Mine now" }), 403, 50013);
      const manager = await addBot(Permission.ViewChannel | Permission.ManageEvents);
      const managed = await manager.client.patch(`${path}/${event.id}`, { name: "Managed" });
      expect(managed.status).toBe(200);
      expect(managed.body?.name).toBe("Managed");
    });

    it("refuses edits that break the field rules (50035)", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const at = `${path}/${event.id}`;
      expectError(await creator.patch(at, { name: "" }), 400, 50035, "name");
      expectError(await creator.patch(at, { scheduled_start_time: "2026-01-01T10:00:00Z" }), 400, 50035, "scheduled_start_time");
      expectError(await creator.patch(at, { scheduled_end_time: "2026-01-07T10:00:00Z" }), 400, 50035, "scheduled_end_time");
      expectError(await creator.patch(at, { scheduled_end_time: null }), 400, 50035, "scheduled_end_time");
      expectError(await creator.patch(at, { entity_type: 1 }), 400, 50035, "entity_type");
      expectError(await creator.patch(at, { privacy_level: 1 }), 400, 50035, "privacy_level");
      expectError(await creator.patch(at, { recurrence_rule: { frequency: 2, by_weekday: [4] } }), 400, 50035, "recurrence_rule");
      expectError(await creator.patch(at, { entity_type: 2 }), 400, 50035, "channel_id");
      expect((await creator.get(at)).body).toMatchObject({ name: "Picnic", entity_type: 3 });
    });

    it("moves an event between kinds: to a voice channel, and back to somewhere else", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const at = `${path}/${event.id}`;
      const toVoice = await creator.patch(at, { entity_type: 2, channel_id: world.voice.id.toString(), entity_metadata: null });
      expect(toVoice.status).toBe(200);
      expectConforms("patch", ONE, toVoice.body);
      expect(toVoice.body).toMatchObject({ entity_type: 2, channel_id: world.voice.id.toString(), entity_metadata: null });
      expectError(await creator.patch(at, { entity_type: 3, channel_id: null }), 400, 50035, "entity_metadata.location");
      const back = await creator.patch(at, { entity_type: 3, channel_id: null, entity_metadata: { location: "Cafe" } });
      expect(back.body).toMatchObject({ entity_type: 3, channel_id: null, entity_metadata: { location: "Cafe" } });
    });

    it("applies a repeating event's edits to the series and keeps the start on the rule's days", async () => {
      const event = (await creator.post(path, external({ recurrence_rule: { frequency: 2, by_weekday: [2] } }))).body as Json;
      const at = `${path}/${event.id}`;
      expectError(await creator.patch(at, { scheduled_start_time: "2026-01-08T18:00:00Z", scheduled_end_time: "2026-01-08T19:00:00Z" }), 400, 50035, "recurrence_rule");
      const moved = await creator.patch(at, { scheduled_start_time: "2026-01-14T18:00:00Z", scheduled_end_time: "2026-01-14T19:00:00Z" });
      expect(moved.body?.recurrence_rule).toMatchObject({ start: "2026-01-14T18:00:00.000Z", frequency: 2, by_weekday: [2] });
      const daily = await creator.patch(at, { recurrence_rule: { frequency: 3 } });
      expect(daily.body?.recurrence_rule).toMatchObject({ frequency: 3, interval: 1, by_weekday: null });
      const single = await creator.patch(at, { recurrence_rule: null });
      expect(single.body?.recurrence_rule).toBeNull();
    });

    it("starts a pre-start voice-channel event (2), ends an active one (3); other changes of status are refused", async () => {
      const event = (await creator.post(path, voice(world.voice.id))).body as Json;
      const at = `${path}/${event.id}`;
      expectError(await creator.patch(at, { status: 3 }), 400, 50035, "status");
      const started = await creator.patch(at, { status: 2 });
      expect(started.status).toBe(200);
      expectConforms("patch", ONE, started.body);
      expect(started.body?.status).toBe(2);
      expectError(await creator.patch(at, { status: 4 }), 400, 50035, "status");
      expectError(await creator.patch(at, { status: 1 }), 400, 50035, "status");
      expectError(await creator.patch(at, { scheduled_start_time: "2026-01-09T10:00:00Z" }), 400, 50035, "scheduled_start_time");
      const ended = await creator.patch(at, { status: 3 });
      expect(ended.body?.status).toBe(3);
      expectError(await creator.patch(at, { status: 2 }), 400, 50035);
      expectError(await creator.patch(at, { name: "Again" }), 400, 50035);
    });

    it("cancels a pre-start event (4); a somewhere-else event is not started by PATCH", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const at = `${path}/${event.id}`;
      expectError(await creator.patch(at, { status: 2 }), 400, 50035, "status");
      expectError(await creator.patch(at, { status: 7 }), 400, 50035, "status");
      const cancelled = await creator.patch(at, { status: 4 });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body?.status).toBe(4);
      expectError(await creator.patch(at, { status: 1 }), 400, 50035);
    });

    it("needs View Channel and Connect in a voice channel the event moves to", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const f = fixtures(t);
      const closed = await f.channel(world.guild.id, { name: "Closed voice", type: 2 });
      await f.overwrite(closed.id, world.guild.id, { deny: Permission.Connect });
      expectError(await creator.patch(`${path}/${event.id}`, { entity_type: 2, channel_id: closed.id.toString() }), 403, 50013);
      expectError(await creator.patch(`${path}/${event.id}`, { entity_type: 2, channel_id: world.text.id.toString() }), 400, 50035, "channel_id");
    });
  });

  describe("DELETE /guilds/{guild}/scheduled-events/{event}", () => {
    it("removes the event (every occurrence), its interest and its cover; 204", async () => {
      const event = (await creator.post(path, external({ image: png(128), recurrence_rule: { frequency: 3 } }))).body as Json;
      const deleted = await creator.delete(`${path}/${event.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeNull();
      expectError(await creator.get(`${path}/${event.id}`), 404, 10070);
      expectError(await creator.delete(`${path}/${event.id}`), 404, 10070);
      const prisma = t.server.ctx.database.prisma;
      expect(await prisma.picture.count({ where: { ownerId: BigInt(event.id) } })).toBe(0);
      expect(await prisma.scheduledEventUser.count({ where: { eventId: BigInt(event.id) } })).toBe(0);
    });

    it("lets Manage Events delete another's event", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const manager = await addBot(Permission.ViewChannel | Permission.ManageEvents);
      expect((await manager.client.delete(`${path}/${event.id}`)).status).toBe(204);
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
      await t.server.ctx.database.prisma.member.delete({ where: { guildId_userId: { guildId: world.guild.id, userId: leaver.id } } });

      const ids = [creatorId.toString(), ...people, leaver.id.toString()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
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
      expect(entries.find((u) => u.user.id === people[0])?.member).toMatchObject({ user: { id: people[0] }, roles: [] });
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
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_CREATE", (d) => d.id === created.id)).d).toMatchObject({ name: "Announced", status: 1 });
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_USER_ADD", (d) => d.guild_scheduled_event_id === created.id)).d).toEqual({
        guild_scheduled_event_id: created.id,
        user_id: creatorId.toString(),
        guild_id: world.guild.id.toString(),
      });
      await creator.patch(`${path}/${created.id}`, { name: "Renamed" });
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.id === created.id)).d.name).toBe("Renamed");
      const person = await t.seed.person();
      await t.server.ctx.domain.members.addPerson(world.guild.id, person.id);
      await t.server.ctx.domain.scheduledEvents.setInterest(world.guild.id, BigInt(created.id), person.id, true);
      await session.dispatch("GUILD_SCHEDULED_EVENT_USER_ADD", (d) => d.user_id === person.id.toString());
      await t.server.ctx.domain.scheduledEvents.setInterest(world.guild.id, BigInt(created.id), person.id, false);
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_USER_REMOVE", (d) => d.user_id === person.id.toString())).d).toEqual({
        guild_scheduled_event_id: created.id,
        user_id: person.id.toString(),
        guild_id: world.guild.id.toString(),
      });
      await creator.delete(`${path}/${created.id}`);
      expect((await session.dispatch("GUILD_SCHEDULED_EVENT_DELETE", (d) => d.id === created.id)).d.name).toBe("Renamed");
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
      expect(frames.filter((f) => f.t?.startsWith("GUILD_SCHEDULED_EVENT")).map((f) => f.d.id ?? f.d.guild_scheduled_event_id)).toEqual([open.id]);
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
      const ids = (await full.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString())).d.guild_scheduled_events.map((e: Json) => e.id);
      expect(ids).toContain(visible.id);
      expect(ids).not.toContain(hidden.id);
      const bare = await RawGatewayClient.identified(t, withoutIntent.token, GatewayIntentBits.Guilds);
      expect((await bare.dispatch("GUILD_CREATE", (d) => d.id === world.guild.id.toString())).d.guild_scheduled_events).toEqual([]);

      // The GUILD_CREATE of joining a guild follows the same rule.
      const second = await t.seed.guild(world.owner.id, "Second");
      await t.server.ctx.domain.scheduledEvents.create(second.id, world.owner.id, external({ name: "Second's event" }));
      const apps = await Promise.all([withIntent, withoutIntent].map(async (bot) => (await t.server.ctx.database.prisma.application.findUniqueOrThrow({ where: { botUserId: bot.userId } })).id));
      for (const applicationId of apps) await t.server.ctx.domain.members.addBot(world.owner.id, second.id, applicationId, Permission.ViewChannel);
      const joinedFull = await full.dispatch("GUILD_CREATE", (d) => d.id === second.id.toString());
      expect(joinedFull.d.guild_scheduled_events.map((e: Json) => e.name)).toEqual(["Second's event"]);
      const joinedBare = await bare.dispatch("GUILD_CREATE", (d) => d.id === second.id.toString());
      expect(joinedBare.d.guild_scheduled_events).toEqual([]);
      await Promise.all([full.close(), bare.close()]);
    });
  });

  it("records the bus events with their scope (guild, and channel for voice-channel events)", async () => {
    const created = (await creator.post(path, voice(world.voice.id, { name: "Scoped" }))).body as Json;
    await waitFor(() => events.some((e) => e.t === "GUILD_SCHEDULED_EVENT_USER_ADD" && (e.d as Json).guild_scheduled_event_id === created.id));
    const mine = events.filter((e) => (e.d as Json)?.id === created.id || (e.d as Json)?.guild_scheduled_event_id === created.id);
    expect(mine.map((e) => [e.t, e.guildId, e.channelId])).toEqual([
      ["GUILD_SCHEDULED_EVENT_CREATE", world.guild.id.toString(), world.voice.id.toString()],
      ["GUILD_SCHEDULED_EVENT_USER_ADD", world.guild.id.toString(), world.voice.id.toString()],
    ]);
  });
});
