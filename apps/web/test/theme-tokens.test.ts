import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { rolePillColours } from "../src/components/chat/rich/colours";

/**
 * Colours come from the theme (`@theme` in globals.css: Tailwind classes such as `bg-panel`, or
 * `var(--color-…)`), never as raw hex in a component. The few literals below are data, each with its reason.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");
const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/gi;

const ALLOWED: { file: string; hex: string; reason: string }[] = [
  {
    file: "components/chat/rich/colours.ts",
    hex: "#c9cdfb",
    reason: "contrast maths on real values; a role without a colour gets the mention pill's colours (checked below)",
  },
  { file: "components/chat/rich/colours.ts", hex: "#3c426e", reason: "as above, the mention pill's background" },
  { file: "components/chat/rich/colours.ts", hex: "#ffffff", reason: "the end of lightening a role's colour: white" },
  {
    file: "components/guild-settings/roles/role-colour-field.tsx",
    hex: "#3498db",
    reason: "an example in the hex field's hint text, not a colour shown",
  },
  {
    file: "app/layout.tsx",
    hex: "#1b1c20",
    reason: "the viewport's theme-color meta takes a literal; it is the rail's colour (checked below)",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Every hex colour in code (comment lines left out), as `file: #hex`, the file relative to src with `/`. */
function hexColours(): { file: string; hex: string; line: number }[] {
  return sourceFiles(SRC).flatMap((path) => {
    const file = relative(SRC, path).split(sep).join("/");
    return readFileSync(path, "utf8")
      .split("\n")
      .flatMap((text, index) =>
        isComment(text) ? [] : [...text.matchAll(HEX)].map((m) => ({ file, hex: m[0].toLowerCase(), line: index + 1 })),
      );
  });
}

function themeToken(name: string): string {
  const css = readFileSync(join(SRC, "app/globals.css"), "utf8");
  const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]+);`, "i"))?.[1];
  if (!value) throw new Error(`no --color-${name} in globals.css`);
  return value.toLowerCase();
}

const allowed = (found: { file: string; hex: string }) =>
  ALLOWED.some((entry) => entry.file === found.file && entry.hex === found.hex);

describe("theme tokens", () => {
  it("no raw hex colour in the web app's source outside the allow-list", () => {
    const raw = hexColours()
      .filter((found) => !allowed(found))
      .map(({ file, line, hex }) => `${file}:${line} ${hex}`);
    expect(raw, "use a theme token (globals.css @theme) instead").toEqual([]);
  });

  it("every allow-list entry is still needed", () => {
    const found = hexColours();
    const stale = ALLOWED.filter((entry) => !found.some((f) => f.file === entry.file && f.hex === entry.hex));
    expect(stale).toEqual([]);
  });

  it("the literals that copy a token hold the token's value", () => {
    const layout = readFileSync(join(SRC, "app/layout.tsx"), "utf8");
    expect(layout.match(/themeColor: "(#[0-9a-f]+)"/i)?.[1]).toBe(themeToken("rail"));
    expect(rolePillColours(0)).toEqual({
      text: themeToken("mention-pill-text"),
      background: themeToken("mention-pill"),
    });
  });

  it("finds raw hex in class names, styles and strings", () => {
    const sample = 'className="bg-[#c8373d]" style={{ color: "#FFF" }} const x = "#11223344";';
    expect([...sample.matchAll(HEX)].map((m) => m[0])).toEqual(["#c8373d", "#FFF", "#11223344"]);
  });
});
