import fc from "fast-check";
import { Raw } from "./json";

/**
 * The malformed values every field is tried with: wrong JSON types, numbers at and past every
 * edge, strings PostgreSQL cannot store or that are hard to display, and shapes too deep or too
 * large to be sensible.
 */

/** Text PostgreSQL cannot store: NUL anywhere and unpaired UTF-16 surrogates. */
export const unstorableText = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "name\u0000", "\ud800", "x\udc00y", "\udc00\ud800", "emoji\ud83d"),
  fc
    .tuple(fc.string({ maxLength: 4 }), fc.constantFrom("\u0000", "\ud800", "\udfff"), fc.string({ maxLength: 4 }))
    .map(([a, bad, b]) => `${a}${bad}${b}`),
);

/** Text a database stores but that trips naive handling: direction marks, invisible and combining characters, look-alike digits. */
export const awkwardText = fc.constantFrom(
  "\u202eevil\u202c",
  "\u2067rtl\u2069",
  "\u200b",
  "\u200b\u200c\u200d\u2060\ufeff",
  "a\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "\u{1F469}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}",
  "\uffff\ufffe",
  "\u0001\u0007\u001b[31m\u007f",
  "line\r\nbreak",
  "\u3000\u00a0\u2003",
  " ",
  "",
  "١٢٣",
  "１２３",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${jndi:ldap://x}",
  "%00%ff",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "@everyone",
  "<@1>",
  "```",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "-0",
  "0x10",
  "9223372036854775808",
  "null",
  "true",
);

/** Any UTF-16 code units, lone surrogates included. */
export const anyUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 12,
});

/** Strings far over any limit (the JSON body limit is 1 MB). */
export const longText = fc.oneof(
  fc.integer({ min: 1, max: 4 }).map((n) => "x".repeat(10 ** n + 1)),
  fc.constantFrom("\u{1F600}".repeat(5000), "\u200b".repeat(20_000), "é".repeat(3000), "\u0000".repeat(1000)),
  fc.constant("y".repeat(300_000)),
);

export const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: awkwardText },
  { weight: 2, arbitrary: unstorableText },
  { weight: 1, arbitrary: anyUnits },
  { weight: 1, arbitrary: longText },
);

/** Numbers JSON can carry as a JS number, at the edges of every integer width. */
export const edgeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  0.5,
  -1.5,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  2 ** 64,
  1e21,
  -1e21,
  1.7976931348623157e308,
  5e-324,
);

/** Number literals no double holds exactly, or at all: JSON.parse turns some into Infinity. */
export const rawNumber = fc
  .constantFrom(
    "1e400",
    "-1e400",
    "123456789012345678901234567890",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "1.0",
    "1E+2",
    "-0.0",
    "0.00000000000000000000000000001",
    "1e-400",
  )
  .map((text) => new Raw(text));

export const junkNumber = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 2, arbitrary: rawNumber },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Nesting far deeper than any schema, as text (building it as objects would need the same recursion). */
export const deepNesting = fc.oneof(
  fc.integer({ min: 100, max: 100_000 }).map((depth) => new Raw(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
  fc.integer({ min: 100, max: 50_000 }).map((depth) => new Raw(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`)),
  fc.integer({ min: 65, max: 200 }).map((depth) => new Raw(`${'{"a":'.repeat(depth)}"\\u0000"${"}".repeat(depth)}`)),
);

/** Arrays and objects far larger than any list limit. */
export const hugeCollection = fc.oneof(
  fc.integer({ min: 1000, max: 100_000 }).map((n) => new Raw(`[${Array(n).fill("0").join(",")}]`)),
  fc
    .integer({ min: 1000, max: 20_000 })
    .map((n) => new Raw(`{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(",")}}`)),
  fc
    .integer({ min: 101, max: 2000 })
    .map((n) => new Raw(`[${Array.from({ length: n }, (_, i) => `"${i + 1}"`).join(",")}]`)),
);

const leaf = fc.oneof(fc.constant(null), fc.boolean(), junkNumber, junkString);

/** Any JSON value, mostly small, sometimes pathological. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    {
      weight: 2,
      arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), awkwardText, unstorableText), tie("value"), {
        maxKeys: 4,
      }),
    },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: hugeCollection },
  ),
})).value;

/** Malformed spellings of an id (as path segments they are percent-encoded where needed). */
export const malformedIdText = fc.constantFrom(
  "abc",
  "-1",
  "01",
  "1e3",
  "0x1f",
  "1.5",
  " 1",
  "1 ",
  "+1",
  "0",
  "9223372036854775807",
  "9223372036854775808",
  "18446744073709551616",
  "99999999999999999999999999",
  "1".repeat(100),
  "null",
  "undefined",
  "@me",
  "１２３",
  "1\u0000",
  "\ud800",
);

/** Well-formed ids that name nothing (far above the ids the database hands out). */
export const unknownIdText = fc.bigInt({ min: 10n ** 15n, max: 9223372036854775807n }).map(String);

/** A weird value for an id field: malformed text, a number of any kind, or another type. */
export const junkId = fc.oneof(
  { weight: 3, arbitrary: malformedIdText },
  { weight: 1, arbitrary: unknownIdText },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.constantFrom({}, [], true, null) },
);

/** Image data (data URIs) that is not an acceptable picture. */
export const junkImage = fc.oneof(
  fc.constantFrom(
    "data:image/png;base64,!!!!",
    "data:image/png;base64,",
    "data:image/png,rawbytes",
    "data:text/plain;base64,aGVsbG8=",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "data:;base64,AAAA",
    "data:image/png;base64,iVBORw0KGgo=",
    "not image data",
    "https://example.com/a.png",
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`),
  fc
    .uint8Array({ maxLength: 64 })
    .map(
      (bytes) =>
        `data:image/gif;base64,${Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, ...bytes]).toString("base64")}`,
    ),
  fc.integer({ min: 1000, max: 700_000 }).map((n) => `data:image/png;base64,${"A".repeat(n)}`),
);

/** Times that are not ISO 8601, or are but lie at the edges of what a date can hold. */
export const junkTime = fc.oneof(
  fc.constantFrom(
    "not a time",
    "",
    "2026-13-45T99:00:00Z",
    "2026-02-30T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "0000-01-01T00:00:00Z",
    "+275760-09-13T00:00:00Z",
    "1970-01-01T00:00:00Z",
    "2099-01-01T00:00:00+99:99",
    "2099-01-01T00:00:00.1234567891Z",
    "2099-01-01",
    "T",
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  junkNumber,
);

/** Addresses no embed or redirect should take. */
export const junkUrl = fc.constantFrom(
  "javascript:alert(1)",
  "http://",
  "https://",
  "https://exa mple.com",
  "ftp://example.com/x",
  "attachment://",
  "attachment://../../x",
  "data:text/html,<b>",
  `https://example.com/${"a".repeat(3000)}`,
  "https://[::1",
  "//example.com",
  "https://example.com/#frag",
);

/** Permission bit fields that are not one. */
export const junkBits = fc.oneof(
  fc.constantFrom(
    "abc",
    "-1",
    "1.5",
    "0x10",
    "",
    " 8",
    "1e3",
    "99999999999999999999999999",
    "18446744073709551616",
    "-0",
  ),
  junkNumber,
  fc.constantFrom({}, [], true),
);
