"use client";

import { useCdnUrl } from "@/lib/cdn-url";
import { avatarLetters, colorIndex } from "@/lib/format";

// Dark enough for white initials (4.5:1 and more).
const COLORS = [
  "bg-avatar-1",
  "bg-avatar-2",
  "bg-avatar-3",
  "bg-avatar-4",
  "bg-avatar-5",
  "bg-avatar-6",
  "bg-avatar-7",
];

type Size = "xs" | "sm" | "md" | "lg" | "xl";

const SIZING: Record<Size, string> = {
  xs: "size-5 text-[9px]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-12 text-base",
  xl: "size-20 text-2xl",
};

/** The picture's address on the CDN (spec: `{cdn_url}/avatars/{id}/{hash}.png`). */
export function avatarUrl(cdnUrl: string, id: string, hash: string): string {
  return `${cdnUrl}/avatars/${id}/${hash}.png`;
}

/**
 * A person's round picture (`picture`: its hash), or initials on a colour picked from the id.
 * Decorative: the name is always beside it.
 */
export function Avatar({
  id,
  name,
  picture,
  size = "md",
}: {
  id: string;
  name: string;
  picture?: string | null;
  size?: Size;
}) {
  const cdnUrl = useCdnUrl();
  if (picture && cdnUrl) {
    return (
      // biome-ignore lint/performance/noImgElement: a picture from our own CDN at a fixed small size
      <img
        src={avatarUrl(cdnUrl, id, picture)}
        alt=""
        aria-hidden="true"
        data-testid="avatar-picture"
        className={`inline-block shrink-0 rounded-full object-cover ${SIZING[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-grid shrink-0 select-none place-items-center rounded-full font-semibold text-white ${SIZING[size]} ${COLORS[colorIndex(id, COLORS.length)]}`}
    >
      {avatarLetters(name)}
    </span>
  );
}
