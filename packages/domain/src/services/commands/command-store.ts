import { type ApplicationCommandModel, type Db, Prisma } from "@chat/db";
import { Errors } from "../../errors";
import type { CommandType } from "./command-limits";
import type { Localizations } from "./command-names";
import type { StoredOption } from "./command-options";
import type { CommandDraft } from "./command-validation";

type Tx = Prisma.TransactionClient;
export type CommandRow = ApplicationCommandModel;

/** Whose commands, and where: an application's global commands (`guildId` null) or those of one guild. */
export interface CommandScope {
  applicationId: bigint;
  /** The application's bot: it must be in the guild of a guild scope. */
  botUserId: bigint;
  guildId: bigint | null;
}

/** The rows of a scope (Prisma's `guildId: null` is IS NULL: global commands only). */
export const inScope = (scope: CommandScope) => ({ applicationId: scope.applicationId, guildId: scope.guildId });

/** Reads of a guild scope: the bot must be in the guild (50001 Missing Access, spec: Application commands). */
export async function requireScope(db: Db | Tx, scope: CommandScope): Promise<void> {
  if (scope.guildId === null) return;
  const member = await db.member.findUnique({
    where: { guildId_userId: { guildId: scope.guildId, userId: scope.botUserId } },
    select: { userId: true },
  });
  if (!member) throw Errors.missingAccess();
}

/**
 * Writes run under the application row's lock, so counts, names and bulk overwrites of one
 * application never interleave. A guild scope also holds the bot's member row (KEY SHARE): a
 * concurrent leave, kick or ban waits for the write and then removes what it wrote.
 */
export async function lockScope(tx: Tx, scope: CommandScope): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Application" WHERE "id" = ${scope.applicationId} FOR NO KEY UPDATE`;
  if (scope.guildId === null) return;
  const member = await tx.$queryRaw<
    unknown[]
  >`SELECT 1 FROM "Member" WHERE "guildId" = ${scope.guildId} AND "userId" = ${scope.botUserId} FOR KEY SHARE`;
  if (member.length === 0) throw Errors.missingAccess();
}

/** The columns a draft writes. */
export function commandData(draft: CommandDraft) {
  return {
    type: draft.type,
    name: draft.name,
    nameLocalizations: draft.nameLocalizations ?? Prisma.DbNull,
    description: draft.description,
    descriptionLocalizations: draft.descriptionLocalizations ?? Prisma.DbNull,
    options: draft.options as unknown as Prisma.InputJsonValue,
    defaultMemberPermissions: draft.defaultMemberPermissions,
    nsfw: draft.nsfw,
  };
}

/** A stored command as a draft (stored commands were checked on write). */
export function draftOf(row: CommandRow): CommandDraft {
  return {
    type: row.type as CommandType,
    name: row.name,
    nameLocalizations: (row.nameLocalizations ?? null) as Localizations | null,
    description: row.description,
    descriptionLocalizations: (row.descriptionLocalizations ?? null) as Localizations | null,
    options: (row.options ?? []) as unknown as StoredOption[],
    defaultMemberPermissions: row.defaultMemberPermissions,
    nsfw: row.nsfw,
  };
}

/**
 * Writes `draft` over an existing command. Only a real change writes, and it takes a new
 * `version` (as on the reference platform); an identical command is left as it is.
 */
export async function writeOver(tx: Tx, row: CommandRow, draft: CommandDraft): Promise<CommandRow> {
  if (sameJson(draftOf(row), draft)) return row;
  const [{ version }] = await tx.$queryRaw<[{ version: bigint }]>`SELECT nextval('global_id_seq') AS "version"`;
  return tx.applicationCommand.update({ where: { id: row.id }, data: { ...commandData(draft), version } });
}

/** Deep equality of JSON-like values regardless of key order (JSONB does not keep it). */
function sameJson(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "bigint") return `${v}n`;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
      );
    }
    return v;
  });
}
