import { countQueries, type QueryCounter, queriesWithOneAndMany } from "@chat/db/testing/query-counter";
import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/**
 * Design: who receives an event is decided once per event, in batch, for every session of the
 * node. The database statements one event causes, from its emitter until the last session has
 * its dispatch, are as many for 20 connected sessions as for one, whether they are one bot's
 * sessions or 20 bots'. No timer of the server's touches the database meanwhile.
 */
describe("database queries per gateway event", () => {
  const env = useTestServer({
    world: false,
    server: {
      housekeepingIntervalMs: 0,
      interactionDeadlineIntervalMs: 0,
      gateway: { maxSessionsPerBot: 20, heartbeatTimeoutMs: 600_000 },
    },
  });
  const BOTS = 20;
  const INTENTS = Intents.Guilds | Intents.GuildMembers | Intents.GuildMessages;
  let queries: QueryCounter;
  let owner: bigint;
  const bots: { applicationId: bigint; userId: string; token: string }[] = [];

  beforeAll(async () => {
    owner = (await env.t.seed.person()).id;
    for (let i = 0; i < BOTS; i++) {
      const app = await env.t.seed.app(owner);
      bots.push({ applicationId: app.application.id, userId: app.botUser.id.toString(), token: app.botToken });
    }
    queries = countQueries();
  });
  afterAll(() => queries?.stop());

  type Guild = { guildId: string; channelId: bigint };

  /** A new guild of the owner's with every bot in it, and its first text channel. */
  async function guildOfEveryBot(): Promise<Guild> {
    const guild = await env.t.seed.guild(owner);
    for (const bot of bots)
      await env.t.server.ctx.domain.members.addBot(owner, guild.id, bot.applicationId, Permission.ViewChannel);
    return { guildId: guild.id.toString(), channelId: guild.channels.find((c) => c.type === 0)!.id };
  }

  interface Scenario {
    act(guild: Guild): Promise<unknown>;
    /** The dispatch a session of `botUserId` waits for: its name, and a check of `d`. */
    arrives(
      guild: Guild,
      botUserId: string,
    ): [string, (d: { id?: string; guild_id?: string; channel_id?: string }) => boolean];
  }

  const domain = () => env.t.server.ctx.domain;
  const scenarios: Record<string, Scenario> = {
    MESSAGE_CREATE: {
      act: ({ channelId }) => domain().messages.create(channelId, owner, { content: "counted" }),
      arrives: ({ channelId }) => ["MESSAGE_CREATE", (d) => d.channel_id === channelId.toString()],
    },
    "GUILD_DELETE of a kick": {
      act: ({ guildId }) => domain().members.kick(owner, BigInt(guildId), BigInt(bots[0]!.userId)),
      arrives: ({ guildId }, botUserId) =>
        botUserId === bots[0]!.userId
          ? ["GUILD_DELETE", (d) => d.id === guildId]
          : ["GUILD_MEMBER_REMOVE", (d) => d.guild_id === guildId],
    },
    "GUILD_DELETE of the guild's deletion": {
      act: ({ guildId }) => domain().guildSettings.remove(owner, BigInt(guildId)),
      arrives: ({ guildId }) => ["GUILD_DELETE", (d) => d.id === guildId],
    },
  };

  const sessionOwners = {
    "one bot's sessions": (count: number) => Array.from({ length: count }, () => bots[0]!),
    "different bots' sessions": (count: number) => bots.slice(0, count),
  };

  /** The statements of one scenario's event with a session connected for each of `of`, until every session has its dispatch. */
  async function queriesPerEvent(scenario: Scenario, of: typeof bots): Promise<number> {
    const guild = await guildOfEveryBot();
    const sessions: { client: RawGatewayClient; botUserId: string }[] = [];
    for (const bot of of) {
      const client = await RawGatewayClient.identified(env.t, bot.token, INTENTS);
      await client.dispatch("GUILD_CREATE", (d) => d.id === guild.guildId);
      sessions.push({ client, botUserId: bot.userId });
    }
    try {
      return await queries.during(async () => {
        await scenario.act(guild);
        await Promise.all(
          sessions.map(({ client, botUserId }) => {
            const [name, matches] = scenario.arrives(guild, botUserId);
            return client.dispatch(name, matches);
          }),
        );
      });
    } finally {
      await Promise.all(sessions.map(({ client }) => client.close()));
    }
  }

  for (const [event, scenario] of Object.entries(scenarios)) {
    for (const [whose, owners] of Object.entries(sessionOwners)) {
      it(`${event}: as many with 20 of ${whose} connected as with one`, async () => {
        const queried = await queriesWithOneAndMany((count) => queriesPerEvent(scenario, owners(count)));
        expect(queried.one).toBeGreaterThan(0);
        expect(queried.many).toBe(queried.one);
      });
    }
  }
});
