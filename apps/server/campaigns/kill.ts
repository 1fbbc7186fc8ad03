import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type Frame, Intents, RawGatewayClient } from "../test/support/gateway-client";
import { type NodeProcess, startNodeProcess } from "../test/support/multinode-processes";
import type { TestStorage } from "../test/support/test-server";
import { embeddedPassword, embeddedUrl } from "@chat/db";
import { openDatabase } from "@chat/db/open";
import { createDomain, type Domain, keptSecret, publicUrlsFromEnv, systemClock } from "@chat/domain";
import { HubClientBus, internalSecret } from "@chat/events";
import { createServerContext } from "../src/context";
import { contents } from "./support/delivery";
import type { CampaignReport, Scale } from "./support/report";
import { campaignStorage, storageName } from "./support/storage";
import { type CampaignWorld, closeContext, seedWorld } from "./support/world";

const SENDERS = 6;
/** Every fourth message carries a file; its content names the file's size and digest, so even a message whose answer was lost can be checked whole. */
const FILE_EVERY = 4;
const RESUME_WINDOW_MS = 120_000;

interface Sent {
  id: string;
  content: string;
}

/**
 * `pnpm campaign kill`: `kill -9` of the server node in the middle of a burst of sends (with
 * files) from several bots and a person (through the web app's domain), then a restart on the
 * same storage (and ports). Properties: every message
 * answered 200 is there after the restart with its file's exact bytes; no message is
 * half-written (a file-bearing message without its file), answered or not; the watching bot's
 * Resume after the restart misses nothing answered, none twice, in order — its session
 * outlives the node in Redis, or without Redis in the node's gateway journal.
 */
export async function runCampaign(scale: Scale): Promise<CampaignReport> {
  const storage = await campaignStorage();
  const senders = Array.from({ length: SENDERS }, (_, i) => `sender${i}`);
  const world = await seedWorld(storage, ["watcher", ...senders]);
  const nodes: NodeProcess[] = [];
  try {
    return await campaign(scale, storage, world, senders, nodes);
  } finally {
    for (const node of nodes) await node.stop();
    await storage.drop();
  }
}

