import { describe, expect, it } from "vitest";
import { type CodeToken, highlightCode } from "../src/components/chat/rich/highlight";

const textOf = (tokens: CodeToken[]): string =>
  tokens.map((t) => (typeof t === "string" ? t : textOf(t.children))).join("");

describe("code highlighting as tokens", () => {
  it("colours a known language, keeping every character of the code as text", () => {
    const code = 'const a = "<img src=x onerror=alert(1)>";';
    const tokens = highlightCode(code, "js");
    expect(tokens).not.toBeNull();
    expect(textOf(tokens ?? [])).toBe(code);
    expect(tokens).toContainEqual({ scope: "keyword", children: ["const"] });
    expect(tokens).toContainEqual({ scope: "string", children: ['"<img src=x onerror=alert(1)>"'] });
  });

  it("an unknown or missing language is left uncoloured", () => {
    expect(highlightCode("x", "brainfudge")).toBeNull();
    expect(highlightCode("x", null)).toBeNull();
  });
});
