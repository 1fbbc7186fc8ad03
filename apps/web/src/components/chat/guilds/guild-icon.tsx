"use client";

import type { GuildView } from "@chat/api";
import { useCdnUrl } from "@/lib/cdn-url";
import { initials } from "@/lib/format";

/** A guild's icon from the CDN, filling its container (rounded by it); the name's initials without one. */
export function GuildIcon({ guild, size = 96 }: { guild: Pick<GuildView, "id" | "name" | "icon">; size?: number }) {
  const cdnUrl = useCdnUrl();
  if (guild.icon && cdnUrl) {
    return (
      // biome-ignore lint/performance/noImgElement: a small picture from our own CDN in a fixed box
      <img
        src={`${cdnUrl}/icons/${guild.id}/${guild.icon}.png?size=${size}`}
        alt=""
        className="size-full rounded-[inherit] object-cover"
        draggable={false}
      />
    );
  }
  return <>{initials(guild.name)}</>;
}
