import { ManualClock, Permission } from "@chat/domain";
import type { DomainEvent } from "@chat/events";
import { expect } from "vitest";
import { startTestServer, type TestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { botClient, type World } from "../../support/rest-fixtures";

/** Shared set-up of the rest-scheduled-events-*.test.ts files. */

/** Monday 5 January 2026, noon UTC: every time in the tests is relative to it. */
export const NOW = new Date("2026-01-05T12:00:00Z");
export const LIST = "/guilds/{guild_id}/scheduled-events";
export const ONE = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}";
export const USERS = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}/users";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const png = (bytes: number, fill = 7) =>
  `data:image/png;base64,${Buffer.concat([PNG_SIGNATURE, Buffer.alloc(bytes - 8, fill)]).toString("base64")}`;

export type Json = Record<string, any>;

/** A bot's REST client with every method the scheduled-event routes use, answering the status and the parsed body. */
export function client(t: TestServer, token: string) {
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
export type Client = ReturnType<typeof client>;

export const external = (over: Json = {}) => ({
  name: "Picnic",
  privacy_level: 2,
  entity_type: 3,
  scheduled_start_time: "2026-01-07T18:00:00Z",
  scheduled_end_time: "2026-01-07T20:00:00Z",
  entity_metadata: { location: "The park" },
  ...over,
});
export const voice = (channelId: bigint, over: Json = {}) => ({
  name: "Voice chat",
  privacy_level: 2,
  entity_type: 2,
  channel_id: channelId.toString(),
  scheduled_start_time: "2026-01-06T18:00:00Z",
  ...over,
});

export function expectError(
  answer: { status: number; body: Json | null },
  status: number,
  code: number,
  field?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.body?.code).toBe(code);
  if (field) expect(answer.body?.errors).toHaveProperty(field);
}

export function expectConforms(method: "get" | "post" | "patch", template: string, body: unknown) {
  expect(validateResponse(method, template, 200, body)).toEqual([]);
}

export interface ScheduledEventsServer {
  t: TestServer;
  world: World;
  /** Create Events, View Channel, Connect (through @everyone). */
  creator: Client;
  creatorId: bigint;
  /** The world guild's scheduled-events route. */
  path: string;
  /** Every event published on the bus since the start. */
  events: DomainEvent[];
  /** Adds a bot with these guild permissions to the world (or `w`). */
  addBot(permissions: bigint, w?: World): Promise<{ client: Client; userId: bigint; token: string }>;
}

/** A server at NOW, without rate limits, and a world whose bot may create events. Close `t` after the tests. */
export async function startScheduledEventsServer(): Promise<ScheduledEventsServer> {
  // The 100-per-guild test creates events faster than the bot's 50 requests per second;
  // limits have their own tests (rest-rate-limits), so they are off here.
  const t = await startTestServer({ clock: new ManualClock(NOW), rateLimits: false });
  const world = await t.seed.world(Permission.ViewChannel | Permission.CreateEvents);
  const events: DomainEvent[] = [];
  t.server.ctx.bus.subscribe((event) => events.push(event));
  return {
    t,
    world,
    creator: client(t, world.token),
    creatorId: world.botUserId,
    path: `/guilds/${world.guild.id}/scheduled-events`,
    events,
    addBot: async (permissions, w = world) => {
      const app = await t.seed.bot(w, permissions);
      return { client: client(t, app.botToken), userId: app.botUser.id, token: app.botToken };
    },
  };
}
