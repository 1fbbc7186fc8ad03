import type fc from "fast-check";

/** What the campaign checks each case for, and what a target is. */

export type ProblemKind = "5xx" | "partial write" | "error shape" | "no answer";

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

/** What one case did. */
export interface Outcome {
  status: number;
  accepted: boolean;
  problems: Problem[];
  request: string;
  response: string;
}

export interface Target<C> {
  key: string;
  arbitrary: fc.Arbitrary<C>;
  run(testCase: C): Promise<Outcome>;
  describe(testCase: C): string;
}

/** Runs one case between two snapshots of the database (see runCampaign). */
export type Guarded = (execute: () => Promise<Outcome>) => Promise<Outcome>;
