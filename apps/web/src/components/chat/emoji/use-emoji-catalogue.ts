"use client";

import { skipToken, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { type CustomEmoji, loadUnicodeEmoji, type UnicodeEmoji } from "./emoji-data";

/** The emoji one can pick here: the guild's own (first) and the Unicode ones, loaded on demand (`active`). */
export function useEmojiCatalogue(
  guildId: string | null,
  active: boolean,
): { unicode: UnicodeEmoji[] | null; custom: CustomEmoji[]; failed: boolean } {
  const trpc = useTRPC();
  const guildEmojis = useQuery({
    ...trpc.social.guildEmojis.queryOptions(guildId && active ? { guildId } : skipToken),
    staleTime: 60_000,
  });
  const [unicode, setUnicode] = useState<UnicodeEmoji[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active || unicode) return;
    let live = true;
    loadUnicodeEmoji().then(
      (list) => live && setUnicode(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [active, unicode]);
  const custom = (guildEmojis.data ?? []).map((e) => ({ kind: "custom" as const, ...e }));
  return { unicode, custom, failed };
}
