import { countQueries, type QueryCounter, queriesWithOneAndMany } from "@chat/db/testing/query-counter";
import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

/**
 * Identify's database reads are shared by the sessions that identify while nothing changed
 * them (sessions/identify-reads.ts): many sessions of one bot cost the statements of one, and
 * an Identify after a change this node heard of reads afresh.
 */
describe("gateway Identify reads", () => {
  const env = useTestServer({
    server: { housekeepingIntervalMs: 0, interactionDeadlineIntervalMs: 0, gateway: { maxSessionsPerBot: 20 } },
  });
  let queries: QueryCounter;
  beforeAll(() => {
    queries = countQueries();
  });
  afterAll(() => queries?.stop());

  const identify = (token: string) => RawGatewayClient.identified(env.t, token, Intents.Guilds);

  it("20 sessions of one bot identifying at once send as many statements as one", async () => {
    const statements = async (count: number) => {
      const app = await env.t.seed.bot(env.world, Permission.ViewChannel);
      const clients: RawGatewayClient[] = [];
      const counted = await queries.during(async () => {
        clients.push(...(await Promise.all(Array.from({ length: count }, () => identify(app.botToken)))));
        const creates = await Promise.all(clients.map((client) => client.dispatch("GUILD_CREATE")));
        const botId = app.botUser.id.toString();
        for (const created of creates) {
          expect(created.d.id).toBe(env.world.guild.id.toString());
          expect(created.d.members.map((m: { user: { id: string } }) => m.user.id)).toContain(botId);
        }
      });
      await Promise.all(clients.map((client) => client.close()));
      return counted;
    };
    const counted = await queriesWithOneAndMany(statements);
    expect(counted.one).toBeGreaterThan(0);
    expect(counted.many).toBe(counted.one);
  });

  it("an Identify after a change to the guild gets a GUILD_CREATE with it", async () => {
    const first = await identify(env.world.token);
    await first.dispatch("GUILD_CREATE");
    const channel = await env.t.server.ctx.domain.channels.create(env.world.guild.id, env.world.owner.id, {
      name: "after-first",
      type: 0,
    });
    await first.dispatch("CHANNEL_CREATE", (d) => d.id === channel.id);
    const second = await identify(env.world.token);
    const created = await second.dispatch("GUILD_CREATE");
    expect(created.d.channels.map((c: { id: string }) => c.id)).toContain(channel.id);
    await Promise.all([first.close(), second.close()]);
  });

  it("an Identify after the bot joined another guild lists it in READY and sends its GUILD_CREATE", async () => {
    const first = await identify(env.world.token);
    await first.dispatch("GUILD_CREATE");
    const guild = await env.t.seed.guild(env.world.owner.id, "Joined later");
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      guild.id,
      env.world.app.application.id,
      Permission.ViewChannel,
    );
    await first.dispatch("GUILD_CREATE", (d) => d.id === guild.id.toString());
    const second = await identify(env.world.token);
    expect(second.ready.d.guilds.map((g: { id: string }) => g.id).sort()).toEqual(
      [env.world.guild.id.toString(), guild.id.toString()].sort(),
    );
    await second.dispatch("GUILD_CREATE", (d) => d.id === guild.id.toString());
    await Promise.all([first.close(), second.close()]);
  });

  it("a token reset refuses the old token at once, though it was just read", async () => {
    const other = await env.t.seed.world();
    const first = await identify(other.token);
    await first.dispatch("GUILD_CREATE");
    const fresh = await env.t.server.ctx.domain.applications.resetBotToken(other.owner.id, other.app.application.id);
    expect((await first.closed).code).toBe(4004);
    const stale = await RawGatewayClient.connect(env.t);
    await stale.next((f) => f.op === 10);
    stale.send({
      op: 2,
      d: { token: other.token, intents: Intents.Guilds, properties: { os: "linux", browser: "test", device: "test" } },
    });
    expect((await stale.closed).code).toBe(4004);
    const renewed = await identify(fresh);
    expect(renewed.ready.d.user.id).toBe(other.botUserId.toString());
    await renewed.dispatch("GUILD_CREATE");
    await renewed.close();
  });
});
