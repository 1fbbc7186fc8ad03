import type { APIApplicationCommandPermission } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { serializeApplicationCommand } from "../../serializers";
import { type AvailableApplicationCommands, availableCommands } from "./available-commands";
import { CommandFieldErrors } from "./command-errors";
import { countByType, requireWithinCommandLimits } from "./command-limits";
import {
  type CommandRow,
  type CommandScope,
  commandData,
  draftOf,
  inScope,
  lockScope,
  requireScope,
  writeOver,
} from "./command-store";
import { commandKey, parseCommand, parseCommandList, parseCommandPatch } from "./command-validation";

const byId = { id: "asc" as const };

/**
 * An application's commands, global or in one guild (spec: Application commands, Command
 * record). The route resolves the scope: the application is the bot's own; here a guild scope
 * needs the bot in the guild (50001). Commands are unique by type and name within a scope and
 * counted per type (30032). No gateway event is sent for command changes.
 */
export class CommandService {
  constructor(private ctx: DomainContext) {}

  /** GET .../commands: the scope's commands, oldest first. */
  async list(scope: CommandScope) {
    await requireScope(this.ctx.db, scope);
    const rows = await this.ctx.db.applicationCommand.findMany({ where: inScope(scope), orderBy: byId });
    return rows.map(serializeApplicationCommand);
  }

  /** GET .../commands/{command}: 10063 for an unknown one, or one of another application or scope. */
  async get(scope: CommandScope, commandId: bigint) {
    await requireScope(this.ctx.db, scope);
    return serializeApplicationCommand(await this.load(this.ctx.db, scope, commandId));
  }

  /**
   * POST .../commands: a new command (`created`, answered 201), or the one of the same type
   * and name rewritten, keeping its id (answered 200). A new one past its type's limit is 30032.
   */
  async create(scope: CommandScope, input: unknown) {
    const draft = parseCommand(input);
    return this.ctx.db.$transaction(async (tx) => {
      await lockScope(tx, scope);
      const existing = await tx.applicationCommand.findFirst({
        where: { ...inScope(scope), type: draft.type, name: draft.name },
      });
      if (existing)
        return { created: false, command: serializeApplicationCommand(await writeOver(tx, existing, draft)) };
      const count = await tx.applicationCommand.count({ where: { ...inScope(scope), type: draft.type } });
      requireWithinCommandLimits(new Map([[draft.type, count + 1]]));
      const row = await tx.applicationCommand.create({ data: { ...inScope(scope), ...commandData(draft) } });
      return { created: true, command: serializeApplicationCommand(row) };
    });
  }

  /**
   * PUT .../commands: the scope's commands become exactly the list, in one transaction.
   * Commands of the same type and name keep their ids (and versions, when unchanged); the
   * others are deleted. A list with any broken rule, or past a limit, changes nothing.
   */
  async overwrite(scope: CommandScope, input: unknown) {
    const drafts = parseCommandList(input);
    requireWithinCommandLimits(countByType(drafts));
    const rows = await this.ctx.db.$transaction(async (tx) => {
      await lockScope(tx, scope);
      const existing = new Map(
        (await tx.applicationCommand.findMany({ where: inScope(scope) })).map((row) => [commandKey(row), row]),
      );
      const kept = new Map<string, CommandRow>();
      for (const draft of drafts) {
        const row = existing.get(commandKey(draft));
        if (row) kept.set(commandKey(draft), await writeOver(tx, row, draft));
      }
      await tx.applicationCommand.deleteMany({
        where: { ...inScope(scope), id: { notIn: [...kept.values()].map((row) => row.id) } },
      });
      const fresh = drafts.filter((draft) => !kept.has(commandKey(draft)));
      if (fresh.length > 0) {
        const created = await tx.applicationCommand.createManyAndReturn({
          data: fresh.map((draft) => ({ ...inScope(scope), ...commandData(draft) })),
        });
        for (const row of created) kept.set(commandKey(row), row);
      }
      return drafts.map((draft) => kept.get(commandKey(draft))!);
    });
    return rows.map(serializeApplicationCommand);
  }

  /**
   * PATCH .../commands/{command}: the given fields over the command; `type` cannot change, and
   * a new name must not be taken by another command of its type in the scope (50035).
   */
  async update(scope: CommandScope, commandId: bigint, input: unknown) {
    const row = await this.ctx.db.$transaction(async (tx) => {
      await lockScope(tx, scope);
      const current = await this.load(tx, scope, commandId);
      const draft = parseCommandPatch(draftOf(current), input);
      if (draft.name !== current.name) {
        const taken = await tx.applicationCommand.findFirst({
          where: { ...inScope(scope), type: draft.type, name: draft.name },
          select: { id: true },
        });
        if (taken) {
          const errors = new CommandFieldErrors();
          errors.add(["name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique");
          errors.throwIfAny();
        }
      }
      return writeOver(tx, current, draft);
    });
    return serializeApplicationCommand(row);
  }

  /** DELETE .../commands/{command}. */
  async remove(scope: CommandScope, commandId: bigint): Promise<void> {
    await requireScope(this.ctx.db, scope);
    const gone = await this.ctx.db.applicationCommand.deleteMany({ where: { ...inScope(scope), id: commandId } });
    if (gone.count === 0) throw Errors.unknownCommand();
  }

  /** GET .../guilds/{guild}/commands/permissions: always empty, there are no per-command overrides. */
  async permissions(scope: CommandScope): Promise<APIApplicationCommandPermission[]> {
    await requireScope(this.ctx.db, scope);
    return [];
  }

  /**
   * The commands a person may use in a guild channel, grouped by application (the web app's
   * command picker and Apps menus): see {@link availableCommands}.
   */
  availableTo(userId: bigint, channelId: bigint): Promise<AvailableApplicationCommands[]> {
    return availableCommands(this.ctx, userId, channelId);
  }

  private async load(
    db: Pick<DomainContext["db"], "applicationCommand">,
    scope: CommandScope,
    commandId: bigint,
  ): Promise<CommandRow> {
    const row = await db.applicationCommand.findFirst({ where: { ...inScope(scope), id: commandId } });
    if (!row) throw Errors.unknownCommand();
    return row;
  }
}
