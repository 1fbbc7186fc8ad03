import { randomBytes } from "node:crypto";
import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

describe("gateway Request Guild Members (op 8) and GUILD_MEMBERS_CHUNK", () => {
  const env = useTestServer();
  const prefix = `m${randomBytes(3).toString("hex")}`;
  let alice: { id: bigint };
  let alicia: { id: bigint };
  let nicked: { id: bigint };
  beforeAll(async () => {
    alice = await env.t.seed.person(`${prefix}_alice`);
    alicia = await env.t.seed.person(`${prefix}_alicia`);
    nicked = await env.t.seed.person(`zz${prefix}_someone`);
    for (const person of [alice, alicia, nicked])
      await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);
    await env.t.server.ctx.database.prisma.member.update({
      where: { guildId_userId: { guildId: env.world.guild.id, userId: nicked.id } },
      data: { nick: `${prefix.toUpperCase()}_Nick` },
    });
  });

  const guildId = () => env.world.guild.id.toString();
  const request = (client: RawGatewayClient, d: Record<string, unknown>) =>
    client.send({ op: 8, d: { guild_id: guildId(), ...d } });
  /** The GUILD_MEMBERS_CHUNKs up to the last one answering `nonce` (other frames left out). */
  const chunks = async (client: RawGatewayClient, nonce: string) =>
    (
      await client.until(
        (f) => f.t === "GUILD_MEMBERS_CHUNK" && f.d.nonce === nonce && f.d.chunk_index === f.d.chunk_count - 1,
      )
    ).filter((f) => f.t === "GUILD_MEMBERS_CHUNK");
  const idsOf = (chunk: any) => chunk.members.map((m: any) => m.user.id);

  it("answers a query with the members whose username or nickname starts with it, case-insensitively, whatever the intents", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    request(client, { query: prefix.toUpperCase(), limit: 10, nonce: "q1" });
    const [chunk] = await chunks(client, "q1");
    expect(chunk).toMatchObject({ op: 0, t: "GUILD_MEMBERS_CHUNK", s: 2 });
    expect(chunk!.d).toMatchObject({ guild_id: guildId(), chunk_index: 0, chunk_count: 1, nonce: "q1" });
    expect(idsOf(chunk!.d).sort()).toEqual([alice.id, alicia.id, nicked.id].map(String).sort());
    expect(chunk!.d).not.toHaveProperty("not_found");
    expect(chunk!.d).not.toHaveProperty("presences");
    expect(chunk!.d.members[0]).toMatchObject({
      user: { id: expect.any(String), username: expect.any(String) },
      roles: expect.any(Array),
      joined_at: expect.any(String),
    });

    request(client, { query: `${prefix}_alice`, limit: 10, nonce: "q2" });
    expect(idsOf((await chunks(client, "q2"))[0]!.d)).toEqual([alice.id.toString()]);
    request(client, { query: "no-such-member", limit: 10, nonce: "q3" });
    expect((await chunks(client, "q3"))[0]!.d).toMatchObject({ members: [], chunk_index: 0, chunk_count: 1 });
    await client.close();
  });

  it("answers an empty query with limit 0 with every member, and a limit with at most that many", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMembers);
    request(client, { query: "", limit: 0, nonce: "all" });
    const all = idsOf((await chunks(client, "all"))[0]!.d);
    expect(all.sort()).toEqual(
      [env.world.owner.id, env.world.botUserId, alice.id, alicia.id, nicked.id].map(String).sort(),
    );
    request(client, { query: "", limit: 2, nonce: "two" });
    expect(idsOf((await chunks(client, "two"))[0]!.d)).toHaveLength(2);
    await client.close();
  });

  it("answers user_ids with the members found and the rest in not_found", async () => {
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    const outsider = await env.t.seed.person();
    const asked = [alice.id.toString(), outsider.id.toString(), "99999999999", env.world.botUserId.toString()];
    request(client, { user_ids: asked, nonce: "ids" });
    const [chunk] = await chunks(client, "ids");
    expect(idsOf(chunk!.d).sort()).toEqual([alice.id.toString(), env.world.botUserId.toString()].sort());
    expect(chunk!.d.not_found.sort()).toEqual([outsider.id.toString(), "99999999999"].sort());

    request(client, { user_ids: alicia.id.toString(), nonce: "one" });
    expect((await chunks(client, "one"))[0]!.d).toMatchObject({
      not_found: [],
      members: [{ user: { id: alicia.id.toString() } }],
    });
    await client.close();
  });

  it("answers each listed guild the bot is in and ignores the others", async () => {
    const second = await env.t.seed.guild(env.world.owner.id, "Second");
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      second.id,
      env.world.app.application.id,
      Permission.ViewChannel,
    );
    const stranger = await env.t.seed.world();
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    request(client, {
      guild_id: [guildId(), stranger.guild.id.toString(), second.id.toString()],
      query: "",
      limit: 0,
      nonce: "many",
    });
    request(client, { user_ids: [env.world.botUserId.toString()], nonce: "barrier" });
    const seen = await chunks(client, "barrier");
    const answered = seen.filter((f) => f.d.nonce === "many").map((f) => f.d.guild_id);
    expect(answered.sort()).toEqual([guildId(), second.id.toString()].sort());
    await client.close();
  });

  it("includes presences only when asked and the session holds Guild Presences", async () => {
    const holder = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildPresences);
    const other = await RawGatewayClient.identified(env.t, env.world.token, 0);
    await holder.dispatch(
      "PRESENCE_UPDATE",
      (d) => d.user.id === env.world.botUserId.toString() && d.status === "online",
    );
    request(holder, { user_ids: [env.world.botUserId.toString(), alice.id.toString()], presences: true, nonce: "p1" });
    const [withPresences] = await chunks(holder, "p1");
    // The bot is connected (online); people have no presence tracking yet.
    expect(withPresences!.d.presences).toEqual([
      {
        user: { id: env.world.botUserId.toString() },
        guild_id: guildId(),
        status: "online",
        activities: [],
        client_status: { web: "online" },
      },
    ]);
    request(other, { user_ids: [env.world.botUserId.toString()], presences: true, nonce: "p2" });
    expect((await chunks(other, "p2"))[0]!.d).not.toHaveProperty("presences");
    await Promise.all([holder.close(), other.close()]);
  });

  it("sends GUILD_MEMBERS_CHUNK events of at most 1000 members with chunk_index and chunk_count", async () => {
    const big = await env.t.seed.guild(env.world.owner.id, "Big");
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      big.id,
      env.world.app.application.id,
      Permission.ViewChannel,
    );
    const prisma = env.t.server.ctx.database.prisma;
    const tag = randomBytes(3).toString("hex");
    await prisma.user.createMany({ data: Array.from({ length: 2100 }, (_, i) => ({ username: `crowd_${tag}_${i}` })) });
    const crowd = await prisma.user.findMany({
      where: { username: { startsWith: `crowd_${tag}_` } },
      select: { id: true },
    });
    await prisma.member.createMany({ data: crowd.map((u) => ({ guildId: big.id, userId: u.id })) });

    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.GuildMembers);
    request(client, { guild_id: big.id.toString(), query: "", limit: 0, nonce: "big" });
    const seen = await chunks(client, "big");
    expect(seen.map((f) => [f.d.chunk_index, f.d.chunk_count, f.d.members.length])).toEqual([
      [0, 3, 1000],
      [1, 3, 1000],
      [2, 3, 102],
    ]);
    const ids = seen.flatMap((f) => idsOf(f.d));
    expect(new Set(ids).size).toBe(2102);
    await client.close();
  });

  it("closes 4002 on a request without a guild, without query or user_ids, or with more than 100 user_ids", async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => String(900_000_000 + i)); // no such users
    for (const d of [
      { guild_id: undefined, query: "", limit: 0 },
      { limit: 5 },
      { query: "a" },
      { user_ids: tooMany },
      { user_ids: ["x"] },
    ]) {
      const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
      request(client, d);
      expect((await client.closed).code, JSON.stringify(d)).toBe(4002);
    }
    const client = await RawGatewayClient.identified(env.t, env.world.token, 0);
    request(client, { user_ids: tooMany.slice(0, 100), nonce: "hundred" });
    expect((await chunks(client, "hundred"))[0]!.d.not_found).toHaveLength(100);
    await client.close();
  });
});
