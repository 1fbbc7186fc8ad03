"use client";

import type { EmbedView, UserView } from "@chat/api/views";
import { ViewableImage } from "../attachments/image-viewer";
import { RichLink, RichText } from "./rich-text";

const hex = (color: number) => `#${color.toString(16).padStart(6, "0")}`;

/**
 * A bot's embed as a card: colour bar, author, linked title, description (markdown), fields
 * (inline ones share a row, up to three), thumbnail, image, footer and timestamp. Its addresses
 * are http(s) only (the view dropped the rest); pictures the page may not load show their alt text.
 */
export function EmbedCard({ embed, mentions }: { embed: EmbedView; mentions: readonly UserView[] }) {
  return (
    <article
      data-testid="embed"
      aria-label={embed.title ? `Embed: ${embed.title}` : "Embed"}
      className="mt-1 grid max-w-[520px] grid-cols-[minmax(0,1fr)_auto] gap-x-4 rounded border-l-4 bg-panel px-3 pt-2 pb-3"
      style={{ borderLeftColor: embed.color !== null ? hex(embed.color) : "var(--color-line)" }}
    >
      <div className="min-w-0">
        {embed.author ? (
          <div className="mt-1 flex items-center gap-2 text-sm font-semibold text-white" data-testid="embed-author">
            {embed.author.iconUrl ? (
              <Picture src={embed.author.iconUrl} alt="" className="size-6 rounded-full" />
            ) : null}
            {embed.author.url ? (
              <RichLink url={embed.author.url} masked className="text-white hover:underline">
                {embed.author.name}
              </RichLink>
            ) : (
              <span>{embed.author.name}</span>
            )}
          </div>
        ) : null}
        {embed.title ? (
          <h3 className="mt-1 font-semibold text-white" data-testid="embed-title">
            {embed.url ? (
              <RichLink url={embed.url} masked className="text-rich-link hover:underline">
                {embed.title}
              </RichLink>
            ) : (
              embed.title
            )}
          </h3>
        ) : null}
        {embed.description ? (
          <div
            className="mt-1 text-sm leading-[18px] whitespace-pre-wrap break-words text-text"
            data-testid="embed-description"
          >
            <RichText source={embed.description} mentions={mentions} />
          </div>
        ) : null}
        {embed.fields.length > 0 ? (
          <dl className="mt-2 grid grid-cols-6 gap-x-2 gap-y-2" data-testid="embed-fields">
            {fieldSpans(embed.fields).map(({ field, span }, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the embed's fields, in order
              <div key={i} className={span} data-testid="embed-field" data-inline={field.inline || undefined}>
                <dt className="text-sm font-semibold text-white">{field.name}</dt>
                <dd className="text-sm whitespace-pre-wrap break-words text-text">
                  <RichText source={field.value} mentions={mentions} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {embed.imageUrl ? (
          <div className="mt-3">
            <ViewableImage
              src={embed.imageUrl}
              alt={embed.title ? `Image: ${embed.title}` : "Embedded image"}
              name={embed.title ?? "Embedded image"}
              className="max-h-[300px] max-w-full rounded"
              testId="embed-image"
            />
          </div>
        ) : null}
        {embed.footer || embed.timestamp ? (
          <div className="mt-2 flex items-center gap-2 text-xs text-muted" data-testid="embed-footer">
            {embed.footer?.iconUrl ? (
              <Picture src={embed.footer.iconUrl} alt="" className="size-5 rounded-full" />
            ) : null}
            {embed.footer ? <span>{embed.footer.text}</span> : null}
            {embed.footer && embed.timestamp ? <span aria-hidden="true">•</span> : null}
            {embed.timestamp ? (
              <time dateTime={embed.timestamp}>{new Date(embed.timestamp).toLocaleString()}</time>
            ) : null}
          </div>
        ) : null}
      </div>
      {embed.thumbnailUrl ? (
        <Picture
          src={embed.thumbnailUrl}
          alt="Thumbnail"
          className="mt-2 size-20 rounded object-cover"
          testId="embed-thumbnail"
        />
      ) : null}
    </article>
  );
}

/** Inline fields share a row, up to three (the row's width split evenly); others take a row each. */
function fieldSpans<F extends EmbedView["fields"][number]>(fields: F[]): { field: F; span: string }[] {
  const out: { field: F; span: string }[] = [];
  let i = 0;
  while (i < fields.length) {
    let run = 0;
    while (i + run < fields.length && run < 3 && fields[i + run]?.inline) run++;
    if (run === 0) {
      out.push({ field: fields[i] as F, span: "col-span-6" });
      i++;
      continue;
    }
    const span = run === 1 ? "col-span-6 sm:col-span-2" : run === 2 ? "col-span-3" : "col-span-6 sm:col-span-2";
    for (let k = 0; k < run; k++) out.push({ field: fields[i + k] as F, span });
    i += run;
  }
  return out;
}

function Picture({ src, alt, className, testId }: { src: string; alt: string; className: string; testId?: string }) {
  // biome-ignore lint/performance/noImgElement: a bot's picture at any http(s) address; next/image would fetch it through this server
  return <img src={src} alt={alt} className={className} data-testid={testId} />;
}