async function campaign(
  scale: Scale,
  storage: TestStorage,
  world: CampaignWorld,
  senders: string[],
  nodes: NodeProcess[],
): Promise<CampaignReport> {
  const problems: string[] = [];
  const env = { RATE_LIMITS: "off" };
  const first = await startNodeProcess("kill", storage, { env });
  nodes.push(first);
  const intents = Intents.Guilds | Intents.GuildMessages;
  const watcher = await RawGatewayClient.identified(first.gatewayUrl, world.tokens.watcher as string, intents);
  await watcher.dispatch("GUILD_CREATE");
  const sessionId = watcher.ready.d.session_id as string;

  // The burst: each bot sends back to back; the node is killed once `killAfter` are answered.
  const killAfter = scale === "full" ? 3_000 : 300;
  const answered: Sent[] = [];
  // People: this process plays the web app (the same domain on the same database and event
  // stream) and the guild's owner keeps posting. With PostgreSQL and Redis it lives on while
  // the node is dead; without them it reaches the embedded database and the event hub through
  // the node, so its sends fail until the node is back (on the same ports).
  const web = await webApp(storage, first);
  const throughNode = !storage.redisUrl;
  let peopleSending = true;
  let personFailed = 0;
  let nodeDown = false;
  let postedWhileDown = 0;
  let refusedWhileDown = 0;
  const person = (async () => {
    for (let n = 0; peopleSending; n++) {
      const content = `person message ${n}`;
      const down = nodeDown;
      try {
        const created = await web.domain.messages.create(world.channelId, world.ownerId, { content });
        answered.push({ id: String(created.id), content });
        if (nodeDown) postedWhileDown += 1;
      } catch {
        if (throughNode && (down || nodeDown)) refusedWhileDown += 1;
        else personFailed += 1;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let refused = 0;
  let killedAt = 0;
  let target = first;
  const send = async (bot: string, i: number): Promise<boolean> => {
    const withFile = i % FILE_EVERY === 0;
    const bytes = withFile ? randomBytes(1_000 + ((i * 7919) % 60_000)) : null;
    const content = bytes
      ? `${bot} message ${i} file ${bytes.length} ${createHash("sha256").update(bytes).digest("hex")}`
      : `${bot} message ${i}`;
    const headers = { authorization: `Bot ${world.tokens[bot]}` };
    let body: string | FormData;
    if (bytes) {
      body = new FormData();
      body.append("payload_json", JSON.stringify({ content }));
      body.append("files[0]", new Blob([new Uint8Array(bytes)]), `file-${i}.bin`);
    } else body = JSON.stringify({ content });
    try {
      const res = await fetch(`${target.base}/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: bytes ? headers : { ...headers, "content-type": "application/json" },
        body,
      });
      const answer = await res.text();
      if (res.status !== 200) {
        refused += 1;
        return true;
      }
      answered.push({ id: JSON.parse(answer).id as string, content });
      if (answered.length >= killAfter && !killedAt) {
        killedAt = performance.now();
        nodeDown = true;
        first.child.kill("SIGKILL");
      }
      return true;
    } catch {
      return false; // the node is gone
    }
  };
  await Promise.all(
    senders.map(async (bot) => {
      for (let i = 0; await send(bot, i); i++);
    }),
  );
  await first.exited;
  await watcher.closed;
  if (refused > 0) problems.push(`${refused} sends were answered with an error before the kill`);
  const frames: Frame[] = [...watcher.frames];

  // Restart on the same storage.
  const restarted = await startNodeProcess("kill-restarted", storage, {
    env,
    ports: { port: first.port, embeddedPort: first.embeddedPort },
  });
  nodes.push(restarted);
  nodeDown = false;
  const restartSeconds = (performance.now() - killedAt) / 1000;

  // While the bot is away, the others go on through the restarted node: its Resume must bring these too.
  target = restarted;
  const afterRestart = scale === "full" ? 300 : 30;
  await Promise.all(
    senders.map(async (bot, b) => {
      for (let i = 0; i < afterRestart / SENDERS; i++) await send(bot, 100_000 + i * SENDERS + b);
    }),
  );

  // Every message in the channel, as the restarted node serves it.
  peopleSending = false;
  await person;
  await web.close();
  if (personFailed > 0) problems.push(`${personFailed} of the person's sends failed`);
  const stored = await allMessages(restarted, world);
  const byId = new Map(stored.map((m) => [m.id, m]));
  const answeredIds = new Set(answered.map((m) => m.id));
  let filesChecked = 0;
  for (const sent of answered) {
    const found = byId.get(sent.id);
    if (!found) problems.push(`answered 200 but gone after the restart: ${sent.content.slice(0, 40)}`);
    else if (found.content !== sent.content)
      problems.push(`answered 200 but changed after the restart: ${sent.content.slice(0, 40)}`);
  }
  const unanswered = stored.filter((m) => !answeredIds.has(m.id) && /^sender\d+ message /.test(m.content));
  for (const message of stored) {
    const file = /file (\d+) ([0-9a-f]{64})$/.exec(message.content);
    if (!file) continue;
    const attachment = message.attachments[0];
    if (message.attachments.length !== 1 || !attachment) {
      problems.push(`half-written: "${message.content.slice(0, 30)}" has ${message.attachments.length} files`);
      continue;
    }
    const res = await fetch(attachment.url);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (
      res.status !== 200 ||
      bytes.length !== Number(file[1]) ||
      createHash("sha256").update(bytes).digest("hex") !== file[2]
    ) {
      problems.push(
        `half-written: the file of "${message.content.slice(0, 30)}" is not the one sent (${res.status}, ${bytes.length} bytes)`,
      );
    } else filesChecked += 1;
  }

  // The watching bot resumes on the restarted node, as a library does within the resume window.
  const resumeStarted = performance.now();
  const resumed = await RawGatewayClient.resuming(
    restarted.gatewayUrl,
    world.tokens.watcher as string,
    sessionId,
    watcher.lastSequence,
  );
  const replay = await resumed.until((f) => f.t === "RESUMED" || f.op === 9, 30_000).catch(() => [] as Frame[]);
  const resumeMs = performance.now() - resumeStarted;
  let resumeOutcome: string;
  if (replay.at(-1)?.t === "RESUMED") {
    resumeOutcome = `RESUMED in ${resumeMs.toFixed(0)} ms, ${contents(replay).length} messages replayed`;
    frames.push(...replay);
    problems.push(...receivedProblems(answered, frames));
    // Live again: a message sent now reaches it.
    const live = await fetch(`${restarted.base}/channels/${world.channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${world.tokens.sender0}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "after the restart" }),
    });
    if (live.status !== 200) problems.push(`a send after the restart answered ${live.status}`);
    else
      await resumed
        .dispatch("MESSAGE_CREATE", (d) => d.content === "after the restart")
        .catch(() => problems.push("a message sent after the restart did not reach the resumed bot"));
  } else {
    resumeOutcome = replay.at(-1)?.op === 9 ? `refused (op 9) in ${resumeMs.toFixed(0)} ms` : "no answer";
    const received = new Set(contents(frames));
    const missed = answered.filter((m) => !received.has(m.content)).length;
    problems.push(
      `the Resume after the restart was ${resumeOutcome}; the bot never received ${missed} answered messages`,
    );
  }
  await resumed.close(1000).catch(() => {});
  if (restartSeconds * 1000 + resumeMs > RESUME_WINDOW_MS)
    problems.push("the restart and Resume took longer than the 2-minute resume window");

  return {
    title: `kill -9 mid-burst (${storageName(storage)}, ${scale})`,
    rows: [
      [
        "bots' sends answered 200 before the kill, after the restart",
        `${botSends(answered, false)} from ${SENDERS} bots (every ${FILE_EVERY}th with a file), ${botSends(answered, true)}`,
      ],
      [
        "a person's messages answered (the web app's domain): in all, while the node was dead; refused then",
        `${answered.filter((m) => m.content.startsWith("person")).length}, ${postedWhileDown}; ${refusedWhileDown}`,
      ],
      [
        "answered messages there after the restart",
        `${answered.filter((m) => byId.has(m.id)).length} of ${answered.length}`,
      ],
      ["written but never answered (the kill came first)", `${unanswered.length}`],
      [
        "files checked byte for byte, half-written messages",
        `${filesChecked}, ${problems.filter((p) => p.startsWith("half-written")).length}`,
      ],
      ["kill to restarted node answering", `${restartSeconds.toFixed(1)} s`],
      ["watching bot's Resume after the restart", resumeOutcome],
    ],
    problems,
  };
}

/** The part of a web app process a person's sends go through: its domain, on its database and bus. */
interface WebApp {
  domain: Domain;
  close(): Promise<void>;
}

/** A web app process beside the node: on the shared database and stream, or through the node's (embedded) database and its hub. */
async function webApp(storage: TestStorage, node: NodeProcess): Promise<WebApp> {
  if (storage.databaseUrl && storage.redisUrl) {
    const ctx = await createServerContext({
      databaseUrl: storage.databaseUrl,
      dataDir: storage.dataDir,
      redisUrl: storage.redisUrl,
      redisNamespace: storage.redisNamespace,
      rateLimits: false,
    });
    return { domain: ctx.domain, close: () => closeContext(ctx) };
  }
  const bus = new HubClientBus(`ws://127.0.0.1:${node.port}/internal/bus`, internalSecret(storage.dataDir));
  if (!(await bus.whenReady())) throw new Error("the web app did not reach the node's event hub");
  const database = await openDatabase({
    databaseUrl: storage.databaseUrl ?? embeddedUrl(node.embeddedPort as number, embeddedPassword(storage.dataDir)),
    migrate: false,
  });
  const domain = createDomain({
    db: database.prisma,
    bus,
    urls: publicUrlsFromEnv(),
    clock: systemClock,
    attachmentSigningKey: keptSecret(storage.dataDir, "attachment-signing-key"),
  });
  return {
    domain,
    async close() {
      await bus.close();
      await database.close();
    },
  };
}

/** How many bots' sends were answered before the kill (`afterRestart` false) or after the restart (their numbers start at 100,000). */
function botSends(answered: Sent[], afterRestart: boolean): number {
  return answered.filter(
    (m) => m.content.startsWith("sender") && Number(m.content.split(" ")[2]) >= 100_000 === afterRestart,
  ).length;
}

/** Each answered message received once; each bot's messages in the order it sent them; sequence numbers one by one. */
function receivedProblems(answered: Sent[], frames: Frame[]): string[] {
  const problems: string[] = [];
  const got = contents(frames);
  const seen = new Set<string>();
  for (const content of got) {
    if (seen.has(content)) problems.push(`received twice: ${content}`);
    seen.add(content);
  }
  const lost = answered.filter((m) => !seen.has(m.content));
  if (lost.length > 0)
    problems.push(
      `${lost.length} answered messages never reached the resumed bot (first: ${lost[0]?.content.slice(0, 40)})`,
    );
  const lastBySender = new Map<string, number>();
  for (const content of got) {
    const [sender, , n] = content.split(" ");
    const i = Number(n);
    if ((lastBySender.get(sender as string) ?? -1) > i) problems.push(`out of order: ${content.slice(0, 40)}`);
    lastBySender.set(sender as string, i);
  }
  const numbers = frames.filter((f) => f.op === 0).map((f) => f.s as number);
  numbers.forEach((s, i) => {
    if (i > 0 && s !== (numbers[i - 1] as number) + 1) problems.push(`sequence ${numbers[i - 1]} then ${s}`);
  });
  return problems.slice(0, 10);
}

interface StoredMessage {
  id: string;
  content: string;
  author: { username?: string };
  attachments: { url: string }[];
}

/** The channel's whole history through the bot API, newest first. */
async function allMessages(node: NodeProcess, world: CampaignWorld): Promise<StoredMessage[]> {
  const all: StoredMessage[] = [];
  let before = "";
  for (;;) {
    const res = await fetch(`${node.base}/channels/${world.channelId}/messages?limit=100${before}`, {
      headers: { authorization: `Bot ${world.tokens.watcher}` },
    });
    const page = (await res.json()) as StoredMessage[];
    all.push(...page);
    if (page.length < 100) return all;
    before = `&before=${page.at(-1)?.id}`;
  }
}
