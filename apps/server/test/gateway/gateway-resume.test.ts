import { Client, Events, GatewayIntentBits, type Message } from "discord.js";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient, waitFor } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

const intents = Intents.Guilds | Intents.GuildMessages;

describe("gateway Resume (op 6)", () => {
  const env = useTestServer({ server: { gateway: { replayCapacity: 50 } } });

  const say = (content: string) =>
    env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content });
  const contents = (frames: { t: string | null; d: any }[]) =>
    frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content as string);
  const connect = async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, intents);
    await client.dispatch("GUILD_CREATE");
    return Object.assign(client, { sessionId: client.ready.d.session_id as string });
  };
  const dropped = async () => {
    const client = await connect();
    client.terminate();
    await client.closed;
    await waitFor(() => env.t.server.gateway.sessions.get(client.sessionId)?.attached === false);
    return client;
  };

  it("replays every event after seq in order and without duplicates, then RESUMED, after a drop in the middle of a burst", async () => {
    const client = await connect();
    const burst = Array.from({ length: 30 }, (_, i) => `burst ${i}`);
    const sending = (async () => {
      for (const content of burst) await say(content);
    })();
    await client.dispatch("MESSAGE_CREATE", (d) => d.content === "burst 8");
    client.terminate();
    await client.closed;
    await sending;
    const seq = client.lastSequence;
    const before = contents(client.frames);
    expect(before.length).toBeLessThan(burst.length);

    const resumed = await RawGatewayClient.resuming(env.t, env.world.token, client.sessionId, seq);
    const replay = await resumed.until((f) => f.t === "RESUMED");
    expect(replay.at(-1)).toMatchObject({ op: 0, t: "RESUMED" });
    // The last messages may still be on their way through the dispatcher: they follow live.
    const live = contents(replay).includes(burst.at(-1)!)
      ? []
      : await resumed.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === burst.at(-1));
    expect([...before, ...contents(replay), ...contents(live)]).toEqual(burst);
    const sequences = [...replay, ...live].filter((f) => f.op === 0).map((f) => f.s);
    expect(sequences).toEqual(sequences.map((_, i) => seq + 1 + i));

    await say("live again");
    const next = await resumed.dispatch("MESSAGE_CREATE", (d) => d.content === "live again");
    expect(next.s).toBe((sequences.at(-1) ?? 0) + 1);
    await resumed.close();
  });

  it("resumes with nothing missed: RESUMED alone, numbered after the last event", async () => {
    const client = await dropped();
    const resumed = await RawGatewayClient.resuming(
      env.t,
      `Bot ${env.world.token}`,
      client.sessionId,
      client.lastSequence,
    );
    const replay = await resumed.until((f) => f.t === "RESUMED");
    expect(replay.map((f) => [f.t, f.s])).toEqual([["RESUMED", client.lastSequence + 1]]);
    await resumed.close();
  });

  it("closes the old connection with 4000 when the session is resumed on another while it is still open", async () => {
    const old = await connect();
    const resumed = await RawGatewayClient.resuming(env.t, env.world.token, old.sessionId, old.lastSequence);
    await resumed.dispatch("RESUMED");
    expect((await old.closed).code).toBe(4000);
    expect(env.t.server.gateway.sessions.get(old.sessionId)?.attached).toBe(true);
    await say("for the new connection");
    expect((await resumed.dispatch("MESSAGE_CREATE")).d.content).toBe("for the new connection");
    await resumed.close();
  });

  it("answers op 9 with d false for a session ended by a clean close, an unknown session and a wrong token", async () => {
    const closed = await connect();
    await closed.close(1000);
    await waitFor(() => env.t.server.gateway.sessions.get(closed.sessionId) === undefined);
    const live = await dropped();
    const stranger = await env.t.seed.world();
    for (const [token, sessionId] of [
      [env.world.token, closed.sessionId],
      [env.world.token, "0123456789abcdef0123456789abcdef"],
      [stranger.token, live.sessionId],
      ["not-a-token", live.sessionId],
    ] as const) {
      const client = await RawGatewayClient.resuming(env.t, token, sessionId, 1);
      expect(await client.next((f) => f.op === 9)).toEqual({ op: 9, d: false, s: null, t: null });
      await client.close();
    }
    // The wrong tokens did not spoil the dropped session for its own bot.
    const resumed = await RawGatewayClient.resuming(env.t, env.world.token, live.sessionId, live.lastSequence);
    await resumed.dispatch("RESUMED");
    await resumed.close();
  });

  it("answers op 9 when seq is ahead of the session or older than the events kept, then accepts Identify", async () => {
    const client = await dropped();
    const ahead = await RawGatewayClient.resuming(env.t, env.world.token, client.sessionId, client.lastSequence + 1);
    expect((await ahead.next((f) => f.op === 9)).d).toBe(false);
    ahead.send({ op: 2, d: { token: env.world.token, intents, properties: {} } });
    expect((await ahead.dispatch("READY")).s).toBe(1);
    await ahead.close();

    for (let i = 0; i < 55; i++) await say(`overflow ${i}`); // more than the 50 kept here
    await waitFor(
      () => (env.t.server.gateway.sessions.get(client.sessionId)?.lastSequence ?? 0) >= client.lastSequence + 55,
    );
    const old = await RawGatewayClient.resuming(env.t, env.world.token, client.sessionId, client.lastSequence);
    expect((await old.next((f) => f.op === 9)).d).toBe(false);
    await old.close();
    const session = env.t.server.gateway.sessions.get(client.sessionId)!;
    const recent = await RawGatewayClient.resuming(env.t, env.world.token, client.sessionId, session.lastSequence - 50);
    const replay = await recent.until((f) => f.t === "RESUMED");
    expect(contents(replay)).toEqual(Array.from({ length: 50 }, (_, i) => `overflow ${i + 5}`));
    await recent.close();
  });

  it("closes 4005 on a Resume after Identify", async () => {
    const client = await connect();
    client.send({ op: 6, d: { token: env.world.token, session_id: client.sessionId, seq: client.lastSequence } });
    expect((await client.closed).code).toBe(4005);
  });

  it("lets an unmodified discord.js client resume when its connection is taken over", async () => {
    const client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
      rest: { api: env.t.api, version: "10" },
    });
    if (process.env.DEBUG_DJS) client.on(Events.Debug, (m) => console.log("DJS", m));
    try {
      const earlier = new Set(env.t.server.gateway.sessions.ofUser(env.world.botUserId.toString()));
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(env.world.token);
      await ready;
      const [session] = env.t.server.gateway.sessions
        .ofUser(env.world.botUserId.toString())
        .filter((s) => !earlier.has(s));
      // Another connection takes the session over: discord.js sees 4000 and resumes it back.
      const resumedByDiscordJs = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
      const thief = await RawGatewayClient.resuming(env.t, env.world.token, session!.id, session!.lastSequence);
      await resumedByDiscordJs;
      expect((await thief.closed).code).toBe(4000);
      const received = new Promise<Message>((resolve) =>
        client.on(Events.MessageCreate, (m) => m.content === "after the resume" && resolve(m)),
      );
      await say("after the resume");
      expect((await received).channelId).toBe(env.world.text.id.toString());
    } finally {
      await client.destroy();
    }
  });
});
