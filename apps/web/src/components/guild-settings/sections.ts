import type { GuildView } from "@chat/api";
import type { ComponentType } from "react";
import { AuditLogSection } from "./audit-log/audit-log-section";
import { BansSection } from "./bans/bans-section";
import { ChannelsSection } from "./channels/channels-section";
import { EmojiSection } from "./emoji/emoji-section";
import { InvitesSection } from "./invites/invites-section";
import { MembersSection } from "./members/members-section";
import { OverviewSection } from "./overview/overview-section";
import { RolesSection } from "./roles/roles-section";

/** What every section of the guild settings is given. */
export interface GuildSettingsSectionProps {
  guild: GuildView;
  /** The person using the settings. */
  meId: string;
  /** The guild was renamed here (the settings close and the chat shows the new name at once). */
  onRenamed(name: string): void;
  /** The guild was deleted here (the settings close and the chat leaves it). */
  onDeleted(): void;
}

export interface GuildSettingsSection {
  id: string;
  /** The navigation's label and the section's heading. */
  label: string;
  Content: ComponentType<GuildSettingsSectionProps>;
}

/**
 * The sections of the guild settings, in the navigation's order; each lives in its own folder
 * beside this file. To add one, add its row here.
 */
export const GUILD_SETTINGS_SECTIONS: readonly GuildSettingsSection[] = [
  { id: "overview", label: "Overview", Content: OverviewSection },
  { id: "roles", label: "Roles", Content: RolesSection },
  { id: "channels", label: "Channels", Content: ChannelsSection },
  { id: "invites", label: "Invites", Content: InvitesSection },
  { id: "members", label: "Members", Content: MembersSection },
  { id: "bans", label: "Bans", Content: BansSection },
  { id: "emoji", label: "Emoji", Content: EmojiSection },
  { id: "audit-log", label: "Audit log", Content: AuditLogSection },
];
