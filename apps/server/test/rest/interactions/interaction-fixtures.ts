import { Permission } from "@chat/domain";
import {
  type DomainEvent,
  INTERACTION_UPDATE,
  type InteractionUpdateData,
  isPersonEvent,
  type PersonEvent,
} from "@chat/events";
import { expect } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import type { TestServer } from "../../support/harness";
import { type BotClient, botClient, type World } from "../../support/rest-fixtures";

/** Guilds and Guild Messages: what the interaction tests' bots identify with (interactions need no intent). */
export const BOT_INTENTS = Intents.Guilds | Intents.GuildMessages;

/** What a bot needs in the tests' guild: see and write (interactions themselves need nothing). */
export const BOT_PERMISSIONS = Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory;

/** Every event on the server's bus addressed to a person, kept for a test to read. */
export class PersonEvents {
  readonly events: PersonEvent[] = [];
  private readonly stop: () => void;

  constructor(bus: { subscribe(handler: (event: DomainEvent) => void): () => void }) {
    this.stop = bus.subscribe((event) => {
      if (isPersonEvent(event)) this.events.push(event);
    });
  }

  /** INTERACTION_UPDATEs of one interaction, in order. */
  updatesOf(interactionId: string): (InteractionUpdateData & { tabId?: string; personId: string })[] {
    return this.events
      .filter((e) => e.t === INTERACTION_UPDATE && (e.d as InteractionUpdateData).id === interactionId)
      .map((e) => ({
        ...(e.d as InteractionUpdateData),
        personId: e.personId,
        ...(e.tabId ? { tabId: e.tabId } : {}),
      }));
  }

  /** Resolves with the first event matching `match` (waiting up to `timeoutMs`). */
  async until<E extends PersonEvent>(match: (event: PersonEvent) => event is E, timeoutMs?: number): Promise<E>;
  async until(match: (event: PersonEvent) => boolean, timeoutMs?: number): Promise<PersonEvent>;
  async until(match: (event: PersonEvent) => boolean, timeoutMs = 10_000): Promise<PersonEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching person event; got ${this.events.map((e) => e.t).join(", ")}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The status an interaction's INTERACTION_UPDATE says, once one says it. */
  async status(
    interactionId: string,
    status: InteractionUpdateData["status"],
    timeoutMs?: number,
  ): Promise<PersonEvent> {
    return this.until(
      (e) =>
        e.t === INTERACTION_UPDATE &&
        (e.d as InteractionUpdateData).id === interactionId &&
        (e.d as InteractionUpdateData).status === status,
      timeoutMs,
    );
  }

  close(): void {
    this.stop();
  }
}

/**
 * A guild with a bot (connected to the gateway when `connect` is called), its owner, and a
 * person who is a plain member; commands registered through the bot's REST routes; people use
 * them through the domain (as the web app's tRPC procedures do).
 */
export async function interactionWorld(t: TestServer, permissions: bigint = BOT_PERMISSIONS) {
  const world = await t.seed.world(permissions);
  const bot = botClient(t, world.token);
  const member = await t.seed.person();
  await t.server.ctx.domain.members.addPerson(world.guild.id, member.id);
  const domain = t.server.ctx.domain;
  return {
    ...world,
    world,
    bot,
    member,
    domain,
    /** Registers a guild command (201), answering it. */
    async command(body: Record<string, unknown>): Promise<{ id: string; name: string; type: number }> {
      const res = await bot.post(`/applications/${world.app.application.id}/guilds/${world.guild.id}/commands`, body);
      expect(res.status, JSON.stringify(await res.clone().json())).toBeLessThan(300);
      return (await res.json()) as { id: string; name: string; type: number };
    },
    /** The bot's gateway session, past its Identify (READY and its GUILD_CREATEs received). */
    async connect(extra: Record<string, unknown> = {}, intents = BOT_INTENTS) {
      const client = await RawGatewayClient.identified(t, world.token, intents, extra);
      if (intents & Intents.Guilds) for (const _ of client.ready.d.guilds) await client.dispatch("GUILD_CREATE");
      return Object.assign(client, { sessionId: client.ready.d.session_id as string });
    },
    /** The interaction row (state, deadline, session) as stored. */
    row(id: string) {
      return t.server.ctx.database.prisma.interaction.findUniqueOrThrow({ where: { id: BigInt(id) } });
    },
    /** Slash command `commandId` used by the plain member, with `options`. */
    slash(commandId: string, options: unknown[] = [], extra: { tabId?: string; userId?: bigint } = {}) {
      return domain.interactions.useCommand(extra.userId ?? member.id, {
        channelId: world.text.id,
        commandId: BigInt(commandId),
        options: options as never,
        tabId: extra.tabId,
      });
    },
    /** The plain member clicks (or picks `values` in) component `customId` of message `messageId`. */
    click(messageId: string, customId: string, values?: string[], extra: { tabId?: string; userId?: bigint } = {}) {
      return domain.interactions.useComponent(extra.userId ?? member.id, {
        channelId: world.text.id,
        messageId: BigInt(messageId),
        customId,
        values,
        tabId: extra.tabId,
      });
    },
    /** A message of the bot in the text channel (components and all), sent through REST. */
    async botMessage(body: Record<string, unknown>): Promise<{ id: string; components: unknown[] }> {
      const res = await bot.post(`/channels/${world.text.id}/messages`, body);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
      return (await res.json()) as { id: string; components: unknown[] };
    },
  };
}

export type InteractionWorld = Awaited<ReturnType<typeof interactionWorld>>;
export type { BotClient, World };

/** A button row: `custom_id`s as given, style primary. */
export const buttons = (...customIds: string[]) => ({
  type: 1,
  components: customIds.map((id) => ({ type: 2, style: 1, label: id, custom_id: id })),
});

/** A bot's gateway client that received interactions. */
export type BotGateway = Awaited<ReturnType<InteractionWorld["connect"]>>;

/** The INTERACTION_CREATE of interaction `id` as the bot received it: its id and token and all. */
export async function receivedBy(
  gateway: BotGateway,
  id: string,
): Promise<{ id: string; token: string; application_id: string; [key: string]: any }> {
  return (await gateway.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;
}

/** POST /interactions/{id}/{token}/callback with a JSON body, no bot token (as discord.js sends it). */
export function callback(t: TestServer, interaction: { id: string; token: string }, body: unknown, query = "") {
  return fetch(`${t.base}/interactions/${interaction.id}/${interaction.token}/callback${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A request on the interaction token's webhook routes (`path` after `/webhooks/{application}/{token}`). */
export function webhook(
  t: TestServer,
  applicationId: string,
  token: string,
  method: string,
  path = "",
  body?: unknown,
) {
  return fetch(`${t.base}/webhooks/${applicationId}/${token}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
