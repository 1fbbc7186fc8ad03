import type { TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordStrength = { ok: true } | { ok: false; message: string };

const TOO_GUESSABLE = "This password is too easy to guess.";
const CONTAINS_USERNAME = "Don’t use your username in your password.";

interface Estimator {
  zxcvbn: ZxcvbnFactory;
  translations: TranslationKeys;
}

let estimator: Promise<Estimator> | null = null;

/**
 * zxcvbn with the common and English dictionaries (a few MB): loaded on the first check, once
 * per process, and only on the server (nothing the browser loads imports this file).
 */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]);
    const zxcvbn = new ZxcvbnFactory({ translations: en.translations, graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary } });
    return { zxcvbn, translations: en.translations };
  })().catch((error: unknown) => {
    estimator = null;
    throw error;
  });
  return estimator;
}

/**
 * The rule for every new password (sign-up, password change): zxcvbn's score at least
 * MIN_PASSWORD_SCORE, judged with the person's own words (`userInputs`: the username) as a
 * dictionary, and never containing the username. A refusal says why in zxcvbn's own words
 * (its warning, then its suggestions).
 */
export async function checkPasswordStrength(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  const { zxcvbn, translations } = await loadEstimator();
  const words = userInputs.map((input) => input.trim().toLowerCase()).filter((input) => input.length > 0);
  const result = zxcvbn.check(password, words);
  // Three letters or more: a two-letter name turns up inside too many ordinary words.
  const containsUsername = words.some((word) => word.length >= 3 && password.toLowerCase().includes(word));
  if (result.score >= MIN_PASSWORD_SCORE && !containsUsername) return { ok: true };
  const warning = containsUsername ? CONTAINS_USERNAME : (result.feedback.warning ?? TOO_GUESSABLE);
  const suggestions = result.feedback.suggestions.length > 0 ? result.feedback.suggestions : [translations.suggestions.anotherWord];
  return { ok: false, message: [warning, ...suggestions].join(" ") };
}
