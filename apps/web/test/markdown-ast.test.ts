import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../src/components/chat/rich/markdown-ast";

const U = "123456789012345678";
const R = "223456789012345678";
const C = "323456789012345678";
const E = "423456789012345678";

describe("markdown of a message as rich nodes", () => {
  it("reads bold, italics, underline, strike, code and spoilers", () => {
    expect(parseMarkdown("**b** *i* __u__ ~~s~~ `c` ||sp||")).toEqual([
      { type: "strong", children: [{ type: "text", value: "b" }] },
      { type: "text", value: " " },
      { type: "em", children: [{ type: "text", value: "i" }] },
      { type: "text", value: " " },
      { type: "underline", children: [{ type: "text", value: "u" }] },
      { type: "text", value: " " },
      { type: "strike", children: [{ type: "text", value: "s" }] },
      { type: "text", value: " " },
      { type: "inlineCode", value: "c" },
      { type: "text", value: " " },
      { type: "spoiler", children: [{ type: "text", value: "sp" }] },
    ]);
  });

  it("reads headers, block quotes, fenced code with its language, and lists", () => {
    expect(parseMarkdown("# Title\n> quoted\n```ts\nconst a = 1;\n```")).toEqual([
      { type: "heading", level: 1, children: [{ type: "text", value: "Title" }] },
      { type: "quote", children: [{ type: "text", value: "quoted" }] },
      { type: "codeBlock", lang: "ts", value: "const a = 1;" },
    ]);
    expect(parseMarkdown("- one\n- **two**\n1. first\n2. second")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[{ type: "text", value: "one" }], [{ type: "strong", children: [{ type: "text", value: "two" }] }]],
      },
      {
        type: "list",
        ordered: true,
        start: 1,
        items: [[{ type: "text", value: "first" }], [{ type: "text", value: "second" }]],
      },
    ]);
    // A block's own line break is not an extra empty line.
    expect(parseMarkdown("```\ncode\n```\nafter")).toEqual([
      { type: "codeBlock", lang: null, value: "code" },
      { type: "text", value: "after" },
    ]);
    // Not at the start of a line: text.
    expect(parseMarkdown("a - b")).toEqual([{ type: "text", value: "a - b" }]);
  });

  it("reads mentions, custom emoji and timestamps", () => {
    expect(
      parseMarkdown(`<@${U}> <@!${U}> <@&${R}> <#${C}> <:blob:${E}> <a:dance:${E}> @everyone @here <t:1700000000:R>`),
    ).toEqual([
      { type: "user", id: U },
      { type: "text", value: " " },
      { type: "user", id: U },
      { type: "text", value: " " },
      { type: "role", id: R },
      { type: "text", value: " " },
      { type: "channel", id: C },
      { type: "text", value: " " },
      { type: "emoji", id: E, name: "blob", animated: false },
      { type: "text", value: " " },
      { type: "emoji", id: E, name: "dance", animated: true },
      { type: "text", value: " " },
      { type: "everyone" },
      { type: "text", value: " " },
      { type: "here" },
      { type: "text", value: " " },
      { type: "timestamp", at: "2023-11-14T22:13:20.000Z", format: "R" },
    ]);
  });

  it("links: plain and masked http(s) ones become links, masked ones marked so", () => {
    expect(parseMarkdown("see https://example.com/a and [docs](https://example.com/docs)")).toEqual([
      { type: "text", value: "see " },
      {
        type: "link",
        url: "https://example.com/a",
        masked: false,
        children: [{ type: "text", value: "https://example.com/a" }],
      },
      { type: "text", value: " and " },
      { type: "link", url: "https://example.com/docs", masked: true, children: [{ type: "text", value: "docs" }] },
    ]);
  });

  it("hostile input stays text: HTML, and links to javascript:, data: or vbscript:", () => {
    expect(parseMarkdown("<script>alert(1)</script><img src=x onerror=alert(1)>")).toEqual([
      { type: "text", value: "<script>alert(1)</script><img src=x onerror=alert(1)>" },
    ]);
    expect(parseMarkdown("[click](javascript:alert(1))")).toEqual([
      { type: "text", value: "[click](javascript:alert(1))" },
    ]);
    for (const source of [
      "[x](JaVaScRiPt:alert(1))",
      "[x](data:text/html,<script>alert(1)</script>)",
      "[x](vbscript:msgbox)",
      "<javascript:alert(1)>",
    ]) {
      expect(parseMarkdown(source).every((n) => n.type === "text")).toBe(true);
    }
  });
});

describe("short ids", () => {
  it("mentions and emoji with ids of any length (this server's snowflakes may be short)", () => {
    expect(parseMarkdown("<@7> <@&5> <#4> <:blob:1>")).toEqual([
      { type: "user", id: "7" },
      { type: "text", value: " " },
      { type: "role", id: "5" },
      { type: "text", value: " " },
      { type: "channel", id: "4" },
      { type: "text", value: " " },
      { type: "emoji", id: "1", name: "blob", animated: false },
    ]);
  });
});
