import { describe, expect, it } from "vitest";
import { checkPasswordStrength, MIN_PASSWORD_SCORE } from "../src";

describe("the password rule (zxcvbn)", () => {
  it("refuses the most common passwords with zxcvbn's warning and suggestion", async () => {
    for (const password of ["password", "12345678", "qwertyuiop"]) {
      expect(await checkPasswordStrength(password, ["alice"]), password).toEqual({ ok: false, message: expect.stringMatching(/^This is a (heavily|frequently|commonly) used password\. /) });
    }
    expect(await checkPasswordStrength("password", [])).toEqual({ ok: false, message: "This is a heavily used password. Add more words that are less common." });
  });

  it(`refuses a password scoring below ${MIN_PASSWORD_SCORE} even when zxcvbn has no warning for it`, async () => {
    expect(await checkPasswordStrength("long enough", [])).toEqual({ ok: false, message: "This password is too easy to guess. Add more words that are less common." });
  });

  it("refuses a password built on the username, also a strong-looking one that contains it", async () => {
    expect(await checkPasswordStrength("alice12345678", ["alice"])).toMatchObject({ ok: false });
    expect(await checkPasswordStrength("Plum-ALICE-Kettle-93!", ["alice"])).toEqual({ ok: false, message: "Don’t use your username in your password. Add more words that are less common." });
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
});
