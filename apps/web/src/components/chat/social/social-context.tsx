"use client";

import type { MessageView } from "@chat/api/views";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";
import { type PickableEmoji, reactionKey } from "../emoji/emoji-data";
import { changeMessageReaction } from "./reaction-patch";

type ReactionEmoji = { id: string | null; name: string | null; animated?: boolean };

export interface SocialAbilities {
  addReactions: boolean;
  pinMessages: boolean;
  manageMessages: boolean;
}

const NO_ABILITIES: SocialAbilities = { addReactions: false, pinMessages: false, manageMessages: false };

/** Where the emoji picker opens and what a pick does. */
export interface PickerRequest {
  anchor: HTMLElement;
  onPick(emoji: PickableEmoji): void;
}

/**
 * Reply, react and pin in the open channel: the message being replied to, the picker's request,
 * what the person may do here, and the changes (reactions change the cache at once and go back
 * if refused; the live stream brings everyone else's).
 */
export interface Social {
  channelId: string;
  guildId: string | null;
  meId: string;
  abilities: SocialAbilities;
  replyingTo: MessageView | null;
  startReply(message: MessageView): void;
  cancelReply(): void;
  picker: PickerRequest | null;
  openPicker(request: PickerRequest): void;
  closePicker(): void;
  /** Adds (`on`) or takes back the person's reaction. */
  react(message: MessageView, emoji: ReactionEmoji, on: boolean): void;
  setPinned(message: MessageView, pinned: boolean): void;
  /** The last refusal, shown under its message. */
  problem: { messageId: string; text: string } | null;
  clearProblem(): void;
}

const SocialContext = createContext<Social | null>(null);
export const SocialProvider = SocialContext.Provider;

export function useSocial(): Social | null {
  return useContext(SocialContext);
}

export function asReactionEmoji(emoji: PickableEmoji): ReactionEmoji {
  return emoji.kind === "custom"
    ? { id: emoji.id, name: emoji.name, animated: emoji.animated }
    : { id: null, name: emoji.unicode };
}

/** The state behind SocialProvider for one channel (the message pane holds it, its composer sends the reply). */
export function useSocialState(
  channelId: string,
  guildId: string | null,
  meId: string,
  focusComposer: () => void,
): Social {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const abilities = useQuery(trpc.social.abilities.queryOptions(guildId ? { channelId } : skipToken));
  const reactMutation = useMutation(trpc.social.react.mutationOptions());
  const unreactMutation = useMutation(trpc.social.unreact.mutationOptions());
  const pinMutation = useMutation(trpc.social.pin.mutationOptions());
  const unpinMutation = useMutation(trpc.social.unpin.mutationOptions());
  const [replyingTo, setReplyingTo] = useState<MessageView | null>(null);
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  const [problem, setProblem] = useState<Social["problem"]>(null);
  const listKey = trpc.messages.list.queryKey({ channelId });
  // Another channel: nothing to reply to or pick for there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the channel changes
  useEffect(() => {
    setReplyingTo(null);
    setPicker(null);
  }, [channelId]);

  const patchReaction = useCallback(
    (messageId: string, emoji: ReactionEmoji, change: "add" | "remove") =>
      queryClient.setQueryData(
        listKey,
        (page) => page && { ...page, messages: changeMessageReaction(page.messages, messageId, emoji, change, true) },
      ),
    [queryClient, listKey],
  );
  const patchPinned = useCallback(
    (messageId: string, pinned: boolean) =>
      queryClient.setQueryData(
        listKey,
        (page) => page && { ...page, messages: page.messages.map((m) => (m.id === messageId ? { ...m, pinned } : m)) },
      ),
    [queryClient, listKey],
  );

  const react = reactMutation.mutate;
  const unreact = unreactMutation.mutate;
  const pin = pinMutation.mutate;
  const unpin = unpinMutation.mutate;

  return useMemo<Social>(
    () => ({
      channelId,
      guildId,
      meId,
      abilities: abilities.data ?? NO_ABILITIES,
      replyingTo,
      startReply(message) {
        setReplyingTo(message);
        // After a menu that was used to get here has given focus back.
        requestAnimationFrame(focusComposer);
      },
      cancelReply: () => setReplyingTo(null),
      picker,
      openPicker: setPicker,
      closePicker: () => setPicker(null),
      react(message, emoji, on) {
        setProblem(null);
        patchReaction(message.id, emoji, on ? "add" : "remove");
        const input = { channelId, messageId: message.id, emoji: reactionKey(emoji) };
        const undo = (error: unknown) => {
          patchReaction(message.id, emoji, on ? "remove" : "add");
          setProblem({
            messageId: message.id,
            text: describeSocialProblem(error, on ? "Could not add the reaction." : "Could not remove the reaction."),
          });
        };
        // Who reacted, if shown, was asked while the change was on its way: ask again once it is done.
        const onSuccess = () => void queryClient.invalidateQueries({ queryKey: trpc.social.reactors.queryKey(input) });
        if (on) react(input, { onError: undo, onSuccess });
        else unreact(input, { onError: undo, onSuccess });
      },
      setPinned(message, pinned) {
        setProblem(null);
        const input = { channelId, messageId: message.id };
        const options = {
          onSuccess: () => {
            patchPinned(message.id, pinned);
            void queryClient.invalidateQueries({ queryKey: trpc.social.pins.queryKey({ channelId }) });
          },
          onError: (error: unknown) =>
            setProblem({
              messageId: message.id,
              text: describeSocialProblem(
                error,
                pinned ? "Could not pin the message." : "Could not unpin the message.",
              ),
            }),
        };
        if (pinned) pin(input, options);
        else unpin(input, options);
      },
      problem,
      clearProblem: () => setProblem(null),
    }),
    [
      channelId,
      guildId,
      meId,
      focusComposer,
      abilities.data,
      replyingTo,
      picker,
      problem,
      patchReaction,
      patchPinned,
      react,
      unreact,
      pin,
      unpin,
      queryClient,
      trpc,
    ],
  );
}

/** A refusal in plain words. */
export function describeSocialProblem(error: unknown, fallback: string): string {
  const code = (error as { data?: { apiCode?: number } } | null)?.data?.apiCode;
  if (code === 30010) return "This message has as many reactions as it can hold.";
  if (code === 30003) return "This channel already has 250 pinned messages. Unpin one first.";
  if (code === 10008) return "This message no longer exists.";
  if (code === 10014) return "That emoji is not available here.";
  if (code === 50013) return "You don’t have permission to do that here.";
  return errorMessage(error, fallback);
}
