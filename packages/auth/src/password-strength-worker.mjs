// zxcvbn on a thread of its own (started by password-strength.ts): judging one long password
// takes up to hundreds of milliseconds of CPU, which on the web app's one thread would hold up
// every other request. Plain JavaScript, so Node runs it as it is under tsx and vitest too.
import { parentPort, workerData } from "node:worker_threads";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  // Only the first characters are judged (zxcvbn's cost grows with the length).
  maxLength: workerData.judgedLength,
});

parentPort?.on("message", ({ id, password, userInputs }) => {
  try {
    const result = zxcvbn.check(password, userInputs);
    parentPort?.postMessage({
      id,
      score: result.score,
      warning: result.feedback.warning,
      suggestions: result.feedback.suggestions,
      anotherWord: translations.suggestions.anotherWord,
    });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
