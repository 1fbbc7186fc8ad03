import type { GuildView } from "@chat/api";

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
