import net from "node:net";
import { createPrismaClient } from "@chat/db";
import type { DispatchEvent } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Audience } from "../src/audience/audience";
import type { ChannelViewers } from "../src/audience/channel-viewers";

/** A loopback port that refuses connections, as a stopped database's does. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const listener = (userId: string) => ({ userId, guildIds: new Set(["5"]), handlesDirectMessages: false });
// Only what the audience reads: its kind and where it happened.
const message = {
  t: GatewayDispatchEvents.MessageCreate,
  d: { content: "hi" },
  id: "e1",
  guildId: "5",
  channelId: "6",
} as unknown as DispatchEvent;

describe("an audience check while the database is unreachable", () => {
  let dead: ReturnType<typeof createPrismaClient>;
  beforeAll(async () => {
    dead = createPrismaClient(`postgresql://postgres@127.0.0.1:${await refusingPort()}/postgres`, 1);
  });
  afterAll(async () => {
    await dead.$disconnect();
  });
  /** Viewers read from the dead database `failures` times (its real error), then the channel's viewers. */
  const recovering = (failures: number, viewers: string[]): { read: ChannelViewers; calls: () => number } => {
    let calls = 0;
    return {
      calls: () => calls,
      read: async () => {
        calls += 1;
        if (calls <= failures) await dead.$queryRawUnsafe("SELECT 1");
        return new Set(viewers);
      },
    };
  };

  it("waits for the database and then decides, so the event is delayed rather than lost", async () => {
    const viewers = recovering(2, ["1"]);
    const chosen = await new Audience(viewers.read).visibleAmong(message, [listener("1"), listener("2")]);
    expect(chosen.map((l) => l.userId)).toEqual(["1"]);
    expect(viewers.calls()).toBe(3);
  });

  it("goes to nobody when the database stays away past the wait, or the check fails otherwise", async () => {
    const away = recovering(1_000, ["1"]);
    expect(await new Audience(away.read, 300).visibleAmong(message, [listener("1")])).toEqual([]);
    expect(away.calls()).toBeGreaterThan(1);
    let calls = 0;
    const broken: ChannelViewers = async () => {
      calls += 1;
      throw new Error("a statement that failed");
    };
    expect(await new Audience(broken).visibleAmong(message, [listener("1")])).toEqual([]);
    expect(calls).toBe(1);
  });
});
