"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { EphemeralStore } from "./ephemeral-store";
import { InteractionStore } from "./interaction-store";

interface InteractionStores {
  interactions: InteractionStore;
  ephemeral: EphemeralStore;
}

const InteractionsContext = createContext<InteractionStores | null>(null);

/** This tab's interactions on their way and its ephemeral messages (written by the senders and the live stream). */
export function InteractionsProvider({ children }: { children: ReactNode }) {
  const [stores] = useState<InteractionStores>(() => ({
    interactions: new InteractionStore(),
    ephemeral: new EphemeralStore(),
  }));
  return <InteractionsContext value={stores}>{children}</InteractionsContext>;
}

export function useInteractionStores(): InteractionStores {
  const stores = useContext(InteractionsContext);
  if (!stores) throw new Error("useInteractionStores outside <InteractionsProvider>");
  return stores;
}

/** This tab's commands and clicks on their way (written by the live stream and by the senders). */
export function useInteractionStore(): InteractionStore {
  return useInteractionStores().interactions;
}

/** Messages only this person sees in a channel, kept by the tab until reload or dismissal. */
export function useEphemeralStore(): EphemeralStore {
  return useInteractionStores().ephemeral;
}
