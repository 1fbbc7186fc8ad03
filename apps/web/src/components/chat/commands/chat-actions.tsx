"use client";

import type { CommandGroupView } from "@chat/api/views";
import { createContext, type ReactNode, useContext } from "react";
import type { SlashEntry } from "./command-entries";
import type { OptionInputs } from "./option-values";

/** A user or message command used on someone or on a message (from an Apps menu). */
export interface TargetedCommand {
  application: CommandGroupView["application"];
  command: CommandGroupView["commands"][number];
  targetId: string;
}

/**
 * What the messages and menus of the open channel may do, given once by the message pane:
 * the channel's guild (pickers list its members, roles and channels), the commands the person
 * may use there, and the senders of commands and component uses.
 */
export interface ChatActions {
  guildId: string;
  channelId: string;
  /** The person's commands here, grouped by application; null while loading. */
  commands: CommandGroupView[] | null;
  /** Sends a slash command; answers the problems to show in the form (empty when it went). */
  sendSlash(entry: SlashEntry, inputs: OptionInputs): Promise<Record<string, string> | null>;
  sendTargeted(request: TargetedCommand): void;
  /**
   * Asks the application for choices for option `focused` of a slash command being filled, given
   * what is typed in it so far: answers the autocomplete interaction's id (its choices arrive live).
   */
  requestChoices(entry: SlashEntry, inputs: OptionInputs, focused: string, typed: string): Promise<string>;
  /** A button click (no values) or a select's picks on a message (also an ephemeral one). */
  submitComponent(messageId: string, customId: string, values?: string[]): void;
}

const ChatActionsContext = createContext<ChatActions | null>(null);

export function ChatActionsProvider({ value, children }: { value: ChatActions | null; children: ReactNode }) {
  return <ChatActionsContext value={value}>{children}</ChatActionsContext>;
}

/** The open channel's actions; null outside a guild channel's pane (nothing to offer there). */
export function useChatActions(): ChatActions | null {
  return useContext(ChatActionsContext);
}
