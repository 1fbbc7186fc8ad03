import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../support/harness";
import { fixtures, type World } from "../../support/rest-fixtures";
import {
  type Client,
  client,
  expectConforms,
  expectError,
  external,
  type Json,
  LIST,
  png,
  type ScheduledEventsServer,
  startScheduledEventsServer,
  voice,
} from "./rest-scheduled-events-fixtures";

describe("scheduled events over REST", () => {
  let t: TestServer;
  let world: World;
  let creator: Client;
  let creatorId: bigint;
  let path: string;
  let addBot: ScheduledEventsServer["addBot"];

  beforeAll(async () => {
    ({ t, world, creator, creatorId, path, addBot } = await startScheduledEventsServer());
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
      expect(created.body).toMatchObject({
        entity_type: 2,
        channel_id: world.voice.id.toString(),
        entity_metadata: null,
        scheduled_end_time: null,
        status: 1,
      });
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
      const stored = await t.server.ctx.database.prisma.picture.findMany({
        where: { ownerId: BigInt(created.body?.id) },
      });
      expect(stored.map((p) => [p.hash, p.contentType, p.data.length])).toEqual([
        [created.body?.image, "image/png", 2 * 1024 * 1024],
      ]);
      // The picture route serves it by the event's id and the hash.
      const served = await fetch(
        `${t.server.ctx.urls.cdnUrl}/guild-events/${created.body?.id}/${created.body?.image}.png`,
      );
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
      const after = await t.server.ctx.database.prisma.picture.findMany({
        where: { ownerId: BigInt(created.body?.id) },
      });
      expect(after.map((p) => p.hash)).toEqual([replaced.body?.image]);
      const removed = await creator.patch(`${path}/${created.body?.id}`, { image: null });
      expect(removed.body?.image).toBeNull();
      expect(await t.server.ctx.database.prisma.picture.count({ where: { ownerId: BigInt(created.body?.id) } })).toBe(
        0,
      );
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
      const daily = await creator.post(
        path,
        external({ recurrence_rule: { frequency: 3, interval: 1, by_weekday: [4, 3, 2, 1, 0] } }),
      );
      expect(daily.body?.recurrence_rule).toMatchObject({ frequency: 3, by_weekday: [0, 1, 2, 3, 4] });
      const monthly = await creator.post(
        path,
        external({
          scheduled_start_time: "2026-01-28T18:00:00Z",
          scheduled_end_time: "2026-01-28T19:00:00Z",
          recurrence_rule: { frequency: 1, by_n_weekday: [{ n: 4, day: 2 }] },
        }),
      );
      expect(monthly.body?.recurrence_rule).toMatchObject({
        frequency: 1,
        interval: 1,
        by_n_weekday: [{ n: 4, day: 2 }],
      });
      const yearly = await creator.post(
        path,
        external({ recurrence_rule: { frequency: 0, by_month: [1], by_month_day: [7] } }),
      );
      expect(yearly.body?.recurrence_rule).toMatchObject({ frequency: 0, by_month: [1], by_month_day: [7] });
    });

    it("refuses other rules, and a start that is not one of the rule's days (50035)", async () => {
      const refused: [Json, string][] = [
        [{ frequency: 2, by_weekday: [1, 2] }, "recurrence_rule.by_weekday"],
        [{ frequency: 2, interval: 3, by_weekday: [2] }, "recurrence_rule.interval"],
        [{ frequency: 3, by_weekday: [0, 2] }, "recurrence_rule.by_weekday"],
        [{ frequency: 3, interval: 2 }, "recurrence_rule.interval"],
        [
          {
            frequency: 1,
            by_n_weekday: [
              { n: 1, day: 2 },
              { n: 3, day: 2 },
            ],
          },
          "recurrence_rule.by_n_weekday",
        ],
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
      await prisma.scheduledEvent.updateMany({
        where: { guildId: crowded.guild.id, name: "Event 0" },
        data: { status: 3 },
      });
      expect((await bot.post(crowdedPath, external())).status).toBe(200);
    });
  });
});
