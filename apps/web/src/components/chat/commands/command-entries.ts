import type { CommandGroupView, CommandOptionView, CommandView } from "@chat/api/views";

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

export type CommandApplication = CommandGroupView["application"];

/**
 * One thing the picker offers: a slash command, or one subcommand of it (`/config show`).
 * `path` names the subcommand group and subcommand the options nest under when sent.
 */
export interface SlashEntry {
  key: string;
  command: CommandView;
  application: CommandApplication;
  path: string[];
  /** "config show": the command and its subcommand path. */
  label: string;
  description: string;
  /** The options to fill in, required first. */
  options: CommandOptionView[];
}

export interface EntryGroup {
  application: CommandApplication;
  entries: SlashEntry[];
}

function leaves(command: CommandView, application: CommandApplication): SlashEntry[] {
  const entry = (path: string[], description: string, options: CommandOptionView[]): SlashEntry => ({
    key: [command.id, ...path].join(" "),
    command,
    application,
    path,
    label: [command.name, ...path].join(" "),
    description,
    options,
  });
  const subcommands = command.options.filter((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP);
  if (subcommands.length === 0) return [entry([], command.description, command.options)];
  return subcommands.flatMap((sub) =>
    sub.type === SUBCOMMAND
      ? [entry([sub.name], sub.description, sub.options)]
      : sub.options.map((leaf) => entry([sub.name, leaf.name], leaf.description, leaf.options)),
  );
}

/** The slash commands of each application as picker entries, subcommands spelled out. */
export function slashEntryGroups(groups: readonly CommandGroupView[]): EntryGroup[] {
  return groups
    .map((g) => ({
      application: g.application,
      entries: g.commands.filter((c) => c.type === 1).flatMap((c) => leaves(c, g.application)),
    }))
    .filter((g) => g.entries.length > 0);
}

/**
 * The entries matching what follows the `/`: those whose name starts with it first, then
 * those containing it (in the name or the application's name); empty groups dropped.
 */
export function filterEntryGroups(groups: readonly EntryGroup[], query: string): EntryGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...groups];
  const rank = (entry: SlashEntry): number => {
    const label = entry.label.toLowerCase();
    if (label.startsWith(q)) return 0;
    if (label.includes(q)) return 1;
    if (entry.application.name.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return groups
    .map((g) => ({
      application: g.application,
      entries: g.entries
        .map((entry) => ({ entry, rank: rank(entry) }))
        .filter((r) => r.rank >= 0)
        .sort((a, b) => a.rank - b.rank)
        .map((r) => r.entry),
    }))
    .filter((g) => g.entries.length > 0);
}

/** User (2) or message (3) commands, for an Apps menu, with their applications. */
export function contextMenuCommands(
  groups: readonly CommandGroupView[],
  type: 2 | 3,
): { application: CommandApplication; command: CommandView }[] {
  return groups.flatMap((g) =>
    g.commands.filter((c) => c.type === type).map((command) => ({ application: g.application, command })),
  );
}
