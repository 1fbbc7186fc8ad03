import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";

const SEGMENT = /^(\d{10})-([0-9a-f]+)\.jsonl$/;

interface SegmentFile {
  number: number;
  path: string;
  modifiedAt: number;
}

function segmentsIn(dir: string): SegmentFile[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = SEGMENT.exec(name);
      if (!match) return [];
      const path = join(dir, name);
      return [{ number: Number(match[1]), path, modifiedAt: statSync(path).mtimeMs }];
    })
    .sort((a, b) => a.number - b.number);
}

/**
 * The journal holds live interaction tokens: its folder is the owner's alone (0700) and its
 * files 0600, those an earlier version left readable to others made so too.
 */
function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const segment of segmentsIn(dir)) chmodSync(segment.path, 0o600);
}

/** The journal's lines as written, oldest segment first; a line cut short by a crash is left out. */
export function readSegments(dir: string): { lines: unknown[]; lastWrittenAt: number | null } {
  makePrivate(dir);
  const lines: unknown[] = [];
  let lastWrittenAt: number | null = null;
  for (const segment of segmentsIn(dir)) {
    lastWrittenAt = Math.max(lastWrittenAt ?? 0, segment.modifiedAt);
    for (const text of readFileSync(segment.path, "utf8").split("\n")) {
      if (!text) continue;
      try {
        lines.push(JSON.parse(text));
      } catch {
        // Only a crash mid-write leaves a partial line; what it said was never acted on.
      }
    }
  }
  return { lines, lastWrittenAt };
}

/**
 * Appends lines to numbered segment files in one folder. Lines are gathered and written with
 * one write() at the end of the current task (a microtask), after which the callbacks waiting
 * for them run: a write() that returned is in the operating system's hands and survives the
 * process being killed (not a power cut: nothing here calls fsync on the hot path).
 * `rotate` starts the next segment and removes those last written more than `keepMs` ago.
 */
export class SegmentWriter {
  private fd: number;
  private number: number;
  private pending: string[] = [];
  private waiting: (() => void)[] = [];
  private scheduled = false;
  private failed = false;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly bootId: string,
    private readonly keepMs: number,
    /** Appends what its caller still gathers, before each write. */
    private readonly beforeFlush: () => void = () => {},
  ) {
    makePrivate(dir);
    this.number = (segmentsIn(dir).at(-1)?.number ?? 0) + 1;
    this.fd = this.openSegment();
  }

  append(line: string): void {
    if (this.closed) return;
    this.pending.push(line);
    this.schedule();
  }

  /** Runs `callback` once every line appended so far is written. */
  afterWrite(callback: () => void): void {
    if (this.closed) {
      callback();
      return;
    }
    this.waiting.push(callback);
    this.schedule();
  }

  /** Makes sure a write happens at the end of this task even when nothing was appended yet. */
  touch(): void {
    this.schedule();
  }

  flush(): void {
    this.scheduled = false;
    this.beforeFlush();
    if (this.pending.length > 0 && !this.closed) {
      const text = this.pending.join("");
      this.pending = [];
      try {
        writeSync(this.fd, text);
        this.failed = false;
      } catch (error) {
        // Sessions carry on without surviving a crash rather than stop (disk full, folder gone).
        if (!this.failed)
          console.error("gateway journal: write failed; sessions will not survive a crash until it works again", error);
        this.failed = true;
      }
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const callback of waiting) callback();
  }

  /** The next segment begins with `opening` (what a reader needs that older segments held). */
  rotate(opening: string[], now: number): void {
    this.flush();
    // Opened before the old one closes: if it cannot be, writing goes on where it was.
    const next = this.openSegment(this.number + 1);
    closeSync(this.fd);
    this.number += 1;
    this.fd = next;
    this.pending.push(...opening);
    this.flush();
    for (const segment of segmentsIn(this.dir)) {
      if (segment.number < this.number && now - segment.modifiedAt > this.keepMs) rmSync(segment.path, { force: true });
    }
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
    } catch (error) {
      console.error("gateway journal: closing its file failed", error);
    }
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  private openSegment(number = this.number): number {
    return openSync(join(this.dir, `${String(number).padStart(10, "0")}-${this.bootId}.jsonl`), "a", 0o600);
  }
}
