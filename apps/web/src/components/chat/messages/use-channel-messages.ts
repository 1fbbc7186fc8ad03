"use client";

import type { MessageView, UserView } from "@chat/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { errorMessage } from "@/lib/errors";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import type { ComposerAttachment } from "./composer-attachment";
import { mergeMessages } from "./message-merge";

export interface DisplayMessage extends MessageView {
  /** Set while a message of this tab is on its way, or when it could not be sent. */
  sendState?: "pending" | "failed";
  sendError?: string;
  /** The uploaded files it is sent with (composer.send). */
  sendFiles?: ComposerAttachment[];
}

/** What a send carries beside its text: the person's uploads, the message it answers. */
interface SendExtras {
  files?: ComposerAttachment[];
  replyTo?: string;
}

/** What a message typed in this tab has none of. */
const NO_EXTRAS = {
  attachments: [],
  components: [],
  embeds: [],
  mentions: [],
  mentionRoleIds: [],
  mentionEveryone: false,
  flags: 0,
  interaction: null,
  ephemeral: false,
  loading: false,
  type: 0,
  reference: null,
  reactions: [],
  pinned: false,
} satisfies Partial<MessageView>;

/** A reply's quote, from the message replied to. */
function replyReference(original: MessageView): MessageView["reference"] {
  return {
    messageId: original.id,
    message: {
      id: original.id,
      author: original.author,
      content: original.content,
      attachments: original.attachments.length,
      embeds: original.embeds.length,
    },
  };
}

function newNonce(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * One channel's messages: the newest page from the query cache (the live stream keeps it
 * current: new, edited and deleted messages), older pages merged into it on demand, and this
 * tab's messages on their way (an optimistic copy that turns into the real message).
 */
export function useChannelMessages(channelId: string, me: UserView) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const key = trpc.messages.list.queryKey({ channelId });
  const page = useQuery(trpc.messages.list.queryOptions({ channelId }));
  const [outgoing, setOutgoing] = useState<DisplayMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const loadingOlderRef = useRef(false);

  const loadOlder = useCallback(async () => {
    const current = queryClient.getQueryData(key);
    const before = current?.messages[0]?.id;
    if (!before || !current.hasMore || loadingOlderRef.current) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const older = await client.messages.list.query({ channelId, before });
      queryClient.setQueryData(
        key,
        (data) => data && { ...data, hasMore: older.hasMore, messages: mergeMessages(data.messages, older.messages) },
      );
    } catch (error) {
      setOlderError(errorMessage(error, "Could not load older messages."));
    } finally {
      loadingOlderRef.current = false;
      setLoadingOlder(false);
    }
  }, [client, queryClient, key, channelId]);

  const deliver = useCallback(
    async (localId: string, content: string, extras: SendExtras) => {
      try {
        const nonce = localId.slice(6);
        const reply = extras.replyTo ? { replyTo: extras.replyTo } : {};
        const sent = extras.files?.length
          ? await client.composer.send.mutate({ channelId, content, nonce, attachments: extras.files, ...reply })
          : await client.messages.send.mutate({ channelId, content, nonce, ...reply });
        queryClient.setQueryData(key, (data) => data && { ...data, messages: mergeMessages(data.messages, [sent]) });
        setOutgoing((list) => list.filter((m) => m.id !== localId));
      } catch (error) {
        setOutgoing((list) =>
          list.map((m) =>
            m.id === localId ? { ...m, sendState: "failed", sendError: errorMessage(error, "Not sent.") } : m,
          ),
        );
      }
    },
    [client, queryClient, key, channelId],
  );

  /** Sends go one after another, so messages typed quickly arrive in the order they were written. */
  const sending = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback(
    (localId: string, content: string, extras: SendExtras) => {
      sending.current = sending.current.then(() => deliver(localId, content, extras));
    },
    [deliver],
  );

  const send = useCallback(
    (content: string, options: { files?: ComposerAttachment[]; replyTo?: MessageView | null } = {}) => {
      const localId = `local-${newNonce()}`;
      const { files, replyTo } = options;
      const reply = replyTo ? { type: 19, reference: replyReference(replyTo) } : {};
      setOutgoing((list) => [
        ...list,
        {
          ...NO_EXTRAS,
          ...reply,
          id: localId,
          channelId,
          content,
          createdAt: new Date().toISOString(),
          editedAt: null,
          author: me,
          sendState: "pending",
          sendFiles: files,
        },
      ]);
      enqueue(localId, content, { files, replyTo: replyTo?.id });
    },
    [channelId, me, enqueue],
  );

  const retry = useCallback(
    (localId: string) => {
      const failed = outgoing.find((m) => m.id === localId);
      if (!failed) return;
      setOutgoing((list) =>
        list.map((m) => (m.id === localId ? { ...m, sendState: "pending", sendError: undefined } : m)),
      );
      enqueue(localId, failed.content, { files: failed.sendFiles, replyTo: failed.reference?.messageId });
    },
    [outgoing, enqueue],
  );

  const discard = useCallback((localId: string) => setOutgoing((list) => list.filter((m) => m.id !== localId)), []);

  /** One shown message again, with fresh file URLs (the ones shown expire after 24 hours); null if it is out of reach. */
  const refresh = useCallback(
    async (messageId: string): Promise<MessageView | null> => {
      try {
        const fresh = await client.messages.get.query({ channelId, messageId });
        queryClient.setQueryData(
          key,
          (data) =>
            data && {
              ...data,
              messages: data.messages.some((m) => m.id === fresh.id)
                ? mergeMessages(data.messages, [fresh])
                : data.messages,
            },
        );
        return fresh;
      } catch {
        return null;
      }
    },
    [client, queryClient, key, channelId],
  );

  const messages = useMemo<DisplayMessage[]>(() => {
    const shown = page.data?.messages ?? [];
    // The live stream may bring the real message before the send answers: show it once.
    const arrived = new Set(shown.flatMap((m) => (m.nonce ? [`local-${m.nonce}`] : [])));
    return [...shown, ...outgoing.filter((m) => !arrived.has(m.id))];
  }, [page.data, outgoing]);
  return {
    status: page.isPending ? ("loading" as const) : page.isError ? ("error" as const) : ("ready" as const),
    error: page.error ? errorMessage(page.error, "Could not load messages.") : olderError,
    messages,
    hasMore: page.data?.hasMore ?? false,
    historyHidden: page.data?.historyHidden ?? false,
    loadingOlder,
    loadOlder,
    send,
    retry,
    discard,
    refresh,
    reload: () => void page.refetch(),
  };
}
