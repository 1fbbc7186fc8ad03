import fc from "fast-check";
import { Raw, SlotRef } from "../json";
import { brokenBody, validFor } from "../shapes";
import { junkString, junkValue, unknownIdText } from "../values";
import type { TrpcProcedure } from "./procedures";

export type ProcedureType = "query" | "mutation" | "subscription";

export interface TrpcCall {
  path: string;
  /** Absent: the call carries no input. */
  input?: unknown;
}

/**
 * One HTTP request to the tRPC endpoint: a call on its own, in a batch with others, with the
 * method its type does not take, or with a body or `input` parameter that is not JSON at all.
 */
export type TrpcCase =
  | { transport: "single" | "wrong method"; call: TrpcCall; lastEventId?: string }
  | { transport: "batch"; calls: TrpcCall[] }
  | {
      transport: "raw";
      path: string;
      method: "GET" | "POST";
      batch: boolean;
      text: string;
      contentType: string | null;
    };

/** `"{slot}"` strings of a base as slots of the world. */
export function withSlots(value: unknown): unknown {
  if (typeof value === "string") {
    const match = /^\{(\w+)\}$/.exec(value);
    return match ? new SlotRef(match[1] as string) : value;
  }
  if (Array.isArray(value)) return value.map(withSlots);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSlots(v)]));
  return value;
}

/** Inputs for a procedure: mostly its fields broken around the base, sometimes anything at all or nothing. */
export function inputArbitrary(spec: TrpcProcedure): fc.Arbitrary<unknown> {
  const base = (withSlots(spec.base ?? {}) ?? {}) as Record<string, unknown>;
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: junkValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (spec.fields) {
    options.push({ weight: 10, arbitrary: brokenBody(spec.fields, fc.constant(base)) });
    options.push({
      weight: 1,
      arbitrary: validFor({ t: "object", fields: spec.fields }).map((value) => ({ ...base, ...(value as object) })),
    });
  } else {
    options.push({ weight: 2, arbitrary: fc.dictionary(junkString, junkValue, { maxKeys: 3 }) });
  }
  return fc.oneof(...options);
}

const malformedText = fc.oneof(
  fc.constantFrom(
    "{",
    '{"0":',
    "[",
    "not json",
    "\ufeff{}",
    '{"0":{"json":1}}',
    "[1,2]",
    '"x"',
    "null",
    "{}",
    '{"a":1,"a":2}',
    "1e400",
    '{"__proto__":{"x":1}}',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer({ min: 100, max: 100_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
);

/** Every malformed request for `path`; batches pair it with other procedures of its type. */
export function trpcCaseArbitrary(
  path: string,
  type: ProcedureType,
  spec: TrpcProcedure,
  sameType: { path: string; spec: TrpcProcedure }[],
): fc.Arbitrary<TrpcCase> {
  const input = inputArbitrary(spec);
  const call = input.map((value): TrpcCall => (value === undefined ? { path } : { path, input: value }));
  const companion = fc
    .constantFrom(...(sameType.length > 0 ? sameType : [{ path, spec }]))
    .chain((other) => inputArbitrary(other.spec).map((value): TrpcCall => ({ path: other.path, input: value })));
  const options: fc.WeightedArbitrary<TrpcCase>[] = [
    { weight: 10, arbitrary: call.map((c) => ({ transport: "single" as const, call: c })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(call, fc.array(companion, { minLength: 1, maxLength: 3 }))
        .map(([c, others]) => ({ transport: "batch" as const, calls: [c, ...others] })),
    },
    { weight: 1, arbitrary: call.map((c) => ({ transport: "wrong method" as const, call: c })) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          method: fc.constantFrom<"GET" | "POST">("GET", "POST"),
          batch: fc.boolean(),
          text: malformedText,
          contentType: fc.constantFrom<string | null>(
            "application/json",
            "text/plain",
            null,
            "multipart/form-data; boundary=x",
            "application/x-www-form-urlencoded",
          ),
        })
        .map((raw) => ({ transport: "raw" as const, path, ...raw })),
    },
  ];
  if (type === "subscription") {
    const lastEventId = fc.oneof(
      unknownIdText,
      junkString,
      fc.constantFrom("0", "-1", "99999999999999999999", "1\n2", ""),
    );
    options.push({
      weight: 3,
      arbitrary: fc
        .tuple(call, lastEventId)
        .map(([c, id]) => ({ transport: "single" as const, call: c, lastEventId: id })),
    });
  }
  return fc.oneof(...options);
}

export { Raw };
