import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

// A few common languages keep the bundle small; others show uncoloured.
for (const [name, language] of Object.entries({
  bash,
  css,
  javascript,
  json,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
}))
  hljs.registerLanguage(name, language);

/** Highlighted code as a tree: text, or a token whose `scope` names its colour (`keyword`, `string`, ...). */
export type CodeToken = string | { scope: string; children: CodeToken[] };

interface EmitterNode {
  scope?: string;
  children: (string | EmitterNode)[];
}

/**
 * The code as tokens to render as React elements (text stays text), or null when the language is
 * not one we colour. highlight.js's HTML string is never used.
 */
export function highlightCode(code: string, lang: string | null): CodeToken[] | null {
  if (!lang || !hljs.getLanguage(lang)) return null;
  const result = hljs.highlight(code, { language: lang, ignoreIllegals: true });
  const root = (result._emitter as unknown as { rootNode?: EmitterNode }).rootNode;
  return root ? toTokens(root.children) : null;
}

function toTokens(children: (string | EmitterNode)[]): CodeToken[] {
  return children.map((child) =>
    typeof child === "string"
      ? child
      : { scope: (child.scope ?? "").replace(/[^a-z0-9_.-]/gi, ""), children: toTokens(child.children) },
  );
}
