import { httpUrl } from "@chat/api/http-url";
import { rulesExtended, SimpleMarkdown } from "discord-markdown-parser";
import type { ParserRule, SingleASTNode } from "discord-markdown-parser/dist/simple-markdown";

/**
 * The reference platform's markdown as a small tree of our own nodes, from the parser's AST
 * (discord-markdown-parser, built on simple-markdown). Rendering turns these into React elements,
 * never HTML: whatever a sender types is text unless a node below says otherwise. Links keep only
 * http and https addresses; any other link is its text.
 */
export type RichNode =
  | { type: "text"; value: string }
  | { type: "br" }
  | { type: "strong" | "em" | "underline" | "strike" | "spoiler" | "quote" | "subtext"; children: RichNode[] }
  | { type: "heading"; level: 1 | 2 | 3; children: RichNode[] }
  | { type: "inlineCode"; value: string }
  | { type: "codeBlock"; lang: string | null; value: string }
  /** `masked`: written `[text](url)`, so the text may not say where it goes. */
  | { type: "link"; url: string; masked: boolean; children: RichNode[] }
  | { type: "list"; ordered: boolean; start: number; items: RichNode[][] }
  | { type: "user" | "role" | "channel"; id: string }
  | { type: "everyone" | "here" }
  | { type: "emoji"; id: string; name: string; animated: boolean }
  | { type: "timestamp"; at: string; format: string }
  | { type: "command"; name: string };

type AstNode = SingleASTNode;

const LIST_ITEM = /^ {0,3}(?:([-*])|(\d{1,9})\.) +([^\n]*)/;
const UNORDERED_LIST = /^(?: {0,3}[-*] +[^\n]*(?:\n|$))+/;
const ORDERED_LIST = /^(?: {0,3}\d{1,9}\. +[^\n]*(?:\n|$))+/;

/** `- item` / `* item` / `1. item` lines at the start of a line (one level; the reference nests by indent). */
const list: ParserRule = {
  order: SimpleMarkdown.defaultRules.heading.order,
  match(source, state) {
    const prev = state.prevCapture?.[0];
    if (prev !== undefined && prev !== null && !prev.endsWith("\n")) return null;
    return UNORDERED_LIST.exec(source) ?? ORDERED_LIST.exec(source);
  },
  parse(capture, nestedParse, state) {
    const lines = capture[0].replace(/\n$/, "").split("\n");
    const first = LIST_ITEM.exec(lines[0] ?? "");
    return {
      ordered: Boolean(first?.[2]),
      start: first?.[2] ? Number(first[2]) : 1,
      items: lines.map((line) => nestedParse(LIST_ITEM.exec(line)?.[3] ?? line, { ...state, inline: true })),
    };
  },
};

/** Ids are any snowflake here (the parser expects 17 digits and more, as the reference platform's are long). */
const byId = (rule: ParserRule, regex: RegExp): ParserRule => ({ ...rule, match: (source) => regex.exec(source) });

const parser = SimpleMarkdown.parserFor({
  ...rulesExtended,
  user: byId(rulesExtended.user as ParserRule, /^<@!?(\d{1,20})>/),
  role: byId(rulesExtended.role as ParserRule, /^<@&(\d{1,20})>/),
  channel: byId(rulesExtended.channel as ParserRule, /^<#(\d{1,20})>/),
  emoji: byId(rulesExtended.emoji as ParserRule, /^<(a)?:(\w{2,32}):(\d{1,21})>/),
  list,
});

/** The largest content parsed at once (messages are 2000 characters, embed descriptions 4096). */
const MAX_SOURCE = 6000;

export function parseMarkdown(source: string): RichNode[] {
  return convert(parser(source.slice(0, MAX_SOURCE), { inline: true }));
}

function convert(nodes: AstNode[] | undefined, trimEnd = false): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes ?? []) {
    const next = convertNode(node);
    const last = out[out.length - 1];
    // Neighbouring text (the parser splits text at every special character) reads as one.
    if (next.type === "text" && last?.type === "text") last.value += next.value;
    // A block already ends its line: the line break after it would be an empty line.
    else if (next.type === "br" && last && BLOCKS.has(last.type)) continue;
    else out.push(next);
  }
  // A quote's own last line break.
  if (out[out.length - 1]?.type === "br" && nodes?.[nodes.length - 1]?.type === "br" && trimEnd) out.pop();
  return out;
}

const BLOCKS = new Set<RichNode["type"]>(["codeBlock", "list", "quote", "heading"]);

const text = (value: unknown): RichNode => ({ type: "text", value: typeof value === "string" ? value : "" });

function plain(nodes: AstNode[] | undefined): string {
  return (nodes ?? [])
    .map((n) => (typeof n.content === "string" ? n.content : Array.isArray(n.content) ? plain(n.content) : ""))
    .join("");
}

function convertNode(node: AstNode): RichNode {
  switch (node.type) {
    case "text":
      return text(node.content);
    case "br":
    case "newline":
      return { type: "br" };
    case "strong":
    case "em":
    case "underline":
    case "spoiler":
    case "subtext":
      return { type: node.type, children: convert(node.content) };
    case "strikethrough":
      return { type: "strike", children: convert(node.content) };
    case "blockQuote":
      return { type: "quote", children: convert(node.content, true) };
    case "heading":
      return {
        type: "heading",
        level: Math.min(Math.max(Number(node.level) || 1, 1), 3) as 1 | 2 | 3,
        children: convert(node.content),
      };
    case "inlineCode":
      return { type: "inlineCode", value: String(node.content ?? "") };
    case "codeBlock":
      return {
        type: "codeBlock",
        lang: typeof node.lang === "string" && node.lang ? node.lang : null,
        value: String(node.content ?? ""),
      };
    case "link":
    case "url":
    case "autolink": {
      const url = httpUrl(node.target);
      const children = convert(node.content);
      // A link the page cannot open safely is shown as what was written.
      if (!url)
        return node.type === "link"
          ? text(`[${plain(node.content)}](${String(node.target ?? "")})`)
          : text(plain(node.content) || String(node.target ?? ""));
      return { type: "link", url, masked: node.type === "link", children };
    }
    case "list":
      return {
        type: "list",
        ordered: node.ordered === true,
        start: typeof node.start === "number" ? node.start : 1,
        items: (node.items as AstNode[][]).map((item) => convert(item)),
      };
    case "user":
    case "role":
    case "channel":
      return { type: node.type, id: String(node.id) };
    case "everyone":
    case "here":
      return { type: node.type };
    case "emoji":
      return { type: "emoji", id: String(node.id), name: String(node.name), animated: node.animated === true };
    case "twemoji":
      return text(node.name);
    case "timestamp": {
      const seconds = Number(node.timestamp);
      const at = new Date(seconds * 1000);
      return Number.isNaN(at.getTime())
        ? text(`<t:${String(node.timestamp)}>`)
        : { type: "timestamp", at: at.toISOString(), format: typeof node.format === "string" ? node.format : "f" };
    }
    case "slashCommand":
      return { type: "command", name: String(node.fullName ?? node.name ?? "") };
    case "guildNavigation":
      return text(`<id:${String(node.navigation ?? "")}>`);
    default:
      return text(
        typeof node.content === "string" ? node.content : Array.isArray(node.content) ? plain(node.content) : "",
      );
  }
}
