import fc from "fast-check";
import { Raw, SlotRef } from "../json";
import { brokenBody, brokenFor, validFor } from "../shapes";
import { awkwardText, junkString, junkValue, malformedIdText, unknownIdText, unstorableText } from "../values";
import { HIDDEN_SLOT, type RestRoute } from "./routes";

/** A path parameter: a slot of the world, or a segment sent exactly as written (already percent-encoded). */
export type ParamValue = SlotRef | { segment: string };

export type BodyCase =
  | { kind: "none" }
  | { kind: "json"; value: unknown; contentType: string | null }
  | { kind: "text"; text: string; contentType: string | null }
  | { kind: "bytes"; hex: string; contentType: string | null }
  | { kind: "form"; value: unknown; contentType: string }
  | { kind: "multipart"; parts: MultipartPart[]; framing: MultipartFraming };

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  /** A file's bytes as text, or a field's value (JSON text for payload_json). */
  value: unknown;
}

export type MultipartFraming =
  | "proper"
  | "no boundary parameter"
  | "another boundary"
  | "cut short"
  | "no closing boundary"
  | "LF line ends";

export type AuthCase = "valid" | { header: string | null };

export interface RestCase {
  params: Record<string, ParamValue>;
  query: string;
  auth: AuthCase;
  body: BodyCase;
}

/** A text as a path segment: percent-encoded, lone surrogates as the bytes WTF-8 would give them. */
export function pathSegment(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(text[i] as string);
  }
  return out;
}

const segment = (text: string) => ({ segment: pathSegment(text) });

/** Segments the router and the id parser must survive: bad escapes, traversal, encoded NUL, one over the router's length limit. */
const rawSegments = fc.constantFrom(
  "%E0%A4%A",
  "%zz",
  "%",
  "%00",
  "%2F",
  "..",
  "%2e%2e",
  "%ED%A0%80",
  "%C0%80",
  "%FF",
  "a%20b",
  "1".repeat(5000),
);

const malformedParam = fc.oneof(
  { weight: 3, arbitrary: malformedIdText.map(segment) },
  { weight: 1, arbitrary: rawSegments.map((s) => ({ segment: s })) },
);

const junkEmoji = fc.oneof(
  fc
    .constantFrom(
      "x",
      "name:abc",
      "a:b:c",
      ":1",
      "name:",
      "<:x:1>",
      "a:9223372036854775808",
      "%F0%9F",
      "👍👍",
      "\u0000",
    )
    .map(segment),
  fc.oneof(junkString, awkwardText, unstorableText).map(segment),
  unknownIdText.map((n) => segment(`ghost:${n}`)),
);

/** A parameter: mostly one of its valid slots (so the body is reached), else hidden, unknown or malformed. */
function paramArbitrary(name: string, valid: readonly string[]): fc.Arbitrary<ParamValue> {
  const hidden = [
    ...new Set(valid.map((slot) => HIDDEN_SLOT[slot]).filter((slot): slot is string => slot !== undefined)),
  ];
  const options: fc.WeightedArbitrary<ParamValue>[] = [
    { weight: 12, arbitrary: fc.constantFrom(...valid).map((slot) => new SlotRef(slot)) },
    { weight: 2, arbitrary: name === "emoji" ? junkEmoji : malformedParam },
    { weight: 1, arbitrary: unknownIdText.map((text) => ({ segment: text })) },
  ];
  if (name === "emoji") options.push({ weight: 3, arbitrary: fc.constantFrom("👍", "❤️", "🏳️‍🌈").map(segment) });
  if (hidden.length > 0)
    options.push({ weight: 2, arbitrary: fc.constantFrom(...hidden).map((slot) => new SlotRef(slot)) });
  return fc.oneof(...options);
}

