import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SerializedEvent } from "../../src/gateway/connection/payloads";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";
import { partialDispatch } from "../support/partial-dispatch";

/**
 * Design rule: an event is serialized once, then the same bytes (or the same compression
 * input) go to every receiving connection. Counted with a spy on JSON.stringify while one
 * MESSAGE_CREATE reaches one connection, then twelve (plain and zlib-stream mixed).
 */
describe("gateway fan-out serializes each event once", () => {
  const env = useTestServer();
  afterEach(() => vi.restoreAllMocks());

  /** Publishes a MESSAGE_CREATE with a unique content and counts the JSON.stringify calls made on its `d`. */
  async function broadcast(clients: RawGatewayClient[], content: string): Promise<number> {
    const stringify = vi.spyOn(JSON, "stringify");
    const d = {
      id: "1",
      channel_id: env.world.text.id.toString(),
      guild_id: env.world.guild.id.toString(),
      content,
      author: { id: env.world.owner.id.toString() },
    };
    await env.t.server.ctx.bus.publish(
      partialDispatch(GatewayDispatchEvents.MessageCreate, d, {
        guildId: env.world.guild.id.toString(),
        channelId: env.world.text.id.toString(),
      }),
    );
    for (const client of clients) await client.dispatch("MESSAGE_CREATE", (x) => x.content === content);
    const calls = stringify.mock.calls.filter(
      ([value]) => (value as { content?: unknown } | null)?.content === content,
    ).length;
    stringify.mockRestore();
    return calls;
  }

  it("once for one receiver and once for twelve, and every connection gets the same data bytes", async () => {
    const connect = (compressed: boolean) =>
      RawGatewayClient.identified(
        env.t,
        env.world.token,
        Intents.Guilds | Intents.GuildMessages,
        {},
        compressed ? "?v=10&encoding=json&compress=zlib-stream" : undefined,
      );
    const first = await connect(false);
    await first.dispatch("GUILD_CREATE");
    expect(await broadcast([first], "to one")).toBe(1);

    const more = [];
    for (let i = 0; i < 11; i++) more.push(await connect(i % 2 === 1));
    for (const client of more) await client.dispatch("GUILD_CREATE");
    const all = [first, ...more];
    expect(await broadcast(all, "to twelve")).toBe(1);

    const dataOf = (client: RawGatewayClient) => {
      const text = client.texts.find((x) => x.includes('"to twelve"')) as string;
      return text.slice(text.indexOf('"d":'));
    };
    expect(new Set(all.map(dataOf)).size).toBe(1);
    for (const client of all) await client.close();
  });

  it("builds each connection's frame from the shared bytes: only the sequence number differs", () => {
    const event = new SerializedEvent("MESSAGE_CREATE", { content: "é and ✓" });
    const stringify = vi.spyOn(JSON, "stringify");
    const frames = [1, 2, 1000].map((s) => event.frameBytes(s));
    expect(
      stringify.mock.calls.filter(([value]) => (value as { content?: unknown } | null)?.content === "é and ✓"),
    ).toHaveLength(1);
    expect(frames.map((f) => JSON.parse(f.toString("utf8")))).toEqual(
      [1, 2, 1000].map((s) => ({ t: "MESSAGE_CREATE", s, op: 0, d: { content: "é and ✓" } })),
    );
    expect(frames[2]?.toString("utf8")).toBe(event.frame(1000));
  });
});
