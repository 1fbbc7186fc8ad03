"use client";

import type { UserView } from "@chat/api";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { ProfileCard } from "./profile-card";

export interface ProfileCardTarget {
  user: UserView;
  /** The guild whose roles the card shows (null in a DM). */
  guildId: string | null;
  /** Where the card opens beside, and where focus goes back to. */
  anchor: HTMLElement;
}

type Show = (target: ProfileCardTarget) => void;

const ProfileCardContext = createContext<Show | null>(null);

/** One profile card at a time for the whole chat: a message author's or a member's. */
export function ProfileCardProvider({ meId, children }: { meId: string; children: ReactNode }) {
  const [target, setTarget] = useState<ProfileCardTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const show = useCallback<Show>((next) => setTarget(next), []);
  const value = useMemo(() => show, [show]);
  return (
    <ProfileCardContext.Provider value={value}>
      {children}
      {target ? (
        <ProfileCard key={`${target.user.id}-${target.guildId}`} target={target} meId={meId} onClose={close} />
      ) : null}
    </ProfileCardContext.Provider>
  );
}

/** Opens someone's profile card (null outside the chat). */
export function useShowProfile(): Show | null {
  return useContext(ProfileCardContext);
}
