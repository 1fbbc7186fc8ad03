import { AuditLogEvent, ManualClock, Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { type BotClient, botClient, expectError, fixtures } from "../../support/rest-fixtures";

type WireMessage = { id: string; content: string; pinned: boolean };
type PinsPage = { items: { pinned_at: string; message: WireMessage }[]; has_more: boolean };

const BASE_PERMISSIONS = Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory;

describe("pins over REST", () => {
  const clock = new ManualClock(new Date("2026-03-01T10:00:00.000Z"));
  const env = useTestServer({ server: { clock }, world: BASE_PERMISSIONS | Permission.PinMessages });
  /** The world's bot, holding Pin Messages. */
  let pinner: BotClient;
  /** A second bot with Manage Messages but without Pin Messages. */
  let manager: BotClient;
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `pins-${++n}` })).id;
  const say = async (channelId: bigint, content = "pin me") =>
    BigInt((await fixtures(env.t).personMessage(channelId, env.world.owner.id, content)).id);
  const page = async (channelId: bigint, query = "") => {
    const res = await pinner.get(`/channels/${channelId}/messages/pins${query}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PinsPage;
    expect(validateResponse("get", "/channels/{channel_id}/messages/pins", 200, body)).toEqual([]);
    return body;
  };
  /** Pinned messages written straight to storage (set-up for the page and the 250 limit), one second apart. */
  const pinnedMessages = async (channelId: bigint, count: number) => {
    const prisma = env.t.server.ctx.database.prisma;
    const start = clock.now().getTime();
    const rows = Array.from({ length: count }, (_, i) => ({
      channelId,
      guildId: env.world.guild.id,
      authorId: env.world.owner.id,
      content: `pinned ${i}`,
      pinned: true,
      pinnedAt: new Date(start + i * 1000),
    }));
    const created = await prisma.message.createManyAndReturn({ data: rows, select: { id: true, pinnedAt: true } });
    clock.advance(count * 1000);
    return created.sort((a, b) => (a.id < b.id ? -1 : 1));
  };

  beforeAll(async () => {
    pinner = botClient(env.t, env.world.token);
    const app = await env.t.seed.bot(env.world, BASE_PERMISSIONS | Permission.ManageMessages);
    manager = botClient(env.t, app.botToken);
  });

  it("pins at both paths and answers the pins page newest pin first", async () => {
    const channel = await newChannel();
    const [a, b, c] = [await say(channel, "a"), await say(channel, "b"), await say(channel, "c")];
    const first = await pinner.put(`/channels/${channel}/messages/pins/${a}`);
    expect(first.status).toBe(204);
    expect(await first.text()).toBe("");
    const firstAt = clock.now().toISOString();
    clock.advance(60_000);
    expect((await pinner.put(`/channels/${channel}/pins/${b}`)).status).toBe(204);
    const secondAt = clock.now().toISOString();

    const body = await page(channel);
    expect(body.has_more).toBe(false);
    expect(body.items.map((i) => [i.pinned_at, i.message.id, i.message.content, i.message.pinned])).toEqual([
      [secondAt, b.toString(), "b", true],
      [firstAt, a.toString(), "a", true],
    ]);
    const single = (await (await pinner.get(`/channels/${channel}/messages/${c}`)).json()) as WireMessage;
    expect(single.pinned).toBe(false);
  });

  it("answers the older form as a plain list of pinned messages, newest pin first", async () => {
    const channel = await newChannel();
    const [a, b] = [await say(channel, "older a"), await say(channel, "older b")];
    await pinner.put(`/channels/${channel}/pins/${b}`);
    clock.advance(1000);
    await pinner.put(`/channels/${channel}/pins/${a}`);
    const res = await pinner.get(`/channels/${channel}/pins`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as WireMessage[];
    expect(validateResponse("get", "/channels/{channel_id}/pins", 200, body)).toEqual([]);
    expect(body.map((m) => [m.id, m.pinned])).toEqual([
      [a.toString(), true],
      [b.toString(), true],
    ]);
  });

  it("pages with limit (50 by default) and before, telling has_more", async () => {
    const channel = await newChannel();
    const pins = await pinnedMessages(channel, 55);
    const newestFirst = [...pins].reverse().map((p) => p.id.toString());

    const whole = await page(channel);
    expect(whole.items.map((i) => i.message.id)).toEqual(newestFirst.slice(0, 50));
    expect(whole.has_more).toBe(true);
    expect(((await (await pinner.get(`/channels/${channel}/pins`)).json()) as WireMessage[]).map((m) => m.id)).toEqual(
      newestFirst.slice(0, 50),
    );

    const two = await page(channel, "?limit=2");
    expect(two.items.map((i) => i.message.id)).toEqual(newestFirst.slice(0, 2));
    const next = await page(channel, `?limit=2&before=${encodeURIComponent(two.items[1]?.pinned_at as string)}`);
    expect(next.items.map((i) => i.message.id)).toEqual(newestFirst.slice(2, 4));
    expect(next.has_more).toBe(true);
    const last = await page(channel, `?before=${encodeURIComponent(whole.items[49]?.pinned_at as string)}`);
    expect(last.items.map((i) => i.message.id)).toEqual(newestFirst.slice(50));
    expect(last.has_more).toBe(false);
  });

  it("answers 50035 for a limit outside 1–50 or a before that is no time", async () => {
    const channel = await newChannel();
    for (const query of ["?limit=0", "?limit=51", "?before=yesterday"]) {
      const res = await pinner.get(`/channels/${channel}/messages/pins${query}`);
      expect(res.status).toBe(400);
      const field = query.startsWith("?limit") ? "limit" : "before";
      expect(await res.json()).toMatchObject({
        code: 50035,
        errors: { [field]: { _errors: [expect.objectContaining({ code: expect.any(String) })] } },
      });
    }
  });

  it("needs Pin Messages to pin and unpin: Manage Messages does not stand in", async () => {
    const channel = await newChannel();
    const id = await say(channel);
    await expectError(await manager.put(`/channels/${channel}/messages/pins/${id}`), 403, 50013);
    await expectError(await manager.put(`/channels/${channel}/pins/${id}`), 403, 50013);
    expect((await pinner.put(`/channels/${channel}/messages/pins/${id}`)).status).toBe(204);
    await expectError(await manager.delete(`/channels/${channel}/messages/pins/${id}`), 403, 50013);
    await expectError(await manager.delete(`/channels/${channel}/pins/${id}`), 403, 50013);
    expect((await page(channel)).items).toHaveLength(1);
    // Reading the pins needs View Channel only.
    expect((await manager.get(`/channels/${channel}/messages/pins`)).status).toBe(200);
  });

  it("unpins at both paths, answers 204 for a message that is not pinned, and pinning twice changes nothing", async () => {
    const channel = await newChannel();
    const [a, b] = [await say(channel, "a"), await say(channel, "b")];
    await pinner.put(`/channels/${channel}/messages/pins/${a}`);
    await pinner.put(`/channels/${channel}/pins/${b}`);
    expect((await pinner.put(`/channels/${channel}/pins/${b}`)).status).toBe(204);
    expect((await pinner.delete(`/channels/${channel}/messages/pins/${a}`)).status).toBe(204);
    expect((await pinner.delete(`/channels/${channel}/pins/${a}`)).status).toBe(204);
    expect((await page(channel)).items.map((i) => i.message.id)).toEqual([b.toString()]);
    const unpinned = (await (await pinner.get(`/channels/${channel}/messages/${a}`)).json()) as WireMessage;
    expect(unpinned.pinned).toBe(false);
  });

  it("allows 250 pins per channel: the 251st answers 30003", async () => {
    const channel = await newChannel();
    const pins = await pinnedMessages(channel, 250);
    const extra = await say(channel, "one too many");
    const res = await pinner.put(`/channels/${channel}/messages/pins/${extra}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 30003, message: expect.stringContaining("250") });

    expect((await pinner.delete(`/channels/${channel}/pins/${pins[0]?.id}`)).status).toBe(204);
    expect((await pinner.put(`/channels/${channel}/pins/${extra}`)).status).toBe(204);
    expect(await env.t.server.ctx.database.prisma.message.count({ where: { channelId: channel, pinned: true } })).toBe(
      250,
    );
  });

  it("keeps the 250-pin limit when two pins arrive at once", async () => {
    const channel = await newChannel();
    await pinnedMessages(channel, 249);
    const [a, b] = [await say(channel, "a"), await say(channel, "b")];
    const outcomes = await Promise.allSettled([
      env.t.server.ctx.domain.pins.pin(channel, a, env.world.botUserId),
      env.t.server.ctx.domain.pins.pin(channel, b, env.world.botUserId),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: { code: 30003 } });
    expect(await env.t.server.ctx.database.prisma.message.count({ where: { channelId: channel, pinned: true } })).toBe(
      250,
    );
  });

  it("records pins and unpins in the guild's audit log", async () => {
    const channel = await newChannel();
    const id = await say(channel);
    await pinner.put(`/channels/${channel}/pins/${id}`);
    await pinner.delete(`/channels/${channel}/pins/${id}`);
    const entries = await env.t.server.ctx.database.prisma.auditLogEntry.findMany({
      where: { guildId: env.world.guild.id, targetId: env.world.owner.id },
      orderBy: { id: "asc" },
    });
    const mine = entries.filter((e) => (e.options as { message_id?: string } | null)?.message_id === id.toString());
    expect(mine.map((e) => [e.actionType, e.userId])).toEqual([
      [AuditLogEvent.MessagePin, env.world.botUserId],
      [AuditLogEvent.MessageUnpin, env.world.botUserId],
    ]);
    expect(mine[0]?.options).toEqual({ channel_id: channel.toString(), message_id: id.toString() });
  });

  it("sends CHANNEL_PINS_UPDATE on pin and unpin with the latest pin's time, and none when nothing changed", async () => {
    const channel = await newChannel();
    const [a, b] = [await say(channel, "a"), await say(channel, "b")];
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    await client.dispatch("GUILD_CREATE");
    try {
      await pinner.put(`/channels/${channel}/pins/${a}`);
      const aAt = clock.now().toISOString();
      const pinned = await client.dispatch("CHANNEL_PINS_UPDATE");
      expect(pinned.d).toEqual({
        guild_id: env.world.guild.id.toString(),
        channel_id: channel.toString(),
        last_pin_timestamp: aAt,
      });

      clock.advance(5000);
      await pinner.put(`/channels/${channel}/pins/${a}`); // already pinned: no event
      await pinner.put(`/channels/${channel}/pins/${b}`);
      const bAt = clock.now().toISOString();
      const frames = await client.until((f) => f.t === "CHANNEL_PINS_UPDATE");
      expect(frames.filter((f) => f.t === "CHANNEL_PINS_UPDATE").map((f) => f.d.last_pin_timestamp)).toEqual([bAt]);

      await pinner.delete(`/channels/${channel}/pins/${b}`);
      expect((await client.dispatch("CHANNEL_PINS_UPDATE")).d.last_pin_timestamp).toBe(aAt);
      await pinner.delete(`/channels/${channel}/pins/${a}`);
      expect((await client.dispatch("CHANNEL_PINS_UPDATE")).d).toEqual({
        guild_id: env.world.guild.id.toString(),
        channel_id: channel.toString(),
        last_pin_timestamp: null,
      });
    } finally {
      await client.close();
    }
  });

  it("answers 50003 for every pin route in a DM", async () => {
    const prisma = env.t.server.ctx.database.prisma;
    const dm = await prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: env.world.botUserId }] } },
    });
    const id = BigInt((await env.t.server.ctx.domain.messages.create(dm.id, env.world.owner.id, { content: "dm" })).id);
    const answers = [
      await pinner.get(`/channels/${dm.id}/messages/pins`),
      await pinner.get(`/channels/${dm.id}/pins`),
      await pinner.put(`/channels/${dm.id}/messages/pins/${id}`),
      await pinner.put(`/channels/${dm.id}/pins/${id}`),
      await pinner.delete(`/channels/${dm.id}/messages/pins/${id}`),
      await pinner.delete(`/channels/${dm.id}/pins/${id}`),
    ];
    for (const res of answers) await expectError(res, 403, 50003);
  });

  it("answers 10008 for a message of another channel and 10003 for a hidden channel", async () => {
    const [channel, other, hidden] = [await newChannel(), await newChannel(), await newChannel()];
    const elsewhere = await say(other);
    await expectError(await pinner.put(`/channels/${channel}/pins/${elsewhere}`), 404, 10008);
    await expectError(await pinner.delete(`/channels/${channel}/messages/pins/${elsewhere}`), 404, 10008);
    await expectError(await pinner.put(`/channels/${channel}/pins/99999999`), 404, 10008);

    const secret = await say(hidden);
    await fixtures(env.t).hideFromEveryone(hidden, env.world.guild.id);
    await expectError(await pinner.put(`/channels/${hidden}/pins/${secret}`), 404, 10003);
    await expectError(await pinner.get(`/channels/${hidden}/messages/pins`), 404, 10003);
    await expectError(await pinner.get(`/channels/${hidden}/pins`), 404, 10003);
  });

  it("limits pin and unpin together, at both paths, to 5 per 5 s per channel: the sixth answers 429 while another channel is unaffected", async () => {
    const [busy, quiet] = [await newChannel(), await newChannel()];
    const [a, b, other] = [await say(busy), await say(busy), await say(quiet)];
    // A bot of its own, holding Pin Messages as the world's: this file's earlier tests spent the
    // world bot's global 50 per second, a limit the burst below must not meet instead of the pins' own.
    const burster = botClient(
      env.t,
      (await env.t.seed.bot(env.world, BASE_PERMISSIONS | Permission.PinMessages)).botToken,
    );
    const answers = [
      await burster.put(`/channels/${busy}/pins/${a}`),
      await burster.put(`/channels/${busy}/messages/pins/${b}`),
      await burster.delete(`/channels/${busy}/pins/${a}`),
      await burster.delete(`/channels/${busy}/messages/pins/${b}`),
      await burster.put(`/channels/${busy}/pins/${a}`),
    ];
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["4", "3", "2", "1", "0"]);

    const limited = await burster.delete(`/channels/${busy}/messages/pins/${a}`);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-bucket")).toBe(answers[0]?.headers.get("x-ratelimit-bucket"));
    const body = await limited.json();
    expect(body).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    expect(body.retry_after).toBeGreaterThan(0);
    // The refused unpin did not happen.
    expect((await page(busy)).items.map((i) => i.message.id)).toEqual([a.toString()]);

    const elsewhere = await burster.put(`/channels/${quiet}/pins/${other}`);
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get("x-ratelimit-remaining")).toBe("4");
  });
});
