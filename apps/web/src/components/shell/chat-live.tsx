"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { GatewayMessageCreateDispatchData } from "discord-api-types/v10";
import { type ReactNode, useEffect, useRef } from "react";
import { registerChannelsLive } from "@/components/chat/channels/channels-live";
import { registerAutocompleteLive } from "@/components/chat/commands/autocomplete-live";
import { AutocompleteProvider, useAutocompleteStore } from "@/components/chat/commands/autocomplete-provider";
import type { AutocompleteStore } from "@/components/chat/commands/autocomplete-store";
import { registerCommandsLive } from "@/components/chat/commands/commands-live";
import { registerDmsLive } from "@/components/chat/dms/dms-live";
import { registerEmojiLive } from "@/components/chat/emoji/emoji-live";
import type { FormStore } from "@/components/chat/forms/form-store";
import { registerFormsLive } from "@/components/chat/forms/forms-live";
import { FormsProvider, useFormStore } from "@/components/chat/forms/forms-provider";
import { registerGuildsLive } from "@/components/chat/guilds/guilds-live";
import type { EphemeralStore } from "@/components/chat/interactions/ephemeral-store";
import type { InteractionStore } from "@/components/chat/interactions/interaction-store";
import { registerInteractionsLive } from "@/components/chat/interactions/interactions-live";
import { InteractionsProvider, useInteractionStores } from "@/components/chat/interactions/interactions-provider";
import { registerMembersLive } from "@/components/chat/members/members-live";
import { registerMessagesLive } from "@/components/chat/messages/messages-live";
import { registerNotificationsLive } from "@/components/chat/notifications/notifications-live";
import { useDesktopNotifications } from "@/components/chat/notifications/use-desktop-notifications";
import { registerPeopleLive } from "@/components/chat/people/people-live";
import { registerPinsLive } from "@/components/chat/pins/pins-live";
import { registerReactionsLive } from "@/components/chat/reactions/reactions-live";
import { registerReadStatesLive } from "@/components/chat/read-states/read-states-live";
import { registerRepliesLive } from "@/components/chat/replies/replies-live";
import { registerRolesLive } from "@/components/chat/roles/roles-live";
import { registerSocialLive } from "@/components/chat/social/social-live";
import { registerThreadsLive } from "@/components/chat/threads/threads-live";
import { registerTypingLive } from "@/components/chat/typing/typing-live";
import { TypingProvider, useTypingStore } from "@/components/chat/typing/typing-provider";
import type { TypingStore } from "@/components/chat/typing/typing-store";
import { registerVoiceLive } from "@/components/chat/voice/voice-live";
import { registerScheduledEventsLive } from "@/components/events/event-live";
import type { LiveDeps } from "@/components/live/live-deps";
import { LiveProvider, useLiveRegistry, useQueryPatcher } from "@/components/live/live-provider";
import type { LiveRegistry } from "@/components/live/live-registry";
import { useTRPC } from "@/lib/trpc";

/** The stores the chat's features own, and the desktop notifications, as their writers need them. */
interface FeatureStores {
  typing: TypingStore;
  interactions: InteractionStore;
  ephemeral: EphemeralStore;
  autocomplete: AutocompleteStore;
  forms: FormStore;
  notify(message: GatewayMessageCreateDispatchData): void;
}

/**
 * Every feature's cache writer, in the order their effects on one event must run: the
 * pinned mark, reactions and replies first; typing stops before the message joins the
 * history; a click settles before the edit lands; the notification once the message is in the
 * cache; the guild's channel list is read (for its histories) before it is dropped.
 */
function registerChatLive(live: LiveRegistry, deps: LiveDeps, stores: FeatureStores): void {
  registerReactionsLive(live, deps);
  registerPinsLive(live, deps);
  registerRepliesLive(live, deps);
  registerSocialLive(live, deps);
  registerTypingLive(live, deps, stores.typing);
  registerInteractionsLive(live, stores);
  registerAutocompleteLive(live, stores.autocomplete);
  registerFormsLive(live, stores.forms);
  registerMessagesLive(live, deps);
  registerReadStatesLive(live, deps);
  registerThreadsLive(live, deps);
  registerNotificationsLive(live, stores.notify);
  registerDmsLive(live, deps);
  registerGuildsLive(live, deps);
  registerChannelsLive(live, deps);
  registerMembersLive(live, deps);
  registerPeopleLive(live, deps);
  registerRolesLive(live, deps);
  registerVoiceLive(live, deps);
  registerEmojiLive(live, deps);
  registerCommandsLive(live, deps);
  registerScheduledEventsLive(live, deps);
}

/** Installs every writer in the stream's registry before the stream starts (a child's effect runs before its parent's). */
function ChatLiveWriters({ meId }: { meId: string }) {
  const { registry, showNotice } = useLiveRegistry();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const patcher = useQueryPatcher();
  const typing = useTypingStore();
  const { interactions, ephemeral } = useInteractionStores();
  const autocomplete = useAutocompleteStore();
  const forms = useFormStore();
  const showNotification = useDesktopNotifications(meId);
  const notify = useRef(showNotification);
  notify.current = showNotification;

  useEffect(() => {
    const deps: LiveDeps = { queryClient, trpc, patcher, meId, notice: showNotice };
    return registry.install((live) =>
      registerChatLive(live, deps, {
        typing,
        interactions,
        ephemeral,
        autocomplete,
        forms,
        notify: (message) => notify.current(message),
      }),
    );
  }, [registry, showNotice, queryClient, trpc, patcher, meId, typing, interactions, ephemeral, autocomplete, forms]);
  return null;
}

/**
 * The chat's live layer: the tab's one stream, the stores its features own (typing,
 * interactions, autocomplete, forms), and their writers installed in the stream's registry. A new person
 * (signed in as someone else) starts it all afresh.
 */
export function ChatLive({ meId, children }: { meId: string; children: ReactNode }) {
  return (
    <LiveProvider key={meId}>
      <TypingProvider>
        <InteractionsProvider>
          <AutocompleteProvider>
            <FormsProvider>
              <ChatLiveWriters meId={meId} />
              {children}
            </FormsProvider>
          </AutocompleteProvider>
        </InteractionsProvider>
      </TypingProvider>
    </LiveProvider>
  );
}
