import { type CommandScope, Errors } from "@chat/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../../context";
import { botOf, ownApplicationId } from "../../auth";
import { pathId } from "../../params";

type ScopeParams = { application: string; guild?: string };
type CommandParams = { Params: ScopeParams & { command: string } };

/** Global commands (no `{guild}`) or one guild's; the guild must be one the bot is in (checked by the domain: 50001). */
function scopeOf(request: FastifyRequest, params: ScopeParams): CommandScope {
  const applicationId = ownApplicationId(request, params.application);
  const guildId = params.guild === undefined ? null : pathId(params.guild, Errors.missingAccess);
  return { applicationId, botUserId: botOf(request).userId, guildId };
}

const commandOf = (params: { command: string }) => pathId(params.command, Errors.unknownCommand);

/**
 * Application commands (spec: Application commands): every route exists for global commands
 * under /applications/{application}/commands and for one guild's under
 * /applications/{application}/guilds/{guild}/commands. Only the global per-bot rate limit applies.
 */
export function registerCommandRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const commands = ctx.domain.commands;

  for (const base of ["/applications/:application/commands", "/applications/:application/guilds/:guild/commands"]) {
    app.get<{ Params: ScopeParams }>(base, async (request) => commands.list(scopeOf(request, request.params)));

    app.post<{ Params: ScopeParams }>(base, async (request, reply) => {
      const { created, command } = await commands.create(scopeOf(request, request.params), request.body);
      return reply.code(created ? 201 : 200).send(command);
    });

    app.put<{ Params: ScopeParams }>(base, async (request) =>
      commands.overwrite(scopeOf(request, request.params), request.body),
    );

    app.get<CommandParams>(`${base}/:command`, async (request) =>
      commands.get(scopeOf(request, request.params), commandOf(request.params)),
    );

    app.patch<CommandParams>(`${base}/:command`, async (request) =>
      commands.update(scopeOf(request, request.params), commandOf(request.params), request.body),
    );

    app.delete<CommandParams>(`${base}/:command`, async (request, reply) => {
      await commands.remove(scopeOf(request, request.params), commandOf(request.params));
      return reply.code(204).send();
    });
  }

  app.get<{ Params: ScopeParams }>("/applications/:application/guilds/:guild/commands/permissions", async (request) =>
    commands.permissions(scopeOf(request, request.params)),
  );
}
