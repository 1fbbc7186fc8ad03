import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { type TestServer, useTestServer } from "../support/harness";

type World = Awaited<ReturnType<TestServer["seed"]["world"]>>;
const all = Intents.Guilds | Intents.GuildMessages | Intents.DirectMessages;
/** (guild_id >> 22) % count: which shard a guild's events go to (spec: Sharding). */
const shardOf = (id: bigint, count: number) => Number((id >> 22n) % BigInt(count));

describe("gateway sharding", () => {
  const env = useTestServer({ world: false });
  let world: World;
  let dm: { id: bigint };
  /** A second guild of the bot, on shard 0 of 2. */
  let even: { id: bigint };
  beforeAll(async () => {
    const prisma = env.t.server.ctx.database.prisma;
    // Ids past 3 << 22: the world's guild lands on shard 1 of 2 (small ids on shard 0 are covered in gateway-ready).
    await prisma.$executeRawUnsafe(`SELECT setval('global_id_seq', ${3 << 22})`);
    world = await env.t.seed.world();
    dm = await prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: world.owner.id }, { userId: world.botUserId }] } },
    });
    await prisma.$executeRawUnsafe(`SELECT setval('global_id_seq', ${4 << 22})`);
    even = await env.t.seed.guild(world.owner.id, "Even");
    await env.t.server.ctx.domain.members.addBot(world.owner.id, even.id, world.app.application.id, 0n);
  });

  const say = (channelId: bigint, content: string) =>
    env.t.server.ctx.domain.messages.create(channelId, world.owner.id, { content });
  const shard = async (id: number, count: number) => {
    const client = await RawGatewayClient.identified(env.t, world.token, all, { shard: [id, count] });
    // Identify is over once its GUILD_CREATEs are out; writing meanwhile would overlap its
    // queries, which the embedded database cannot take (see the report).
    for (const _ of client.ready.d.guilds) await client.dispatch("GUILD_CREATE");
    return client;
  };
  const messageTexts = (frames: { t: string | null; d: any }[]) =>
    frames.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content);

  it("gives a guild to shard (guild_id >> 22) % count in READY and GUILD_CREATE", async () => {
    expect([shardOf(world.guild.id, 2), shardOf(even.id, 2)]).toEqual([1, 0]);
    const zero = await shard(0, 2);
    const one = await shard(1, 2);
    expect(zero.ready.d.guilds).toEqual([{ id: even.id.toString(), unavailable: true }]);
    expect(one.ready.d.guilds).toEqual([{ id: world.guild.id.toString(), unavailable: true }]);
    expect(zero.frames.filter((f) => f.t === "GUILD_CREATE").map((f) => f.d.id)).toEqual([even.id.toString()]);
    expect(one.frames.filter((f) => f.t === "GUILD_CREATE").map((f) => f.d.id)).toEqual([world.guild.id.toString()]);
    // With three shards: guild 3 << 22 goes to shard 0, guild 4 << 22 to shard 1.
    const three = await shard(0, 3);
    expect(three.ready.d.guilds).toEqual([{ id: world.guild.id.toString(), unavailable: true }]);
    await Promise.all([zero.close(), one.close(), three.close()]);
  });

  it("sends a guild's events to its shard only, and DM events to shard 0 only", async () => {
    const zero = await shard(0, 2);
    const one = await shard(1, 2);
    // Each write waits for its delivery: concurrent queries trip the embedded database (see report).
    await say(world.text.id, "guild words");
    await one.dispatch("MESSAGE_CREATE", (d) => d.content === "guild words");
    await say(dm.id, "dm words");
    const zeroSeen = await zero.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "dm words");
    expect(messageTexts(zeroSeen)).toEqual(["dm words"]);
    await say(world.text.id, "guild barrier");
    const oneSeen = await one.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "guild barrier");
    expect(messageTexts(oneSeen)).toEqual(["guild barrier"]);
    await Promise.all([zero.close(), one.close()]);
  });

  it("sends everything to a bot identifying as shard [0, 1]", async () => {
    const only = await shard(0, 1);
    await say(world.text.id, "to the only shard");
    await only.dispatch("MESSAGE_CREATE", (d) => d.content === "to the only shard");
    await say(dm.id, "dm to the only shard");
    await only.dispatch("MESSAGE_CREATE", (d) => d.content === "dm to the only shard");
    await only.close();
  });

  it("sends the GUILD_CREATE of a guild the bot joins while connected to that guild's shard", async () => {
    const zero = await shard(0, 2);
    const one = await shard(1, 2);
    const joined = await env.t.seed.guild(world.owner.id, "Joined later");
    await env.t.server.ctx.domain.members.addBot(
      world.owner.id,
      joined.id,
      world.app.application.id,
      Permission.ViewChannel,
    );
    const [mine, other] = shardOf(joined.id, 2) === 0 ? [zero, one] : [one, zero];
    await mine.dispatch("GUILD_CREATE", (d) => d.id === joined.id.toString());
    await say(other === zero ? dm.id : world.text.id, "join barrier");
    const seen = await other.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "join barrier");
    expect(seen.filter((f) => f.t === "GUILD_CREATE")).toEqual([]);
    await Promise.all([zero.close(), one.close()]);
  });

  it("answers Request Guild Members only for guilds of the session's shard", async () => {
    const zero = await shard(0, 2);
    const one = await shard(1, 2);
    // Requests are answered in order, so each shard's answer about its own guild is the barrier.
    const answered = async (client: RawGatewayClient, own: bigint) => {
      client.send({ op: 8, d: { guild_id: world.guild.id.toString(), query: "", limit: 0, nonce: "world" } });
      client.send({ op: 8, d: { guild_id: own.toString(), user_ids: [], nonce: "done" } });
      const frames = await client.until((f) => f.t === "GUILD_MEMBERS_CHUNK" && f.d.nonce === "done");
      return frames.some((f) => f.t === "GUILD_MEMBERS_CHUNK" && f.d.nonce === "world");
    };
    expect(await answered(one, world.guild.id)).toBe(true);
    expect(await answered(zero, even.id)).toBe(false);
    await Promise.all([zero.close(), one.close()]);
  });
});
