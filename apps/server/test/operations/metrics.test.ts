import { readFileSync } from "node:fs";
import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { queriedMetrics, Scrape } from "@chat/metrics";
import { expectError } from "../support/rest-fixtures";
import { storageMode, startTestServer, type TestServer } from "../support/test-server";
import { eventually, VoiceParticipant } from "../support/voice-bot";
import { startVoiceTestServer } from "../support/voice-server";
import {
  callback,
  type BotGateway,
  type InteractionWorld,
  interactionWorld,
  receivedBy,
} from "../rest/interactions/interaction-fixtures";

const MESSAGES_ROUTE = "/api/v10/channels/:channel/messages";
const DASHBOARD = new URL("../../../../ops/grafana/chat-dashboard.json", import.meta.url);
/** The web processes' metrics (apps/web/src/server/metrics.ts): its own test checks those. */
const isWebMetric = (name: string) => name.startsWith("chat_web_");

describe(`Prometheus metrics (${storageMode})`, () => {
  let t: TestServer;
  let w: InteractionWorld;
  let gateway: BotGateway;
  let ping: { id: string };
  const scrape = () => Scrape.of(t.server.metricsUrl as string);

  beforeAll(async () => {
    t = await startTestServer({ metrics: true });
    w = await interactionWorld(t);
    gateway = await w.connect({}, Intents.Guilds | Intents.GuildMessages);
    ping = await w.command({ name: "ping", description: "ping" });
  });
  afterAll(async () => {
    await gateway?.close();
    await t?.close();
  });

  it("are off by default: no metrics listener, and the public port has no /metrics", async () => {
    const plain = await startTestServer();
    try {
      expect(plain.server.metricsUrl).toBeUndefined();
      expect((await fetch(`${plain.server.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("are served in the text format at GET /metrics on their own port, with the process's own; nothing else is there", async () => {
    const response = await fetch(t.server.metricsUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = await Scrape.of(t.server.metricsUrl as string);
    expect(metrics.has("process_cpu_user_seconds_total")).toBe(true);
    expect(metrics.has("nodejs_eventloop_lag_seconds")).toBe(true);
    expect(new URL(t.server.metricsUrl as string).port).not.toBe(String(t.server.port));
    expect((await fetch(new URL("/", t.server.metricsUrl as string))).status).toBe(404);
    expect((await fetch(t.server.metricsUrl as string, { method: "POST" })).status).toBe(404);
  });

  it("count REST requests by route pattern and status, with their time, never by raw URL", async () => {
    const before = await scrape();
    const series = (status: string) => ({ method: "GET", route: MESSAGES_ROUTE, status });
    expect((await w.bot.get(`/channels/${w.text.id}/messages`)).status).toBe(200);
    expect((await w.bot.get(`/channels/${w.text.id}/messages`)).status).toBe(200);
    await expectError(await w.bot.get("/channels/123456789/messages"), 404, 10003);
    await eventually(
      async () =>
        (await scrape()).value("chat_http_request_duration_seconds_count", series("404")) >
        before.value("chat_http_request_duration_seconds_count", series("404")),
      "the 404 counted",
    );
    const after = await scrape();
    expect(
      after.value("chat_http_request_duration_seconds_count", series("200")) -
        before.value("chat_http_request_duration_seconds_count", series("200")),
    ).toBe(2);
    expect(
      after.value("chat_http_request_duration_seconds_count", series("404")) -
        before.value("chat_http_request_duration_seconds_count", series("404")),
    ).toBe(1);
    expect(after.value("chat_http_request_duration_seconds_sum", series("200"))).toBeGreaterThan(
      before.value("chat_http_request_duration_seconds_sum", series("200")),
    );
    expect(after.value("chat_http_request_duration_seconds_bucket", { ...series("200"), le: "+Inf" })).toBe(
      after.value("chat_http_request_duration_seconds_count", series("200")),
    );
    const routes = new Set(after.series("chat_http_request_duration_seconds_count").map((s) => s.labels.route));
    expect([...routes].filter((route) => /\d{6,}/.test(route ?? ""))).toEqual([]);
  });

  it("count 429s by the bucket that refused them", async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await w.bot.post(`/channels/${w.text.id}/messages`, { content: `flood ${i}` })).status);
    expect(statuses).toContain(429);
    const refused = statuses.filter((s) => s === 429).length;
    await eventually(
      async () =>
        (await scrape()).value("chat_rate_limited_total", { bucket: "message.create" }) -
          before.value("chat_rate_limited_total", { bucket: "message.create" }) ===
        refused,
      "the 429s counted",
    );
    expect((await scrape()).value("chat_rate_limited_total", { bucket: "global" })).toBe(
      before.value("chat_rate_limited_total", { bucket: "global" }),
    );
  });

  it("count gateway connections, sessions, identifies, resumes and close codes", async () => {
    const before = await scrape();
    const client = await RawGatewayClient.identified(t, w.token, Intents.Guilds);
    const sessionId = client.ready.d.session_id as string;
    await client.dispatch("GUILD_CREATE");
    const open = await scrape();
    expect(open.value("chat_gateway_connections") - before.value("chat_gateway_connections")).toBe(1);
    expect(open.value("chat_gateway_sessions") - before.value("chat_gateway_sessions")).toBe(1);
    expect(open.value("chat_gateway_identifies_total") - before.value("chat_gateway_identifies_total")).toBe(1);

    // A client's 4000 leaves the session waiting for its Resume.
    await client.close(4000);
    await eventually(
      async () =>
        (await scrape()).value("chat_gateway_closes_total", { code: "4000", by: "client" }) ===
        before.value("chat_gateway_closes_total", { code: "4000", by: "client" }) + 1,
      "the client's close counted",
    );
    const dropped = await scrape();
    expect(dropped.value("chat_gateway_connections")).toBe(before.value("chat_gateway_connections"));
    expect(dropped.value("chat_gateway_sessions")).toBe(open.value("chat_gateway_sessions"));

    const resumed = await RawGatewayClient.resuming(t, w.token, sessionId, client.lastSequence);
    await resumed.dispatch("RESUMED");
    const refused = await RawGatewayClient.resuming(t, w.token, "no-such-session", 0);
    await refused.next((f) => f.op === 9);
    // An unknown opcode: the server closes with 4001.
    refused.send({ op: 99, d: null });
    await refused.closed;
    await eventually(
      async () =>
        (await scrape()).value("chat_gateway_closes_total", { code: "4001", by: "server" }) ===
        before.value("chat_gateway_closes_total", { code: "4001", by: "server" }) + 1,
      "the server's close counted",
    );
    const after = await scrape();
    expect(
      after.value("chat_gateway_resumes_total", { outcome: "resumed" }) -
        before.value("chat_gateway_resumes_total", { outcome: "resumed" }),
    ).toBe(1);
    expect(
      after.value("chat_gateway_resumes_total", { outcome: "refused" }) -
        before.value("chat_gateway_resumes_total", { outcome: "refused" }),
    ).toBe(1);
    expect(after.value("chat_gateway_identifies_total")).toBe(open.value("chat_gateway_identifies_total"));

    await resumed.close(1000);
    await eventually(
      async () => (await scrape()).value("chat_gateway_sessions") === before.value("chat_gateway_sessions"),
      "the session ended with its 1000",
    );
    expect(
      (await scrape()).value("chat_gateway_closes_total", { code: "1000", by: "client" }) -
        before.value("chat_gateway_closes_total", { code: "1000", by: "client" }),
    ).toBe(1);
  });

  it("count the events dispatched to bots, by type, and their fan-out to sessions", async () => {
    const second = await RawGatewayClient.identified(t, w.token, Intents.Guilds | Intents.GuildMessages);
    await second.dispatch("GUILD_CREATE");
    try {
      const before = await scrape();
      await w.domain.messages.create(w.text.id, w.member.id, { content: "to two sessions" });
      await second.dispatch("MESSAGE_CREATE", (d) => d.content === "to two sessions");
      await gateway.dispatch("MESSAGE_CREATE", (d) => d.content === "to two sessions");
      await eventually(
        async () =>
          (await scrape()).value("chat_gateway_dispatched_events_total", { event: "MESSAGE_CREATE" }) >
          before.value("chat_gateway_dispatched_events_total", { event: "MESSAGE_CREATE" }),
        "the dispatch counted",
      );
      const after = await scrape();
      expect(
        after.value("chat_gateway_dispatched_events_total", { event: "MESSAGE_CREATE" }) -
          before.value("chat_gateway_dispatched_events_total", { event: "MESSAGE_CREATE" }),
      ).toBe(1);
      expect(
        after.value("chat_gateway_dispatch_fanout_sum") - before.value("chat_gateway_dispatch_fanout_sum"),
      ).toBeGreaterThanOrEqual(2);
      expect(
        after.value("chat_gateway_dispatch_fanout_bucket", { le: "1" }) -
          before.value("chat_gateway_dispatch_fanout_bucket", { le: "1" }),
      ).toBe(
        after.value("chat_gateway_dispatch_fanout_count") - before.value("chat_gateway_dispatch_fanout_count") - 1,
      );
    } finally {
      await second.close();
    }
  });

  it("count interaction callbacks answered in time, late (10062) and twice (40060)", async () => {
    const before = await scrape();
    const outcome = (s: Scrape, name: string) =>
      s.value("chat_interaction_callbacks_total", { outcome: name }) -
      before.value("chat_interaction_callbacks_total", { outcome: name });

    const first = await receivedBy(gateway, (await w.slash(ping.id)).id);
    expect((await callback(t, first, { type: 4, data: { content: "pong" } })).status).toBe(204);
    await expectError(await callback(t, first, { type: 4, data: { content: "again" } }), 400, 40060);

    const late = await receivedBy(gateway, (await w.slash(ping.id)).id);
    // Its 3 seconds are over (the database clock's).
    await t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "deadlineAt" = clock_timestamp() - interval '1 millisecond' WHERE id = ${BigInt(late.id)}`;
    await expectError(await callback(t, late, { type: 4, data: { content: "late" } }), 404, 10062);
    // An interaction that never was is neither.
    await expectError(
      await callback(t, { id: "987654321", token: late.token }, { type: 4, data: { content: "x" } }),
      404,
      10062,
    );

    const after = await scrape();
    expect({
      in_time: outcome(after, "in_time"),
      late: outcome(after, "late"),
      double: outcome(after, "double"),
    }).toEqual({ in_time: 1, late: 1, double: 1 });
  });

  it("time database statements and show the pool's use", async () => {
    const before = await scrape();
    expect((await w.bot.get(`/channels/${w.text.id}/messages`)).status).toBe(200);
    const after = await scrape();
    expect(after.value("chat_db_query_duration_seconds_count")).toBeGreaterThan(
      before.value("chat_db_query_duration_seconds_count"),
    );
    expect(after.value("chat_db_query_duration_seconds_sum")).toBeGreaterThan(
      before.value("chat_db_query_duration_seconds_sum"),
    );
    expect(after.value("chat_db_pool_connections")).toBeGreaterThan(0);
    expect(
      after.value("chat_db_pool_connections", { state: "in_use" }) +
        after.value("chat_db_pool_connections", { state: "idle" }),
    ).toBeLessThanOrEqual(after.value("chat_db_pool_max"));
    expect(after.value("chat_db_pool_max")).toBeGreaterThan(0);
    expect(after.series("chat_db_pool_waiting")).toHaveLength(1);
  });

  it("measure the event bus's lag for each event this node hears", async () => {
    const before = await scrape();
    await w.domain.messages.create(w.text.id, w.member.id, { content: "on the bus" });
    await gateway.dispatch("MESSAGE_CREATE", (d) => d.content === "on the bus");
    const after = await scrape();
    expect(after.value("chat_bus_lag_seconds_count")).toBeGreaterThan(before.value("chat_bus_lag_seconds_count"));
    expect(after.value("chat_bus_lag_seconds_bucket", { le: "+Inf" })).toBe(after.value("chat_bus_lag_seconds_count"));
  });

  it("are what the Grafana dashboard reads: each of its queries' metrics is exposed, and each of the node's is on it", async () => {
    const metrics = await scrape();
    const queried = queriedMetrics(JSON.parse(readFileSync(DASHBOARD, "utf8")));
    expect([...queried].filter((name) => !isWebMetric(name) && !metrics.exposes(name))).toEqual([]);
    const family = (name: string) => name.replace(/_(bucket|sum|count)$/, "");
    const onDashboard = new Set([...queried].map(family));
    expect([...metrics.families.keys()].filter((name) => name.startsWith("chat_") && !onDashboard.has(name))).toEqual(
      [],
    );
  });

  it("show voice rooms and participants, none while voice is off", async () => {
    const metrics = await scrape();
    expect(metrics.series("chat_voice_rooms")).toEqual([{ name: "chat_voice_rooms", labels: {}, value: 0 }]);
    expect(metrics.series("chat_voice_participants")).toEqual([
      { name: "chat_voice_participants", labels: {}, value: 0 },
    ]);
  });
});

describe("voice metrics with LiveKit", () => {
  it("show the rooms and participants LiveKit reported: a bot joining counts, leaving uncounts", async () => {
    const running = await startVoiceTestServer({ metrics: true });
    const participant = new VoiceParticipant();
    try {
      const { t } = running;
      const world = await t.seed.world(Permission.ViewChannel | Permission.Listen);
      const scrape = () => Scrape.of(t.server.metricsUrl as string);
      const voiceNow = async () => {
        const metrics = await scrape();
        return { rooms: metrics.value("chat_voice_rooms"), participants: metrics.value("chat_voice_participants") };
      };
      expect(await voiceNow()).toEqual({ rooms: 0, participants: 0 });
      const res = await fetch(`${t.base}/channels/${world.voice.id}/voice`, {
        method: "POST",
        headers: { authorization: `Bot ${world.token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(200);
      await participant.connect(await res.json());
      await eventually(async () => (await voiceNow()).participants === 1, "the participant counted");
      expect(await voiceNow()).toEqual({ rooms: 1, participants: 1 });
      await participant.close();
      await eventually(async () => (await voiceNow()).participants === 0, "the participant uncounted");
      expect(await voiceNow()).toEqual({ rooms: 0, participants: 0 });
    } finally {
      await participant.close();
      await running.close();
    }
  }, 60_000);
});
