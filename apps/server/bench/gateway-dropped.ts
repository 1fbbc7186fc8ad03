import type { ChildProcess } from "node:child_process";
import type { Command } from "./gateway-clients";
import { loader } from "./load-runner";
import type { PhaseFigures } from "./rest-load";

/**
 * The dropped-sessions scenario of `pnpm bench gateway`: a bot's sends (POST, 16 keep-alive
 * connections, from a child process) and a heartbeat probe on a gateway connection of its own,
 * first while `connections` sessions of the guild are connected, then in the first seconds
 * after they all dropped without a close (a network cut or a bot host's crash: each session
 * then waits two minutes for a Resume, and every event of the guild is still recorded for it).
 * Keeping a waiting session should cost about what keeping a connected one costs.
 */
export interface DroppedFigures {
  connected: { sends: PhaseFigures; beats: PhaseFigures };
  dropped: { sends: PhaseFigures; beats: PhaseFigures };
}

const SEND_CONNECTIONS = 16;

export interface UnderSendsOptions {
  apiUrl: string;
  gatewayUrl: string;
  channelId: string;
  token: string;
  seconds: number;
}

/** A bot's sends flat out (POST, 16 keep-alive connections) and a heartbeat probe on a gateway connection of its own, side by side, each from a child process. */
export async function sendsAndBeats(
  options: UnderSendsOptions,
  children: ChildProcess[],
): Promise<{ sends: PhaseFigures; beats: PhaseFigures }> {
  const [sends, beats] = await Promise.all([
    loader(children)({
      cmd: "http",
      method: "POST",
      url: `${options.apiUrl}/channels/${options.channelId}/messages`,
      token: options.token,
      body: JSON.stringify({ content: "bench 0 under load $N" }),
      connections: SEND_CONNECTIONS,
      seconds: options.seconds,
    }),
    loader(children)({
      cmd: "heartbeats",
      gatewayUrl: options.gatewayUrl,
      token: options.token,
      seconds: options.seconds,
    }),
  ]);
  return { sends, beats };
}

export async function droppedSessions(
  options: UnderSendsOptions & {
    ask: (command: Command, answer: string) => Promise<unknown>;
    connections: number;
  },
): Promise<DroppedFigures> {
  const children: ChildProcess[] = [];
  try {
    await options.ask(
      { cmd: "connect", mode: "plain", url: options.gatewayUrl, token: options.token, count: options.connections },
      "ready",
    );
    const connected = await sendsAndBeats(options, children);
    await options.ask({ cmd: "drop" }, "dropped");
    const dropped = await sendsAndBeats(options, children);
    return { connected, dropped };
  } finally {
    for (const child of children) child.kill();
  }
}

/** The scenario's table: sends and heartbeats with the sessions dropped, next to them connected. */
export function printDropped(connections: number, figures: DroppedFigures): void {
  const { connected, dropped } = figures;
  const rows = [
    [
      "sends/s (POST, 16 connections)",
      Math.round(dropped.sends.perSecond).toLocaleString("en-GB"),
      Math.round(connected.sends.perSecond).toLocaleString("en-GB"),
      (dropped.sends.perSecond / Math.max(0.001, connected.sends.perSecond)).toFixed(2),
    ],
    [
      "send p99",
      `${dropped.sends.p99.toFixed(1)} ms`,
      `${connected.sends.p99.toFixed(1)} ms`,
      (dropped.sends.p99 / Math.max(0.001, connected.sends.p99)).toFixed(2),
    ],
    [
      "heartbeat ACK p99 (another connection)",
      `${dropped.beats.p99.toFixed(1)} ms`,
      `${connected.beats.p99.toFixed(1)} ms`,
      (dropped.beats.p99 / Math.max(0.001, connected.beats.p99)).toFixed(2),
    ],
  ];
  const head = [`${connections} sessions dropped without a close`, "dropped", "connected (reference)", "ratio"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(
    `\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${rows.map(line).join("\n")}\n(target: sends at least 0.8 of connected, p99s at most 1.2×: a waiting session costs no more than a connected one)`,
  );
}
