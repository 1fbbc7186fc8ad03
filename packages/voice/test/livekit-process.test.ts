import { createServer, type Server } from "node:http";
import type { AudioSource, RemoteTrack, Room } from "@livekit/rtc-node";
import { AccessToken, RoomServiceClient, WebhookReceiver } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireLiveKitBinary } from "../src/livekit-binary";
import { type RunningLiveKit, startLiveKitServer } from "../src/livekit-process";

type Rtc = typeof import("@livekit/rtc-node");
/** LiveKit's Node SDK logs every callback at debug outside production. */
async function loadRtc(): Promise<Rtc> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    return await import("@livekit/rtc-node");
  } finally {
    process.env.NODE_ENV = previous;
  }
}

async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A webhook endpoint: keeps each verified event's name. */
async function webhookSink(
  receiver: () => WebhookReceiver,
): Promise<{ url: string; events: string[]; server: Server }> {
  const events: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", async () => {
      const event = await receiver().receive(body, request.headers.authorization);
      events.push(event.event);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/livekit/webhook`, events, server };
}

describe("a LiveKit server started on loopback", () => {
  let livekit: RunningLiveKit;
  let startupMs: number;
  let sink: Awaited<ReturnType<typeof webhookSink>>;

  beforeAll(async () => {
    const binary = requireLiveKitBinary();
    sink = await webhookSink(() => new WebhookReceiver(livekit.apiKey, livekit.apiSecret));
    const started = Date.now();
    livekit = await startLiveKitServer({ binary, webhookUrl: sink.url });
    startupMs = Date.now() - started;
    console.log(`LiveKit ${binary} ready in ${startupMs} ms at ${livekit.url}`);
  });
  afterAll(async () => {
    await livekit?.stop();
    sink?.server.close();
  });

  it("answers GET / with 200 on 127.0.0.1 with generated keys", async () => {
    expect(livekit.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(livekit.apiSecret.length).toBeGreaterThanOrEqual(32);
    expect((await fetch(`${livekit.httpUrl}/`)).status).toBe(200);
  });

  it("serves the room API to callers holding its keys and refuses others", async () => {
    const rooms = new RoomServiceClient(livekit.httpUrl, livekit.apiKey, livekit.apiSecret);
    await rooms.createRoom({ name: "api-check" });
    expect((await rooms.listRooms()).map((room) => room.name)).toContain("api-check");
    const stranger = new RoomServiceClient(livekit.httpUrl, livekit.apiKey, "x".repeat(40));
    await expect(stranger.listRooms()).rejects.toThrow();
  });

  it("posts signed webhooks to the configured address", async () => {
    await new RoomServiceClient(livekit.httpUrl, livekit.apiKey, livekit.apiSecret).createRoom({
      name: "webhook-check",
    });
    await eventually(() => sink.events.includes("room_started"), "a verified room_started webhook");
  });

  it("carries audio between two participants over loopback", async () => {
    const {
      AudioFrame,
      AudioSource,
      AudioStream,
      LocalAudioTrack,
      Room,
      RoomEvent,
      TrackKind,
      TrackPublishOptions,
      TrackSource,
    } = await loadRtc();
    const token = async (identity: string) => {
      const at = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity, ttl: 600 });
      at.addGrant({ room: "audio-check", roomJoin: true, canPublish: true, canSubscribe: true });
      return at.toJwt();
    };
    const speaker: Room = new Room();
    const listener: Room = new Room();
    let source: AudioSource | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let loudFrames = 0;
    try {
      listener.on(RoomEvent.TrackSubscribed, (track: RemoteTrack) => {
        if (track.kind !== TrackKind.KIND_AUDIO) return;
        void (async () => {
          const reader = new AudioStream(track, 48_000, 1).getReader();
          for (;;) {
            const { value: frame, done } = await reader.read();
            if (done || !frame) return;
            let energy = 0;
            for (const sample of frame.data) energy += Math.abs(sample);
            if (energy / frame.data.length > 100) loudFrames++;
          }
        })();
      });
      await listener.connect(livekit.url, await token("listener"), { autoSubscribe: true, dynacast: false });
      await speaker.connect(livekit.url, await token("speaker"), { autoSubscribe: true, dynacast: false });

      source = new AudioSource(48_000, 1);
      const options = new TrackPublishOptions();
      options.source = TrackSource.SOURCE_MICROPHONE;
      await speaker.localParticipant!.publishTrack(LocalAudioTrack.createAudioTrack("tone", source), options);
      let phase = 0;
      const tone = source;
      timer = setInterval(() => {
        const samples = new Int16Array(960);
        for (let i = 0; i < samples.length; i++)
          samples[i] = Math.round(Math.sin(((phase + i) * 2 * Math.PI * 440) / 48_000) * 12_000);
        phase += samples.length;
        void tone.captureFrame(new AudioFrame(samples.subarray(0, 480), 48_000, 1, 480)).catch(() => {});
        void tone.captureFrame(new AudioFrame(samples.subarray(480), 48_000, 1, 480)).catch(() => {});
      }, 20);

      await eventually(() => loudFrames >= 50, "the listener receives half a second of the speaker's tone", 15_000);
      const participants = await new RoomServiceClient(
        livekit.httpUrl,
        livekit.apiKey,
        livekit.apiSecret,
      ).listParticipants("audio-check");
      expect(participants.map((p) => p.identity).sort()).toEqual(["listener", "speaker"]);
      await eventually(
        () => sink.events.includes("participant_joined") && sink.events.includes("track_published"),
        "participant and track webhooks",
      );
    } finally {
      if (timer) clearInterval(timer);
      await speaker.disconnect().catch(() => {});
      await listener.disconnect().catch(() => {});
      await source?.close().catch(() => {});
    }
  });

  it("stops: the process is gone once stop() resolves", async () => {
    const other = await startLiveKitServer({ binary: requireLiveKitBinary() });
    expect(isAlive(other.pid)).toBe(true);
    await other.stop();
    expect(isAlive(other.pid)).toBe(false);
    await expect(fetch(`${other.httpUrl}/`)).rejects.toThrow();
  });
});

describe("starting LiveKit fails clearly", () => {
  it("when the binary exits at once, with its output", async () => {
    await expect(startLiveKitServer({ binary: "/bin/false" })).rejects.toThrow(
      /\/bin\/false exited \(1\) before it was ready/,
    );
  });

  it("when the port is taken, saying so", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      await expect(startLiveKitServer({ binary: requireLiveKitBinary(), port })).rejects.toThrow(
        /address already in use|exited/,
      );
    } finally {
      holder.close();
    }
  });

  it("refuses an API secret shorter than 32 characters", async () => {
    await expect(startLiveKitServer({ binary: "/bin/false", apiSecret: "short" })).rejects.toThrow(
      /at least 32 characters/,
    );
  });
});
