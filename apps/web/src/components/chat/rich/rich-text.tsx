"use client";

import type { UserView } from "@chat/api/views";
import { type ReactNode, useMemo, useState } from "react";
import { useCdnUrl } from "@/lib/cdn-url";
import { CodeBlock } from "./code-block";
import { rolePillColours } from "./colours";
import { parseMarkdown, type RichNode } from "./markdown-ast";
import { useRichDirectory } from "./rich-directory";
import { formatTimestamp } from "./timestamps";

const PILL = "rounded-[3px] px-0.5 font-medium";
const USER_PILL = `${PILL} bg-mention-pill text-mention-pill-text`;

/**
 * Markdown content as React elements (inside an element with `white-space: pre-wrap`): text is always text (React escapes it), links only ever
 * point at http(s) addresses, masked ones ask before leaving. `mentions`: the message's mentioned
 * users (their names).
 */
export function RichText({ source, mentions = [] }: { source: string; mentions?: readonly UserView[] }) {
  const nodes = useMemo(() => parseMarkdown(source), [source]);
  return <Nodes nodes={nodes} mentions={mentions} />;
}

function Nodes({ nodes, mentions }: { nodes: RichNode[]; mentions: readonly UserView[] }) {
  return (
    <>
      {nodes.map((node, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nodes of one parse, in order
        <Node key={i} node={node} mentions={mentions} />
      ))}
    </>
  );
}

export function plainText(nodes: RichNode[]): string {
  return nodes
    .map((n) => {
      if (n.type === "text" || n.type === "inlineCode" || n.type === "codeBlock") return n.value;
      if (n.type === "br") return "\n";
      if ("children" in n) return plainText(n.children);
      if (n.type === "list") return n.items.map(plainText).join("\n");
      return "";
    })
    .join("");
}

function Node({ node, mentions }: { node: RichNode; mentions: readonly UserView[] }): ReactNode {
  const children = "children" in node ? <Nodes nodes={node.children} mentions={mentions} /> : null;
  switch (node.type) {
    case "text":
      return node.value;
    case "br":
      // The content is shown with pre-wrap: a newline breaks the line, and reads as one in its text.
      return "\n";
    case "strong":
      return <strong className="font-bold">{children}</strong>;
    case "em":
      return <em>{children}</em>;
    case "underline":
      return <u>{children}</u>;
    case "strike":
      return <s>{children}</s>;
    case "subtext":
      return <small className="block text-xs text-muted">{children}</small>;
    case "quote":
      return <blockquote className="my-0.5 border-l-4 border-line pl-3">{children}</blockquote>;
    case "heading": {
      const Tag = (["h3", "h4", "h5"] as const)[node.level - 1] ?? "h5";
      const size = ["text-2xl", "text-xl", "text-base"][node.level - 1];
      return <Tag className={`my-1 font-bold text-white ${size}`}>{children}</Tag>;
    }
    case "inlineCode":
      return <code className="rounded bg-field px-1 py-0.5 font-mono text-[85%]">{node.value}</code>;
    case "codeBlock":
      return <CodeBlock code={node.value} lang={node.lang} />;
    case "spoiler":
      return <Spoiler nodes={node.children} mentions={mentions} />;
    case "link":
      return (
        <RichLink url={node.url} masked={node.masked}>
          {children}
        </RichLink>
      );
    case "list": {
      const Tag = node.ordered ? "ol" : "ul";
      return (
        <Tag
          start={node.ordered && node.start !== 1 ? node.start : undefined}
          className={`my-1 ml-6 ${node.ordered ? "list-decimal" : "list-disc"}`}
        >
          {node.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items of one parse, in order
            <li key={i}>
              <Nodes nodes={item} mentions={mentions} />
            </li>
          ))}
        </Tag>
      );
    }
    case "user":
    case "role":
    case "channel":
    case "everyone":
    case "here":
      return <Mention node={node} mentions={mentions} />;
    case "emoji":
      return <CustomEmoji id={node.id} name={node.name} animated={node.animated} />;
    case "timestamp":
      return (
        <time dateTime={node.at} title={new Date(node.at).toLocaleString()} className="rounded bg-raised px-0.5">
          {formatTimestamp(node.at, node.format)}
        </time>
      );
    case "command":
      return <span className={USER_PILL}>/{node.name}</span>;
  }
}

