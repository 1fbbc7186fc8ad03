import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DispatchEvent } from "@chat/events";
import { afterEach, describe, expect, it } from "vitest";
import { SerializedEvent } from "../../src/gateway/connection/payloads";
import { GatewayJournal } from "../../src/gateway/sessions/journal/gateway-journal";
import { JournalReplayStore } from "../../src/gateway/sessions/journal/journal-stores";
import { Session } from "../../src/gateway/sessions/session";

const record = (id: string, userId = "1") => ({
  id,
  userId,
  applicationId: userId,
  intents: 513,
  shard: null,
  createdAt: Date.now(),
});
const message = (content: string) =>
  ({ t: "MESSAGE_CREATE", d: { content, channel_id: "10" }, channelId: "10" }) as unknown as DispatchEvent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** One task's lines are written at its end. */
const written = (journal: GatewayJournal) => new Promise<void>((resolve) => journal.afterWrite(resolve));

/** The gateway journal's files on their own (fast; the restarts through a server are gateway-journal.test.ts). */
describe("gateway journal files", () => {
  const dirs: string[] = [];
  const journals: GatewayJournal[] = [];
  const open = (dir: string, options: Partial<ConstructorParameters<typeof GatewayJournal>[1]> = {}) => {
    const journal = new GatewayJournal(dir, { resumeWindowMs: 120_000, replayCapacity: 1000, ...options });
    journals.push(journal);
    return journal;
  };
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), "journal-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const journal of journals.splice(0)) journal.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A ready session that was sent `count` messages, each its own bus event. */
  async function sessionWithFrames(journal: GatewayJournal, id: string, count: number, gapMs = 0) {
    journal.opened(record(id));
    journal.ready(id, ["100"], undefined);
    const sent: string[] = [];
    for (let n = 1; n <= count; n++) {
      const event = journal.event(message(`m${n}`));
      journal.frame(id, n, new SerializedEvent(event.t, event.d, event.id));
      journal.processed(event.id);
      sent.push(event.id);
      if (gapMs) await sleep(gapMs);
    }
    await written(journal);
    return sent;
  }

  it("reads back a session, its frames in order, its guilds and markers, and hands it over once", async () => {
    const dir = folder();
    const first = open(dir);
    const ids = await sessionWithFrames(first, "s1", 3);
    first.close();

    const second = open(dir);
    const replay = new JournalReplayStore(second, 1000);
    expect(await replay.since("s1", 1)).toEqual(
      [2, 3].map((n) => `{"t":"MESSAGE_CREATE","s":${n},"op":0,"d":{"content":"m${n}","channel_id":"10"}}`),
    );
    expect(second.previous.events.map((e) => e.event.id)).toEqual(ids);
    expect(second.claim("s1", "2", 120_000)).toBeNull();
    const claimed = second.claim("s1", "1", 120_000);
    expect(claimed?.session).toMatchObject({ seq: 3, guildIds: ["100"], ready: true, event: ids[2] });
    expect(claimed?.markers).toContain(ids[2]);
    expect(second.claim("s1", "1", 120_000)).toBeNull();
  });

  /** The permission bits of the folder and of each file in it. */
  const modes = (dir: string) => ({
    folder: (statSync(dir).mode & 0o777).toString(8),
    files: readdirSync(dir).map((name) => (statSync(join(dir, name)).mode & 0o777).toString(8)),
  });

  it("keeps its files to the server's own account: a new folder 0700, every segment 0600 (they hold live interaction tokens)", async () => {
    const dir = join(folder(), "gateway");
    const journal = open(dir, { segmentMs: 1 });
    await sessionWithFrames(journal, "s1", 2, 5);
    journal.close();
    const found = modes(dir);
    expect(found.files.length).toBeGreaterThan(1);
    expect(found).toEqual({ folder: "700", files: found.files.map(() => "600") });
  });

  it("makes a folder and segments an earlier version left readable by others private when it starts", async () => {
    const dir = join(folder(), "gateway");
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "0000000001-abc123.jsonl"), "", { mode: 0o644 });
    chmodSync(join(dir, "0000000001-abc123.jsonl"), 0o644);
    open(dir).close();
    expect(modes(dir)).toEqual({ folder: "700", files: ["600", "600"] });
  });

  it("sends a frame only once the line recording it is in the journal's file", async () => {
    const dir = folder();
    const journal = open(dir);
    const replay = new JournalReplayStore(journal, 1000);
    journal.opened(record("s1"));
    const session = new Session({ id: "s1", userId: "1", applicationId: "1", intents: 513, shard: null }, replay);
    session.release();
    const recordedWhenSent: number[] = [];
    const frameLines = () =>
      readdirSync(dir)
        .flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n"))
        .filter((line) => line.startsWith('{"k":"frames"')).length;
    session.attach({ send: () => recordedWhenSent.push(frameLines()), displace: () => {} });
    const event = journal.event(message("m1"));
    session.dispatch(new SerializedEvent(event.t, event.d, event.id));
    expect(recordedWhenSent).toEqual([]);
    await written(journal);
    expect(recordedWhenSent).toEqual([1]);
  });

  it("forgets ended sessions, refuses unready ones and ones dropped longer ago than the window", async () => {
    const dir = folder();
    const first = open(dir);
    await sessionWithFrames(first, "ended", 1);
    first.end("ended");
    first.opened(record("identifying"));
    await sessionWithFrames(first, "dropped", 1);
    first.dropped("dropped");
    await written(first);
    first.close();
    await sleep(50);

    const second = open(dir);
    expect([...second.previous.sessions.keys()].sort()).toEqual(["dropped", "identifying"]);
    expect(second.claim("identifying", "1", 120_000)).toBeNull();
    expect(second.claim("dropped", "1", 10)).toBeNull();
  });

  it("dates a session carried when a run ended from that end, for the runs after the next too", async () => {
    const dir = folder();
    const first = open(dir);
    await sessionWithFrames(first, "carried", 1);
    first.close();
    await sleep(60);
    const second = open(dir);
    const endedAt = second.previous.endedAt;
    await written(second);
    second.close();
    await sleep(60);

    const third = open(dir);
    expect(third.previous.sessions.get("carried")?.droppedAt).toBe(endedAt);
    expect(third.claim("carried", "1", 50)).toBeNull();
  });

  it("ignores a line cut short by a crash", async () => {
    const dir = folder();
    const first = open(dir);
    await sessionWithFrames(first, "s1", 2);
    first.close();
    const [segment] = readdirSync(dir);
    appendFileSync(join(dir, segment as string), '{"k":"frames","key":"x","to":[');

    const second = open(dir);
    const replay = new JournalReplayStore(second, 1000);
    expect(second.previous.sessions.get("s1")?.seq).toBe(2);
    expect(await replay.since("s1", 0)).toHaveLength(2);
  });

  it("starts a segment every segmentMs and removes those older than the window and two segments, carrying the sessions forward", async () => {
    const dir = folder();
    const first = open(dir, { resumeWindowMs: 200, segmentMs: 50 });
    await sessionWithFrames(first, "s1", 20, 50);
    // 1 s of frames in 50 ms segments, kept 300 ms: about 6 segments, never the 20 written.
    expect(readdirSync(dir).length).toBeLessThanOrEqual(9);
    first.close();

    const second = open(dir, { resumeWindowMs: 10_000 });
    const replay = new JournalReplayStore(second, 1000);
    expect(second.previous.sessions.get("s1")).toMatchObject({ seq: 20, ready: true, guildIds: ["100"] });
    expect((await replay.since("s1", 18))?.map((frame) => JSON.parse(frame).d.content)).toEqual(["m19", "m20"]);
    expect(await replay.since("s1", 1)).toBeNull();
    expect(second.claim("s1", "1", 10_000)?.markers.length).toBeGreaterThan(0);
  });
});
