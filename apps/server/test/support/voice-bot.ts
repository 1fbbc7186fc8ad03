import type { AudioSource, RemoteTrack, Room } from "@livekit/rtc-node";

type Rtc = typeof import("@livekit/rtc-node");
let rtcModule: Promise<Rtc> | undefined;

/** LiveKit's Node SDK, loaded so that its logger stays at info (it logs every callback at debug outside production). */
function rtc(): Promise<Rtc> {
  rtcModule ??= (async () => {
    // A plain record: the web app's types (Next.js) make NODE_ENV read-only, and its e2e specs use this file too.
    const env = process.env as Record<string, string | undefined>;
    const previous = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      return await import("@livekit/rtc-node");
    } finally {
      // Assigning undefined would store the text "undefined".
      if (previous === undefined) delete env.NODE_ENV;
      else env.NODE_ENV = previous;
    }
  })();
  return rtcModule;
}

const SAMPLE_RATE = 48_000;
const FRAME_SAMPLES = 480; // 10 ms

/** What our voice join answers: where and how to connect. */
export interface JoinAnswer {
  url: string;
  token: string;
}

/**
 * A participant on LiveKit's Node SDK, as a bot runs one: it connects with a join answer,
 * can publish a 16-bit PCM tone, and counts the audio frames it receives that are not silence.
 */
export class VoiceParticipant {
  room!: Room;
  /** Non-silent frames received, per sender identity. */
  readonly heard = new Map<string, number>();
  private toneTimer: ReturnType<typeof setInterval> | null = null;
  private source: AudioSource | null = null;
  private readonly readers: Promise<void>[] = [];

  async connect(join: JoinAnswer): Promise<void> {
    const { Room, RoomEvent, TrackKind } = await rtc();
    this.room = new Room();
    this.room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _publication, participant) => {
      if (track.kind === TrackKind.KIND_AUDIO) this.readers.push(this.count(track, participant.identity));
    });
    await this.room.connect(join.url, join.token, { autoSubscribe: true, dynacast: false });
  }

  /** Publishes the microphone track: a 440 Hz tone, frame after frame, until stopped. */
  async publishTone(): Promise<void> {
    const { AudioFrame, AudioSource, LocalAudioTrack, TrackPublishOptions, TrackSource } = await rtc();
    const source = new AudioSource(SAMPLE_RATE, 1);
    this.source = source;
    const track = LocalAudioTrack.createAudioTrack("tone", source);
    const options = new TrackPublishOptions();
    options.source = TrackSource.SOURCE_MICROPHONE;
    await this.room.localParticipant!.publishTrack(track, options);
    let phase = 0;
    this.toneTimer = setInterval(() => {
      const samples = new Int16Array(FRAME_SAMPLES * 2);
      for (let i = 0; i < samples.length; i++)
        samples[i] = Math.round(Math.sin(((phase + i) * 2 * Math.PI * 440) / SAMPLE_RATE) * 12_000);
      phase += samples.length;
      // Two frames per 20 ms tick keeps the source's queue fed without piling up.
      void source
        .captureFrame(new AudioFrame(samples.subarray(0, FRAME_SAMPLES), SAMPLE_RATE, 1, FRAME_SAMPLES))
        .catch(() => {});
      void source
        .captureFrame(new AudioFrame(samples.subarray(FRAME_SAMPLES), SAMPLE_RATE, 1, FRAME_SAMPLES))
        .catch(() => {});
    }, 20);
  }

  heardFrom(identity: string): number {
    return this.heard.get(identity) ?? 0;
  }

  private async count(track: RemoteTrack, identity: string): Promise<void> {
    const { AudioStream } = await rtc();
    const reader = new AudioStream(track, SAMPLE_RATE, 1).getReader();
    for (;;) {
      const { value: frame, done } = await reader.read();
      if (done || !frame) return;
      let energy = 0;
      for (const sample of frame.data) energy += Math.abs(sample);
      if (energy / frame.data.length > 100) this.heard.set(identity, (this.heard.get(identity) ?? 0) + 1);
    }
  }

  async close(): Promise<void> {
    if (this.toneTimer) clearInterval(this.toneTimer);
    await this.room?.disconnect().catch(() => {});
    await this.source?.close().catch(() => {});
  }
}

/** Waits until `check` holds, polling; throws `what` after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out: ${what}`);
}
