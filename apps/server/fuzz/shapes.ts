import fc from "fast-check";
import { SlotRef } from "./json";
import {
  awkwardText,
  junkBits,
  junkId,
  junkImage,
  junkNumber,
  junkString,
  junkTime,
  junkUrl,
  junkValue,
  longText,
  rawNumber,
  unknownIdText,
  unstorableText,
} from "./values";

/**
 * What a field of a request takes, as far as the fuzzer needs to know: enough to build a valid
 * value (so the other fields of a case get past their checks) and values that break it.
 */
export type Shape =
  | { t: "string"; min?: number; max?: number; valid?: readonly string[]; slots?: readonly string[] }
  | { t: "int"; min?: number; max?: number }
  | { t: "bool" }
  | { t: "id"; slots: readonly string[] }
  | { t: "bits" }
  | { t: "time" }
  | { t: "image" }
  | { t: "url" }
  | { t: "enum"; values: readonly unknown[] }
  | { t: "object"; fields: Record<string, Shape>; required?: readonly string[] }
  | { t: "array"; of: Shape; min?: number; max?: number }
  | { t: "union"; of: readonly Shape[] }
  | { t: "any" };

export const str = (max?: number, valid?: readonly string[], min?: number): Shape => ({ t: "string", max, valid, min });
export const int = (min?: number, max?: number): Shape => ({ t: "int", min, max });
export const bool: Shape = { t: "bool" };
export const id = (...slots: string[]): Shape => ({ t: "id", slots });
export const bits: Shape = { t: "bits" };
export const time: Shape = { t: "time" };
export const image: Shape = { t: "image" };
export const url: Shape = { t: "url" };
export const any: Shape = { t: "any" };
/** A string naming a resource by something other than an id (an invite code). */
export const code = (max: number, ...slots: string[]): Shape => ({ t: "string", max, slots });
export const union = (...of: Shape[]): Shape => ({ t: "union", of });
export const oneOf = (...values: unknown[]): Shape => ({ t: "enum", values });
export const obj = (fields: Record<string, Shape>, required: readonly string[] = []): Shape => ({
  t: "object",
  fields,
  required,
});
export const arr = (of: Shape, max?: number, min?: number): Shape => ({ t: "array", of, max, min });

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A value the field accepts (or close to it: hidden and unknown ids are valid spellings). */
export function validFor(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.t) {
    case "string":
      if (shape.slots) return fc.constantFrom(...shape.slots).map((slot) => new SlotRef(slot));
      return shape.valid
        ? fc.constantFrom(...shape.valid)
        : fc.string({ minLength: shape.min ?? 1, maxLength: Math.min(shape.max ?? 20, 20) });
    case "int":
      return fc.integer({ min: shape.min ?? 0, max: shape.max ?? 1000 });
    case "bool":
      return fc.boolean();
    case "id":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...shape.slots).map((slot) => new SlotRef(slot)) },
        { weight: 1, arbitrary: unknownIdText },
      );
    case "bits":
      return fc.constantFrom("0", "8", "1024", "3072");
    case "time":
      return fc
        .integer({ min: 1, max: 400 })
        .map((days) => new Date(Date.UTC(2030, 0, 1) + days * 86_400_000).toISOString());
    case "image":
      return fc.constantFrom(PNG, null);
    case "url":
      return fc.constantFrom("https://example.com/", "https://example.com/a.png");
    case "enum":
      return fc.constantFrom(...shape.values);
    case "object": {
      const required = new Set(shape.required ?? []);
      const entries = Object.entries(shape.fields);
      return fc.record(Object.fromEntries(entries.map(([key, field]) => [key, validFor(field)])), {
        requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    case "array":
      return fc.array(validFor(shape.of), { minLength: shape.min ?? 0, maxLength: Math.min(shape.max ?? 3, 3) });
    case "union":
      return fc.oneof(...shape.of.map(validFor));
    case "any":
      return junkValue;
  }
}

/** Values that break the field: the wrong type, one past an edge, text it cannot take, a broken part inside. */
export function brokenFor(shape: Shape): fc.Arbitrary<unknown> {
  const anything = { weight: 1, arbitrary: junkValue };
  switch (shape.t) {
    case "string": {
      const options: fc.WeightedArbitrary<unknown>[] = [
        anything,
        { weight: 2, arbitrary: fc.oneof(junkNumber, fc.boolean(), fc.constantFrom({}, [], [""])) },
        { weight: 3, arbitrary: unstorableText },
        { weight: 2, arbitrary: awkwardText },
        { weight: 1, arbitrary: longText },
      ];
      if (shape.max !== undefined)
        options.push({
          weight: 2,
          arbitrary: fc.integer({ min: shape.max + 1, max: shape.max + 40 }).map((n) => "x".repeat(n)),
        });
      if ((shape.min ?? 0) > 1) options.push({ weight: 1, arbitrary: fc.string({ maxLength: (shape.min ?? 1) - 1 }) });
      return fc.oneof(...options);
    }
    case "int": {
      const options: fc.WeightedArbitrary<unknown>[] = [
        anything,
        { weight: 3, arbitrary: junkNumber },
        { weight: 1, arbitrary: rawNumber },
        { weight: 2, arbitrary: fc.oneof(junkString, fc.boolean(), fc.constantFrom({}, [1], "1", "NaN", "Infinity")) },
      ];
      if (shape.min !== undefined)
        options.push({ weight: 1, arbitrary: fc.integer({ min: shape.min - 1000, max: shape.min - 1 }) });
      if (shape.max !== undefined)
        options.push({ weight: 1, arbitrary: fc.integer({ min: shape.max + 1, max: shape.max + 1000 }) });
      return fc.oneof(...options);
    }
    case "bool":
      return fc.oneof(anything, { weight: 2, arbitrary: fc.constantFrom("true", "false", 0, 1, 2, "yes", {}, []) });
    case "id":
      return fc.oneof(
        anything,
        { weight: 4, arbitrary: junkId },
        { weight: 1, arbitrary: fc.constantFrom(...shape.slots).map((slot) => [new SlotRef(slot)]) },
      );
    case "bits":
      return fc.oneof(anything, { weight: 4, arbitrary: junkBits });
    case "time":
      return fc.oneof(anything, { weight: 4, arbitrary: junkTime });
    case "image":
      return fc.oneof(anything, { weight: 4, arbitrary: junkImage });
    case "url":
      return fc.oneof(
        anything,
        { weight: 3, arbitrary: junkUrl },
        { weight: 1, arbitrary: unstorableText.map((t) => `https://example.com/${t}`) },
      );
    case "enum":
      return fc.oneof(anything, { weight: 2, arbitrary: fc.oneof(junkNumber, junkString) });
    case "object": {
      const entries = Object.entries(shape.fields);
      const options: fc.WeightedArbitrary<unknown>[] = [
        anything,
        {
          weight: 1,
          arbitrary: fc.oneof(junkString, junkNumber, fc.array(validFor(shape), { minLength: 1, maxLength: 2 })),
        },
        // Unknown keys, and keys that cannot be stored.
        {
          weight: 1,
          arbitrary: fc
            .tuple(validFor(shape), fc.oneof(unstorableText, awkwardText, fc.string({ maxLength: 8 })), junkValue)
            .map(([base, key, value]) => ({ ...(base as object), [key]: value })),
        },
      ];
      if (entries.length > 0) {
        options.push({
          weight: 4,
          arbitrary: fc
            .tuple(validFor(shape), fc.constantFrom(...entries))
            .chain(([base, [key, field]]) => brokenFor(field).map((value) => ({ ...(base as object), [key]: value }))),
        });
      }
      return fc.oneof(...options);
    }
    case "array": {
      const options: fc.WeightedArbitrary<unknown>[] = [
        anything,
        { weight: 1, arbitrary: fc.oneof(junkString, junkNumber, validFor(shape.of)) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(fc.array(validFor(shape.of), { maxLength: 2 }), brokenFor(shape.of))
            .map(([items, bad]) => [...items, bad]),
        },
      ];
      if (shape.max !== undefined && shape.max <= 300) {
        options.push({ weight: 1, arbitrary: validFor(shape.of).map((item) => Array(shape.max! + 1).fill(item)) });
      }
      return fc.oneof(...options);
    }
    case "union":
      return fc.oneof(...shape.of.map(brokenFor));
    case "any":
      return junkValue;
  }
}

/**
 * A request body for fields: a valid base with one to three fields broken, a random object of
 * the known fields (and unknown ones) holding anything, or a body that is no object at all.
 */
export function brokenBody(
  fields: Record<string, Shape>,
  base: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<unknown> {
  const entries = Object.entries(fields);
  const names = entries.map(([key]) => key);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: junkValue },
    {
      weight: 2,
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom(...(names.length > 0 ? names : ["x"])), unstorableText, awkwardText),
        junkValue,
        { maxKeys: 5 },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.oneof(unstorableText, awkwardText), junkValue)
        .map(([b, key, value]) => ({ ...b, [key]: value })),
    },
  ];
  if (entries.length > 0) {
    options.push({
      weight: 6,
      arbitrary: fc
        .tuple(base, fc.subarray(entries, { minLength: 1, maxLength: Math.min(3, entries.length) }))
        .chain(([b, broken]) =>
          fc
            .tuple(...broken.map(([, shape]) => brokenFor(shape)))
            .map((values) => ({ ...b, ...Object.fromEntries(broken.map(([key], i) => [key, values[i]])) })),
        ),
    });
  }
  return fc.oneof(...options);
}
