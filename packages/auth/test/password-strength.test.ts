import { describe, expect, it } from "vitest";
import { checkPasswordStrength, JUDGED_PASSWORD_LENGTH, MIN_PASSWORD_SCORE } from "../src";

describe("the password rule (zxcvbn)", () => {
  it("refuses the most common passwords with zxcvbn's warning and suggestion", async () => {
    for (const password of ["password", "12345678", "qwertyuiop"]) {
      expect(await checkPasswordStrength(password, ["alice"]), password).toEqual({
        ok: false,
        message: expect.stringMatching(/^This is a (heavily|frequently|commonly) used password\. /),
      });
    }
    expect(await checkPasswordStrength("password", [])).toEqual({
      ok: false,
      message: "This is a heavily used password. Add more words that are less common.",
    });
  });

  it(`refuses a password scoring below ${MIN_PASSWORD_SCORE} even when zxcvbn has no warning for it`, async () => {
    expect(await checkPasswordStrength("long enough", [])).toEqual({
      ok: false,
      message: "This password is too easy to guess. Add more words that are less common.",
    });
  });

  it("refuses a password built on the username, also a strong-looking one that contains it", async () => {
    expect(await checkPasswordStrength("alice12345678", ["alice"])).toMatchObject({ ok: false });
    expect(await checkPasswordStrength("Plum-ALICE-Kettle-93!", ["alice"])).toEqual({
      ok: false,
      message: "Don’t use your username in your password. Add more words that are less common.",
    });
    // A two-letter username is not looked for inside words.
    expect(await checkPasswordStrength("bold copper lantern", ["bo"])).toEqual({ ok: true });
  });

  it("accepts passphrases of uncommon words and long random strings", async () => {
    for (const password of ["violet tractor mirror", "correct horse battery", "q8#Lm2!vXr9$Tp"]) {
      expect(await checkPasswordStrength(password, ["alice"]), password).toEqual({ ok: true });
    }
  });

  it("loads the dictionaries once and answers quickly afterwards", async () => {
    await checkPasswordStrength("warm up", []);
    const started = performance.now();
    for (let i = 0; i < 20; i++) await checkPasswordStrength(`another passphrase ${i}`, ["alice"]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it(`judges only the first ${JUDGED_PASSWORD_LENGTH} characters, and still finds the username anywhere`, async () => {
    const padding = "a".repeat(JUDGED_PASSWORD_LENGTH);
    expect(await checkPasswordStrength(`${padding}violet tractor mirror`, ["alice"])).toMatchObject({ ok: false });
    const strongStart = "violet tractor mirror q8#Lm2!vXr9$Tp ".repeat(3).slice(0, JUDGED_PASSWORD_LENGTH);
    expect(await checkPasswordStrength(`${strongStart}lantern`, ["alice"])).toEqual({ ok: true });
    expect(await checkPasswordStrength(`${strongStart}alice`, ["alice"])).toEqual({
      ok: false,
      message: "Don’t use your username in your password. Add more words that are less common.",
    });
  }, 30_000);

  it("judges costly 128-character passwords without holding up the process's own thread", async () => {
    const costly = ["19901231", "p@55w0rd", "qwerty12"].map((pattern) => pattern.repeat(16));
    await checkPasswordStrength("warm up", []);
    let longestGap = 0;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    };
    const ticker = setInterval(tick, 5);
    const durations: number[] = [];
    try {
      for (const password of costly) {
        const started = performance.now();
        expect(await checkPasswordStrength(password, ["alice"]), password).toHaveProperty("ok");
        durations.push(performance.now() - started);
      }
    } finally {
      tick();
      clearInterval(ticker);
    }
    // Each check took its time (hundreds of milliseconds, on another thread) while this one
    // kept ticking: judged here, one check would hold the ticks up for all of its time.
    expect(Math.min(...durations)).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(Math.min(...durations) / 2);
  }, 30_000);
});
