import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../support/harness";
import { fixtures, type World } from "../../support/rest-fixtures";
import {
  type Client,
  expectConforms,
  expectError,
  external,
  type Json,
  ONE,
  png,
  type ScheduledEventsServer,
  startScheduledEventsServer,
  voice,
} from "./rest-scheduled-events-fixtures";

describe("scheduled events over REST", () => {
  let t: TestServer;
  let world: World;
  let creator: Client;
  let path: string;
  let addBot: ScheduledEventsServer["addBot"];

  beforeAll(async () => {
    ({ t, world, creator, path, addBot } = await startScheduledEventsServer());
  });
  afterAll(() => t?.close());

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
      expectError(
        await creator.patch(at, { scheduled_start_time: "2026-01-01T10:00:00Z" }),
        400,
        50035,
        "scheduled_start_time",
      );
      expectError(
        await creator.patch(at, { scheduled_end_time: "2026-01-07T10:00:00Z" }),
        400,
        50035,
        "scheduled_end_time",
      );
      expectError(await creator.patch(at, { scheduled_end_time: null }), 400, 50035, "scheduled_end_time");
      expectError(await creator.patch(at, { entity_type: 1 }), 400, 50035, "entity_type");
      expectError(await creator.patch(at, { privacy_level: 1 }), 400, 50035, "privacy_level");
      expectError(
        await creator.patch(at, { recurrence_rule: { frequency: 2, by_weekday: [4] } }),
        400,
        50035,
        "recurrence_rule",
      );
      expectError(await creator.patch(at, { entity_type: 2 }), 400, 50035, "channel_id");
      expect((await creator.get(at)).body).toMatchObject({ name: "Picnic", entity_type: 3 });
    });

    it("moves an event between kinds: to a voice channel, and back to somewhere else", async () => {
      const event = (await creator.post(path, external())).body as Json;
      const at = `${path}/${event.id}`;
      const toVoice = await creator.patch(at, {
        entity_type: 2,
        channel_id: world.voice.id.toString(),
        entity_metadata: null,
      });
      expect(toVoice.status).toBe(200);
      expectConforms("patch", ONE, toVoice.body);
      expect(toVoice.body).toMatchObject({
        entity_type: 2,
        channel_id: world.voice.id.toString(),
        entity_metadata: null,
      });
      expectError(
        await creator.patch(at, { entity_type: 3, channel_id: null }),
        400,
        50035,
        "entity_metadata.location",
      );
      const back = await creator.patch(at, { entity_type: 3, channel_id: null, entity_metadata: { location: "Cafe" } });
      expect(back.body).toMatchObject({ entity_type: 3, channel_id: null, entity_metadata: { location: "Cafe" } });
    });

    it("applies a repeating event's edits to the series and keeps the start on the rule's days", async () => {
      const event = (await creator.post(path, external({ recurrence_rule: { frequency: 2, by_weekday: [2] } })))
        .body as Json;
      const at = `${path}/${event.id}`;
      expectError(
        await creator.patch(at, {
          scheduled_start_time: "2026-01-08T18:00:00Z",
          scheduled_end_time: "2026-01-08T19:00:00Z",
        }),
        400,
        50035,
        "recurrence_rule",
      );
      const moved = await creator.patch(at, {
        scheduled_start_time: "2026-01-14T18:00:00Z",
        scheduled_end_time: "2026-01-14T19:00:00Z",
      });
      expect(moved.body?.recurrence_rule).toMatchObject({
        start: "2026-01-14T18:00:00.000Z",
        frequency: 2,
        by_weekday: [2],
      });
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
      expectError(
        await creator.patch(at, { scheduled_start_time: "2026-01-09T10:00:00Z" }),
        400,
        50035,
        "scheduled_start_time",
      );
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
      expectError(
        await creator.patch(`${path}/${event.id}`, { entity_type: 2, channel_id: closed.id.toString() }),
        403,
        50013,
      );
      expectError(
        await creator.patch(`${path}/${event.id}`, { entity_type: 2, channel_id: world.text.id.toString() }),
        400,
        50035,
        "channel_id",
      );
    });
  });

  describe("DELETE /guilds/{guild}/scheduled-events/{event}", () => {
    it("removes the event (every occurrence), its interest and its cover; 204", async () => {
      const event = (await creator.post(path, external({ image: png(128), recurrence_rule: { frequency: 3 } })))
        .body as Json;
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
});