/** A custom emoji's picture from the CDN; its `:name:` when the picture cannot be had (deleted, or another server's). */
function CustomEmoji({ id, name, animated }: { id: string; name: string; animated: boolean }) {
  const cdnUrl = useCdnUrl();
  const [failed, setFailed] = useState(false);
  if (!cdnUrl || failed) {
    return (
      <span className={`${PILL} bg-raised text-text`} title={`:${name}:`} data-testid="custom-emoji" data-emoji-id={id}>
        :{name}:
      </span>
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: a small picture from the CDN; next/image would add nothing
    <img
      src={`${cdnUrl}/emojis/${id}.${animated ? "gif" : "png"}`}
      alt={`:${name}:`}
      title={`:${name}:`}
      onError={() => setFailed(true)}
      className="inline-block size-[22px] object-contain align-bottom"
      data-testid="custom-emoji"
      data-emoji-id={id}
    />
  );
}

function Mention({
  node,
  mentions,
}: {
  node: Extract<RichNode, { type: "user" | "role" | "channel" | "everyone" | "here" }>;
  mentions: readonly UserView[];
}) {
  const directory = useRichDirectory();
  if (node.type === "everyone" || node.type === "here") {
    return (
      <span className={USER_PILL} data-testid="mention">
        @{node.type}
      </span>
    );
  }
  if (node.type === "user") {
    const user = mentions.find((u) => u.id === node.id) ?? directory.members.get(node.id);
    return (
      <span className={USER_PILL} data-testid="mention" data-mention-user={node.id} title={user?.username}>
        @{user?.displayName ?? "unknown-user"}
      </span>
    );
  }
  if (node.type === "role") {
    const role = directory.roles.get(node.id);
    const colours = rolePillColours(role?.color ?? 0);
    return (
      <span
        className={PILL}
        style={{ color: colours.text, backgroundColor: colours.background }}
        data-testid="mention"
        data-mention-role={node.id}
      >
        @{role?.name ?? "unknown-role"}
      </span>
    );
  }
  const id = "id" in node ? node.id : "";
  const channel = directory.channels.get(id);
  return (
    <span className={USER_PILL} data-testid="mention" data-mention-channel={id}>
      #{channel?.name ?? "unknown-channel"}
    </span>
  );
}

function Spoiler({ nodes, mentions }: { nodes: RichNode[]; mentions: readonly UserView[] }) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <span className="rounded bg-white/10" data-testid="spoiler">
        <Nodes nodes={nodes} mentions={mentions} />
      </span>
    );
  }
  // Hidden, it is one button (its content as plain text, so no link or pill sits inside it).
  return (
    <button
      type="button"
      onClick={() => setShown(true)}
      className="rounded bg-field px-0.5 hover:bg-rail"
      data-testid="spoiler"
    >
      <span aria-hidden="true" className="opacity-0">
        {plainText(nodes)}
      </span>
      <span className="sr-only">Spoiler, press to reveal</span>
    </button>
  );
}

/** A link: plain ones open in a new tab; masked ones (their text may say anything) ask first. */
export function RichLink({
  url,
  masked,
  className = "text-rich-link hover:underline",
  children,
}: {
  url: string;
  masked: boolean;
  className?: string;
  children: ReactNode;
}) {
  const directory = useRichDirectory();
  if (!masked) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc" className={className}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={url}
      rel="noopener noreferrer nofollow ugc"
      title={url}
      className={className}
      data-masked-link=""
      onClick={(e) => {
        e.preventDefault();
        directory.confirmLink(url);
      }}
      onAuxClick={(e) => {
        e.preventDefault();
        directory.confirmLink(url);
      }}
    >
      {children}
    </a>
  );
}
