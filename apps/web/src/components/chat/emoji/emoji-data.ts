/**
 * Unicode emoji with their iamcal shortcodes (the names the reference platform uses, `:smile:`),
 * loaded on first use (about 600 kB of JSON, kept out of the page's first load).
 */
export interface UnicodeEmoji {
  kind: "unicode";
  unicode: string;
  label: string;
  /** iamcal shortcodes, first the main one; never empty. */
  shortcodes: string[];
  tags: string[];
  group: number;
}

/** A custom emoji of the guild. */
export interface CustomEmoji {
  kind: "custom";
  id: string;
  name: string;
  animated: boolean;
}

export type PickableEmoji = UnicodeEmoji | CustomEmoji;

/** emojibase's groups, in its order; group 2 (skin-tone components) is left out. */
export const EMOJI_GROUPS = [
  { group: 0, label: "Smileys & emotion" },
  { group: 1, label: "People & body" },
  { group: 3, label: "Animals & nature" },
  { group: 4, label: "Food & drink" },
  { group: 5, label: "Travel & places" },
  { group: 6, label: "Activities" },
  { group: 7, label: "Objects" },
  { group: 8, label: "Symbols" },
  { group: 9, label: "Flags" },
] as const;

interface RawEmoji {
  hexcode: string;
  label: string;
  unicode: string;
  group?: number;
  order?: number;
  tags?: string[];
}

let loading: Promise<UnicodeEmoji[]> | null = null;

/**
 * The emoji as Unicode recommends writing it (RGI), as the reactions API expects: emojibase
 * writes some with a presentation selector they do not need (👍 + U+FE0F).
 */
function recommendedForm(): (unicode: string) => string {
  let rgi: RegExp;
  try {
    // biome-ignore lint/complexity/useRegexLiterals: the `v` flag in a literal is refused by the ES2022 target, and older browsers throw
    rgi = new RegExp("^\\p{RGI_Emoji}$", "v");
  } catch {
    return (unicode) => unicode;
  }
  return (unicode) => {
    if (rgi.test(unicode)) return unicode;
    const bare = unicode.replace(/\uFE0F/g, "");
    return rgi.test(bare) ? bare : unicode;
  };
}

export function loadUnicodeEmoji(): Promise<UnicodeEmoji[]> {
  loading ??= Promise.all([
    import("emojibase-data/en/compact.json"),
    import("emojibase-data/en/shortcodes/iamcal.json"),
  ]).then(([compact, iamcal]) => {
    const raw = compact.default as unknown as RawEmoji[];
    const codes = iamcal.default as unknown as Record<string, string | string[]>;
    const recommended = recommendedForm();
    return raw
      .filter((e) => e.group !== undefined && e.group !== 2 && codes[e.hexcode] !== undefined)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((e) => {
        const code = codes[e.hexcode] as string | string[];
        return {
          kind: "unicode" as const,
          unicode: recommended(e.unicode),
          label: e.label,
          shortcodes: Array.isArray(code) ? code : [code],
          tags: e.tags ?? [],
          group: e.group as number,
        };
      });
  });
  return loading;
}

/** The name shown and typed for an emoji: `:smile:` or `:blob:`. */
export function emojiName(emoji: PickableEmoji): string {
  return emoji.kind === "custom" ? emoji.name : (emoji.shortcodes[0] as string);
}

/**
 * Emoji whose shortcode or name matches `query` (case-insensitive): those starting with it first,
 * then those containing it, then label and tag matches; custom emoji ahead of Unicode ones.
 */
export function searchEmoji(
  query: string,
  unicode: readonly UnicodeEmoji[],
  custom: readonly CustomEmoji[],
  limit = 200,
): PickableEmoji[] {
  const q = query.trim().toLowerCase().replace(/^:|:$/g, "");
  if (!q) return [...custom, ...unicode].slice(0, limit);
  const ranked: { emoji: PickableEmoji; rank: number }[] = [];
  for (const emoji of custom) {
    const name = emoji.name.toLowerCase();
    if (name.startsWith(q)) ranked.push({ emoji, rank: 0 });
    else if (name.includes(q)) ranked.push({ emoji, rank: 1 });
  }
  for (const emoji of unicode) {
    let rank = -1;
    if (emoji.shortcodes.some((c) => c.startsWith(q))) rank = 2;
    else if (emoji.shortcodes.some((c) => c.includes(q))) rank = 3;
    else if (emoji.label.toLowerCase().includes(q)) rank = 4;
    else if (emoji.tags.some((t) => t.startsWith(q))) rank = 5;
    if (rank >= 0) ranked.push({ emoji, rank });
  }
  // Array.prototype.sort is stable: within a rank the emoji keep their catalogue order.
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((r) => r.emoji);
}

/** The emoji as the reactions API names it: the Unicode emoji, or `name:id` for a custom one. */
export function reactionKey(emoji: { id: string | null; name: string | null }): string {
  return emoji.id ? `${emoji.name ?? "_"}:${emoji.id}` : (emoji.name ?? "");
}

/** How the emoji is written into a message: the character itself, or `<:name:id>` (`<a:name:id>` if animated). */
export function emojiText(emoji: PickableEmoji): string {
  if (emoji.kind === "unicode") return emoji.unicode;
  return `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>`;
}
