"use client";

import type { ChannelView, DmView, UserView } from "@chat/api";
import type { ReadStateIndex } from "../read-states/read-state-math";
import { MessagePane } from "./message-pane";

/** The DM as the message pane takes a channel: its name is the other one's, with `@`. */
export function dmChannel(dm: DmView): ChannelView {
  return {
    id: dm.id,
    guildId: null,
    name: `@${dm.recipient.displayName}`,
    kind: "text",
    topic: null,
    parentId: null,
    position: 0,
    type: 1,
  };
}

/** A DM: the same history and composer as a guild's channel, without the member list or guild-only actions. */
export function DmPane({
  dm,
  me,
  readStates,
  navigation,
}: {
  dm: DmView;
  me: UserView;
  readStates: ReadStateIndex;
  navigation: { open: boolean; show(): void };
}) {
  return <MessagePane key={dm.id} channel={dmChannel(dm)} me={me} readStates={readStates} navigation={navigation} />;
}
