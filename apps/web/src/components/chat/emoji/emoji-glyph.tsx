"use client";

import { useCdnUrl } from "@/lib/cdn-url";

/** An emoji as a picture-sized glyph: the Unicode character, or a custom emoji's picture from the CDN. */
export function EmojiGlyph({
  emoji,
  size = 20,
}: {
  emoji: { id: string | null; name: string | null; animated?: boolean };
  size?: number;
}) {
  const cdnUrl = useCdnUrl();
  if (emoji.id) {
    if (!cdnUrl) return <span className="text-xs">:{emoji.name}:</span>;
    return (
      // biome-ignore lint/performance/noImgElement: a tiny CDN picture, no layout shift to optimise
      <img
        src={`${cdnUrl}/emojis/${emoji.id}.${emoji.animated ? "gif" : "png"}`}
        alt={`:${emoji.name}:`}
        width={size}
        height={size}
        className="inline-block object-contain"
        draggable={false}
      />
    );
  }
  return (
    <span aria-hidden="true" style={{ fontSize: size * 0.9, lineHeight: `${size}px` }}>
      {emoji.name}
    </span>
  );
}