const queries = fc.oneof(
  { weight: 12, arbitrary: fc.constant("") },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom("limit", "with_counts", "reason", "a"), junkString),
        fc.oneof(junkString, fc.constantFrom("true", "-1", "1e400")),
      )
      .map(([key, value]) => `?${pathSegment(key)}=${pathSegment(value)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "?a=%00",
      "?a=%zz",
      "?a[b]=1&a[c]=2",
      "?__proto__[x]=1",
      "?a=1&a=2&a=3",
      `?q=${"x".repeat(8000)}`,
      "?&&=&",
      "?%ED%A0%80=1",
    ),
  },
);

const botAuth = fc.oneof(
  { weight: 25, arbitrary: fc.constant<AuthCase>("valid") },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        null,
        "Bot",
        "Bot ",
        "Bot a.b.c",
        "Bot MTIz.abc.def",
        "Bearer abc",
        "Basic Og==",
        `Bot ${"a".repeat(10_000)}`,
        "Bot \t",
        "bot lowercase.x.y",
      )
      .map((header) => ({ header })),
  },
);

const loginAuth = fc.oneof(
  { weight: 6, arbitrary: fc.constant<AuthCase>({ header: null }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom("Basic", "Basic !!!", "Basic Og==", "Basic OjpkZA==", "Bearer x"),
        fc.string({ maxLength: 20 }).map((text) => `Basic ${Buffer.from(text, "latin1").toString("base64")}`),
      )
      .map((header) => ({ header })),
  },
);

const jsonTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | null>("application/json") },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | null>(
      "application/json; charset=utf-8",
      "Application/JSON",
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/vnd.api+json",
      "multipart/form-data",
      "*/*",
      'a;b="',
      null,
    ),
  },
);

const malformedJsonText = fc.oneof(
  fc.constantFrom(
    "{",
    '{"a":}',
    "[1,]",
    "NaN",
    "{'a':1}",
    "\ufeff{}",
    "{}garbage",
    '"unterminated',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    "null",
    "true",
    "   ",
    "\u0000",
    '{"a":1,"a":[2]}',
    "1e400",
    '"\\ud800"',
    '{"content":"\\u0000"}',
  ),
  fc.string({ maxLength: 30 }),
);

const invalidUtf8 = fc
  .constantFrom(
    "ff fe 7b 7d",
    "7b 22 61 22 3a 22 c3 28 22 7d",
    "7b 22 61 22 3a 22 ed a0 80 22 7d",
    "c0 80",
    "fe ff 00 7b 00 7d",
  )
  .map((hex) => hex.replace(/ /g, ""));

const fileBytes = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "\u0000\u0001\u0002", "x".repeat(70_000)));
const fileNames = fc.oneof(
  fc.constantFrom(
    "a.txt",
    "",
    "../../etc/passwd",
    "a\u0000.txt",
    "\ud800.png",
    'quote".txt',
    "line\r\nbreak.txt",
    "x".repeat(2000),
    "\u202egnp.exe",
  ),
  junkString,
);
const fileFields = fc.oneof(
  fc.constantFrom(
    "files[0]",
    "files[1]",
    "files[9]",
    "files[10]",
    "files[999]",
    "files[-1]",
    "files[]",
    "files[a]",
    "file",
    "files[0]\u0000",
    "",
  ),
  junkString,
);

function multipartCase(payload: fc.Arbitrary<unknown>): fc.Arbitrary<BodyCase> {
  const payloadPart = fc.oneof(
    { weight: 4, arbitrary: payload.map((value): MultipartPart => ({ name: "payload_json", value })) },
    {
      weight: 1,
      arbitrary: malformedJsonText.map((text): MultipartPart => ({ name: "payload_json", value: new Raw(text) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom("content", "payload_json", "attachments"), junkString), junkString)
        .map(([name, value]): MultipartPart => ({ name, value: new Raw(value) })),
    },
  );
  const filePart = fc.record({
    name: fileFields,
    filename: fileNames,
    contentType: fc.constantFrom("text/plain", "image/png", "", "application/octet-stream", "a/b\u0000"),
    value: fileBytes.map((text) => new Raw(text)),
  });
  return fc
    .record({
      parts: fc
        .tuple(fc.array(payloadPart, { minLength: 0, maxLength: 2 }), fc.array(filePart, { maxLength: 12 }))
        .map(([fields, files]) => [...fields, ...files]),
      framing: fc.constantFrom<MultipartFraming>(
        "proper",
        "proper",
        "proper",
        "no boundary parameter",
        "another boundary",
        "cut short",
        "no closing boundary",
        "LF line ends",
      ),
    })
    .map(({ parts, framing }) => ({ kind: "multipart", parts, framing }));
}

/** Every malformed request for one route: its path parameters, query, token and body. */
export function restCaseArbitrary(url: string, route: RestRoute): fc.Arbitrary<RestCase> {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const params = fc.record(
    Object.fromEntries(names.map((name) => [name, paramArbitrary(name, route.params?.[name] ?? [name])])),
  );
  const payload: fc.Arbitrary<unknown> = route.arrayBody
    ? fc.oneof({ weight: 4, arbitrary: brokenFor(route.arrayBody) }, { weight: 1, arbitrary: junkValue })
    : route.fields
      ? brokenBody(route.fields, fc.constant(route.base ?? {}))
      : junkValue;
  const hasBody = route.arrayBody !== undefined || route.fields !== undefined;
  const bodies: fc.WeightedArbitrary<BodyCase>[] = [
    {
      weight: hasBody ? 14 : 3,
      arbitrary: fc.record({ value: payload, contentType: jsonTypes }).map((b) => ({ kind: "json" as const, ...b })),
    },
    { weight: hasBody ? 1 : 6, arbitrary: fc.constant<BodyCase>({ kind: "none" }) },
    {
      weight: 1,
      arbitrary: fc
        .record({ text: malformedJsonText, contentType: jsonTypes })
        .map((b) => ({ kind: "text" as const, ...b })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ hex: invalidUtf8, contentType: jsonTypes }).map((b) => ({ kind: "bytes" as const, ...b })),
    },
    {
      weight: route.login ? 10 : 1,
      arbitrary: payload.map((value) => ({
        kind: "form" as const,
        value,
        contentType: "application/x-www-form-urlencoded",
      })),
    },
    { weight: route.multipart ? 6 : 1, arbitrary: multipartCase(payload) },
  ];
  if (route.fields && route.base) {
    // Valid bodies from random valid values now and then: what is accepted must be whole, too.
    const valid = validFor({ t: "object", fields: route.fields }).map((value) => ({
      ...route.base,
      ...(value as object),
    }));
    bodies.push({
      weight: 1,
      arbitrary: valid.map((value) => ({ kind: "json" as const, value, contentType: "application/json" })),
    });
  }
  return fc.record({ params, query: queries, auth: route.login ? loginAuth : botAuth, body: fc.oneof(...bodies) });
}
