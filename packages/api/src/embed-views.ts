/**
 * Embeds of a message as the web app renders them: pure functions of the wire's `embeds`. Every
 * address is kept only when it is http or https (anything else, `javascript:` or `data:`, is
 * dropped), so the page never puts a sender's other scheme into an `href` or `src`.
 */

import { httpUrl } from "./http-url";

export interface EmbedAuthorView {
  name: string;
  url: string | null;
  iconUrl: string | null;
}

export interface EmbedFieldView {
  name: string;
  value: string;
  inline: boolean;
}

export interface EmbedView {
  /** The colour bar's colour (0xRRGGBB), or null for the default. */
  color: number | null;
  author: EmbedAuthorView | null;
  title: string | null;
  url: string | null;
  description: string | null;
  fields: EmbedFieldView[];
  thumbnailUrl: string | null;
  imageUrl: string | null;
  footer: { text: string; iconUrl: string | null } | null;
  /** ISO 8601. */
  timestamp: string | null;
}

type Loose = Record<string, unknown> | null | undefined;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const object = (value: unknown): Loose =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : null;

export function embedView(embed: Record<string, unknown>): EmbedView {
  const author = object(embed.author);
  const footer = object(embed.footer);
  const authorName = text(author?.name);
  const footerText = text(footer?.text);
  const timestamp = text(embed.timestamp);
  return {
    color:
      typeof embed.color === "number" && Number.isInteger(embed.color) && embed.color >= 0 && embed.color <= 0xffffff
        ? embed.color
        : null,
    author: authorName ? { name: authorName, url: httpUrl(author?.url), iconUrl: httpUrl(author?.icon_url) } : null,
    title: text(embed.title),
    url: httpUrl(embed.url),
    description: text(embed.description),
    fields: (Array.isArray(embed.fields) ? (embed.fields as Loose[]) : []).flatMap((f) => {
      const name = typeof f?.name === "string" ? f.name : "";
      const value = typeof f?.value === "string" ? f.value : "";
      return name || value ? [{ name, value, inline: f?.inline === true }] : [];
    }),
    thumbnailUrl: httpUrl(object(embed.thumbnail)?.url),
    imageUrl: httpUrl(object(embed.image)?.url),
    footer: footerText ? { text: footerText, iconUrl: httpUrl(footer?.icon_url) } : null,
    timestamp: timestamp && !Number.isNaN(Date.parse(timestamp)) ? timestamp : null,
  };
}

/** The wire's embeds as views; one with nothing to show is left out. */
export function embedsView(embeds: readonly unknown[] | undefined): EmbedView[] {
  return (embeds ?? [])
    .map((e) => object(e))
    .filter((e): e is Record<string, unknown> => e !== null)
    .map(embedView)
    .filter(
      (e) => e.author || e.title || e.description || e.fields.length > 0 || e.thumbnailUrl || e.imageUrl || e.footer,
    );
}
