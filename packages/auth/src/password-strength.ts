import { Worker } from "node:worker_threads";

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn judges at most this many characters of a password (its cost grows with the length:
 * hundreds of milliseconds for a hundred crafted ones). A longer password is judged by its
 * beginning; the username is still looked for in the whole of it.
 */
export const JUDGED_PASSWORD_LENGTH = 100;

export type PasswordStrength = { ok: true } | { ok: false; message: string };

const TOO_GUESSABLE = "This password is too easy to guess.";
const CONTAINS_USERNAME = "Don’t use your username in your password.";

interface Verdict {
  score: number;
  warning: string | null;
  suggestions: string[];
  /** zxcvbn's suggestion when it has none of its own. */
  anotherWord: string;
}

type Answer = { id: number; error: string } | ({ id: number } & Verdict);

/**
 * The thread zxcvbn runs on (password-strength-worker.mjs), with its dictionaries (a few MB)
 * loaded once per process on the first check and only on the server. Checks wait their turn
 * there, so the process's own thread never runs one; the thread keeps the process alive only
 * while a check is waiting. If it dies, waiting checks fail and the next check starts another.
 */
class EstimatorThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (verdict: Verdict) => void; reject: (error: Error) => void }>();

  judge(password: string, userInputs: string[]): Promise<Verdict> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Verdict>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, password, userInputs });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./password-strength-worker.mjs", import.meta.url), {
      workerData: { judgedLength: JUDGED_PASSWORD_LENGTH },
    });
    worker.unref();
    worker.on("message", (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (!waiter) return;
      if ("error" in answer) waiter.reject(new Error(`password strength check failed: ${answer.error}`));
      else waiter.resolve(answer);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`password strength thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

const estimator = new EstimatorThread();

/**
 * The rule for every new password (sign-up, password change): zxcvbn's score at least
 * MIN_PASSWORD_SCORE, judged with the person's own words (`userInputs`: the username) as a
 * dictionary, and never containing the username. A refusal says why in zxcvbn's own words
 * (its warning, then its suggestions).
 */
export async function checkPasswordStrength(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  const words = userInputs.map((input) => input.trim().toLowerCase()).filter((input) => input.length > 0);
  const result = await estimator.judge(password, words);
  // Three letters or more: a two-letter name turns up inside too many ordinary words.
  const containsUsername = words.some((word) => word.length >= 3 && password.toLowerCase().includes(word));
  if (result.score >= MIN_PASSWORD_SCORE && !containsUsername) return { ok: true };
  const warning = containsUsername ? CONTAINS_USERNAME : (result.warning ?? TOO_GUESSABLE);
  const suggestions = result.suggestions.length > 0 ? result.suggestions : [result.anotherWord];
  return { ok: false, message: [warning, ...suggestions].join(" ") };
}
