import type { ComponentType } from "react";
import { AuditLogSection } from "./audit-log/audit-log-section";
import { BansSection } from "./bans/bans-section";
import { ChannelsSection } from "./channels/channels-section";
import { EmojiSection } from "./emoji/emoji-section";
import { InvitesSection } from "./invites/invites-section";
import { MembersSection } from "./members/members-section";
import { OverviewSection } from "./overview/overview-section";
import { RolesSection } from "./roles/roles-section";
import type { GuildSettingsSectionProps } from "./shared/section-props";

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
