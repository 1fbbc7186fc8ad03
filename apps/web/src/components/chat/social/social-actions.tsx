"use client";

import type { MessageView } from "@chat/api/views";
import { Icon, SmilePlusIcon } from "@/components/ui/icons";
import type { MenuItem } from "../commands/context-menu";
import { isSystemMessage } from "../messages/message-types";
import { asReactionEmoji, type Social, useSocial } from "./social-context";

const BUTTON =
  "grid size-7 shrink-0 place-items-center rounded-md text-muted hover:bg-hover hover:text-text focus-visible:outline-2 focus-visible:outline-accent";

/** `{origin}/channels/{guild}/{channel}/{message}` ("@me" for a DM); opening it shows the message. */
export function messageLink(message: MessageView, guildId: string | null): string {
  return `${window.location.origin}/channels/${guildId ?? "@me"}/${message.channelId}/${message.id}`;
}

function rowOf(messageId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${CSS.escape(messageId)}"]`);
}

function openReactionPicker(social: Social, message: MessageView, anchor: HTMLElement) {
  social.openPicker({ anchor, onPick: (emoji) => social.react(message, asReactionEmoji(emoji), true) });
}

/** Reply and Add reaction in a message's hover toolbar. */
export function SocialToolbarButtons({ message }: { message: MessageView }) {
  const social = useSocial();
  if (!social) return null;
  return (
    <>
      {social.abilities.addReactions ? (
        <button
          type="button"
          aria-label="Add reaction"
          title="Add reaction"
          aria-haspopup="dialog"
          // Keeps the toolbar shown while its picker is open.
          aria-expanded={social.picker?.anchor.dataset.reactTo === message.id}
          data-react-to={message.id}
          onClick={(e) => openReactionPicker(social, message, e.currentTarget)}
          className={BUTTON}
        >
          <SmilePlusIcon />
        </button>
      ) : null}
      {isSystemMessage(message.type) ? null : (
        <button
          type="button"
          aria-label="Reply"
          title="Reply"
          onClick={() => social.startReply(message)}
          className={BUTTON}
        >
          <Icon size={16}>
            <path d="M9 14 4 9l5-5" />
            <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
          </Icon>
        </button>
      )}
    </>
  );
}

/** A message's menu entries for replying, reacting, pinning and its link (after its own Edit, Delete and copies). */
export function socialMenuItems(message: MessageView, social: Social | null): MenuItem[] {
  if (!social) return [];
  const items: MenuItem[] = isSystemMessage(message.type)
    ? []
    : [{ key: "reply", label: "Reply", onSelect: () => social.startReply(message) }];
  if (social.abilities.addReactions) {
    items.push({
      key: "react",
      label: "Add reaction",
      onSelect: () => {
        const row = rowOf(message.id);
        if (row) openReactionPicker(social, message, row);
      },
    });
  }
  if (social.abilities.pinMessages) {
    items.push(
      message.pinned
        ? { key: "unpin", label: "Unpin message", onSelect: () => social.setPinned(message, false) }
        : { key: "pin", label: "Pin message", onSelect: () => social.setPinned(message, true) },
    );
  }
  items.push({
    key: "copy-link",
    label: "Copy message link",
    onSelect: () => void navigator.clipboard?.writeText(messageLink(message, social.guildId)).catch(() => {}),
  });
  return items;
}
