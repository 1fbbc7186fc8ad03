import type { Frame } from "../../test/support/gateway-client";

/** The contents of the MESSAGE_CREATE dispatches among `frames`, in the order received. */
export const contents = (frames: readonly Frame[]): string[] =>
  frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content as string);

const SHOWN = 5;

/** Up to five findings of one kind, then how many more there were. */
function capped(findings: string[]): string[] {
  return findings.length <= SHOWN ? findings : [...findings.slice(0, SHOWN), `... and ${findings.length - SHOWN} more`];
}

/**
 * What is wrong with what one gateway session received (across its connections and Resumes)
 * compared with the messages expected, in their order: messages lost, received twice or out of
 * order, and sequence numbers that do not go on one by one. Empty when all is well.
 */
export function deliveryProblems(expected: readonly string[], received: readonly Frame[]): string[] {
  const got = contents(received);
  const seen = new Set<string>();
  const twice: string[] = [];
  const firstOnly: string[] = [];
  for (const content of got) {
    if (seen.has(content)) twice.push(`twice: ${content}`);
    else firstOnly.push(content);
    seen.add(content);
  }
  const lost = expected.filter((content) => !seen.has(content)).map((content) => `lost: ${content}`);
  const problems = [...capped(twice), ...capped(lost)];
  const inOrder = expected.filter((content) => seen.has(content));
  if (problems.length === 0 && firstOnly.join("\n") !== inOrder.join("\n")) problems.push("out of order");
  const numbers = received.filter((f) => f.op === 0).map((f) => f.s as number);
  const gaps: string[] = [];
  numbers.forEach((s, i) => {
    if (i > 0 && s !== (numbers[i - 1] as number) + 1) gaps.push(`sequence ${numbers[i - 1]} then ${s}`);
  });
  return [...problems, ...capped(gaps)];
}
