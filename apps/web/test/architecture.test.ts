import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web app's folder rules (issue 32): no import climbs back to a file of an ancestor folder,
 * no two sibling folders under components/ import each other, the design system (components/ui)
 * knows nothing of the chat, and no file of the chat grows past 300 lines.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");
const COMPONENTS = join(SRC, "components");
const CHAT = join(COMPONENTS, "chat");
const UI = join(COMPONENTS, "ui");
const MAX_CHAT_FILE_LINES = 300;
const EXTENSIONS = [".ts", ".tsx"];

interface Import {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

/** Every module specifier of a file: static imports and re-exports, side-effect imports, dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s+["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The file a specifier names inside src (the `@/` alias or a relative path); null for packages. */
function resolveInSrc(importer: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(importer), specifier);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function imports(files: string[]): Import[] {
  return files.flatMap((from) =>
    specifiers(readFileSync(from, "utf8")).flatMap((specifier) => {
      const to = resolveInSrc(from, specifier);
      return to ? [{ from, to }] : [];
    }),
  );
}

const isInside = (path: string, dir: string) => path.startsWith(dir + sep);
const show = (path: string) => relative(SRC, path);

/** An import of a file that sits in a folder above the importer's own (a child reaching back to its parent). */
function climbsBackUp({ from, to }: Import): boolean {
  const target = dirname(to);
  return target !== dirname(from) && isInside(from, target);
}

/** Pairs of sibling folders under components/ where each imports something of the other. */
function mutualFolderPairs(all: Import[]): string[] {
  const edges = new Set<string>();
  for (const { from, to } of all) {
    if (!isInside(from, COMPONENTS) || !isInside(to, COMPONENTS)) continue;
    // The two sibling folders are the first differing segments below the folders both share.
    const a = relative(COMPONENTS, from).split(sep);
    const b = relative(COMPONENTS, to).split(sep);
    let shared = 0;
    while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared++;
    if (shared >= a.length - 1 || shared >= b.length - 1) continue;
    const parent = a.slice(0, shared);
    edges.add(`${[...parent, a[shared]].join("/")}\n${[...parent, b[shared]].join("/")}`);
  }
  const pairs: string[] = [];
  for (const edge of edges) {
    const [left, right] = edge.split("\n") as [string, string];
    if (left < right && edges.has(`${right}\n${left}`)) pairs.push(`${left} <-> ${right}`);
  }
  return pairs.sort();
}

const files = sourceFiles(SRC);
const all = imports(files);
const climbing = all.filter(climbsBackUp).map(({ from, to }) => `${show(from)} -> ${show(to)}`);
const pairs = mutualFolderPairs(all);
const uiToChat = all
  .filter(({ from, to }) => isInside(from, UI) && isInside(to, CHAT))
  .map(({ from, to }) => `${show(from)} -> ${show(to)}`);
const longChatFiles = files
  .filter((path) => isInside(path, CHAT))
  .map((path) => ({
    path,
    lines: readFileSync(path, "utf8")
      .split("\n")
      .filter((line, i, lines) => i < lines.length - 1 || line !== "").length,
  }))
  .filter(({ lines }) => lines > MAX_CHAT_FILE_LINES)
  .map(({ path, lines }) => `${show(path)} (${lines} lines)`);

console.info(
  `architecture of apps/web/src: ${files.length} files, ${all.length} imports inside src; ` +
    `${climbing.length} climbing back up, ${pairs.length} mutual folder pairs, ${uiToChat.length} from ui to chat, ${longChatFiles.length} chat files over ${MAX_CHAT_FILE_LINES} lines`,
);

describe("the web app's folders", () => {
  it("finds the source and its imports (the scan itself works)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(all.some(({ to }) => to === join(SRC, "lib", "trpc.ts"))).toBe(true);
  });

  it("no import climbs back up to a file of an ancestor folder", () => {
    expect(climbing).toEqual([]);
  });

  it("no two sibling folders under components/ import each other", () => {
    expect(pairs).toEqual([]);
  });

  it("the design system (components/ui) imports nothing from the chat", () => {
    expect(uiToChat).toEqual([]);
  });

  it(`no file under components/chat is over ${MAX_CHAT_FILE_LINES} lines`, () => {
    expect(longChatFiles).toEqual([]);
  });
});
