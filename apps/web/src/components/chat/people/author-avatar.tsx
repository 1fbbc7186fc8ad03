"use client";

import type { MessageView } from "@chat/api";
import { Avatar } from "@/components/ui/avatar";
import { useShowProfile } from "./profile-card-context";

/** A message author's picture; a click opens their profile card (the name beside it is the labelled way there). */
export function AuthorAvatar({ message, guildId }: { message: MessageView; guildId: string | null }) {
  const showProfile = useShowProfile();
  const avatar = <Avatar id={message.author.id} name={message.author.displayName} picture={message.author.avatar} />;
  if (!showProfile) return avatar;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      onClick={(e) => showProfile({ user: message.author, guildId, anchor: e.currentTarget })}
      className="block rounded-full hover:opacity-90"
    >
      {avatar}
    </button>
  );
}
