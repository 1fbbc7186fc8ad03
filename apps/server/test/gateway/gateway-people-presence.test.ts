import { Permission } from "@chat/domain";
import { internalSecret } from "@chat/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Frame, Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";
import { startWebNode, type WebNode } from "../support/web-node";

/** How long a closed tab keeps its person online on these tests' web processes. */
const GRACE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("people's presence from their open tabs, as bots and tabs see it", () => {
  const env = useTestServer();
  let web: WebNode;
  let otherWeb: WebNode;
  /** A second bot in the world's guild, holding Guild Presences. */
  let watcher: { token: string; applicationId: bigint };
  beforeAll(async () => {
    const app = await env.t.seed.bot(env.world, Permission.ViewChannel | Permission.SendMessages);
    watcher = { token: app.botToken, applicationId: app.application.id };
    web = await startWebNode(env.t, { tabGraceMs: GRACE_MS });
    otherWeb = await startWebNode(env.t, { tabGraceMs: GRACE_MS });
  });
  afterAll(async () => {
    await web?.close();
    await otherWeb?.close();
  });

  const domain = () => env.t.server.ctx.domain;
  /** A new person, member of the world's guild and of `guildIds`. */
  const person = async (...guildIds: bigint[]) => {
    const user = await env.t.seed.person();
    for (const guildId of [env.world.guild.id, ...guildIds]) await domain().members.addPerson(guildId, user.id);
    return user;
  };
  const watch = async (
    intents = Intents.Guilds | Intents.GuildPresences | Intents.GuildMessages,
    token = watcher.token,
  ) => {
    const client = await RawGatewayClient.identified(env.t, token, intents);
    const created = await client.dispatch("GUILD_CREATE", (d) => d.id === env.world.guild.id.toString());
    return Object.assign(client, { created });
  };
  const presenceOf = (client: RawGatewayClient, userId: bigint, status: string, guildId = env.world.guild.id) =>
    client
      .dispatch(
        "PRESENCE_UPDATE",
        (d) => d.user.id === userId.toString() && d.status === status && d.guild_id === guildId.toString(),
      )
      .then((f) => f.d);
  /** Every frame the client got up to a message posted now in the world's guild. */
  const barrier = async (client: RawGatewayClient) => {
    const message = await domain().messages.create(env.world.text.id, env.world.owner.id, { content: "barrier" });
    return client.until((f) => f.t === "MESSAGE_CREATE" && f.d.id === message.id);
  };
  const presencesIn = (frames: Frame[], userId: bigint) =>
    frames.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === userId.toString()).map((f) => f.d.status);

  it("brings a person online with their first tab: a bot holding Guild Presences gets PRESENCE_UPDATE online for each guild they share", async () => {
    const shared = await env.t.seed.guild(env.world.owner.id, "Shared with the watcher");
    await domain().members.addBot(env.world.owner.id, shared.id, watcher.applicationId, Permission.ViewChannel);
    const unshared = await env.t.seed.guild(env.world.owner.id, "Without the watcher");
    const someone = await person(shared.id, unshared.id);
    const observer = await watch();

    const tab = await web.openTab(someone.id);
    for (const guildId of [env.world.guild.id, shared.id]) {
      expect(await presenceOf(observer, someone.id, "online", guildId)).toEqual({
        user: { id: someone.id.toString() },
        guild_id: guildId.toString(),
        status: "online",
        activities: [],
        client_status: { web: "online" },
      });
    }
    const seen = await barrier(observer);
    expect(seen.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.guild_id === unshared.id.toString())).toEqual([]);
    tab.close();
    await presenceOf(observer, someone.id, "offline");
    await observer.close();
  });

  it("sends people's presences to no bot without Guild Presences", async () => {
    const someone = await person();
    const holder = await watch();
    const without = await watch(Intents.Guilds | Intents.GuildMessages, env.world.token);
    const tab = await web.openTab(someone.id);
    await presenceOf(holder, someone.id, "online");
    tab.close();
    await presenceOf(holder, someone.id, "offline");
    expect(presencesIn(await barrier(without), someone.id)).toEqual([]);
    await Promise.all([holder.close(), without.close()]);
  });

  it("keeps a person online while another of their tabs is open, and shows them offline the grace after the last one closes, not before", async () => {
    const someone = await person();
    const observer = await watch();
    const first = await web.openTab(someone.id);
    await presenceOf(observer, someone.id, "online");
    const second = await web.openTab(someone.id);
    first.close();
    await sleep(GRACE_MS + 500);
    expect(presencesIn(await barrier(observer), someone.id)).toEqual([]);

    second.close();
    const closedAt = Date.now();
    await presenceOf(observer, someone.id, "offline");
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 20);
    await observer.close();
  });

  it("does not flap when a tab is reloaded within the grace", async () => {
    const someone = await person();
    const observer = await watch();
    const before = await web.openTab(someone.id);
    await presenceOf(observer, someone.id, "online");
    before.close();
    const after = await web.openTab(someone.id);
    await sleep(GRACE_MS + 500);
    expect(presencesIn(await barrier(observer), someone.id)).toEqual([]);
    after.close();
    await presenceOf(observer, someone.id, "offline");
    await observer.close();
  });

  it("keeps a person with tabs on two web processes online until both are closed", async () => {
    const someone = await person();
    const observer = await watch();
    const here = await web.openTab(someone.id);
    await presenceOf(observer, someone.id, "online");
    const there = await otherWeb.openTab(someone.id);
    here.close();
    await sleep(GRACE_MS + 500);
    expect(presencesIn(await barrier(observer), someone.id)).toEqual([]);
    there.close();
    await presenceOf(observer, someone.id, "offline");
    expect(presencesIn(await barrier(observer), someone.id)).toEqual([]);
    await observer.close();
  });

  it("lists an online person in GUILD_CREATE presences and in member chunks with presences", async () => {
    const someone = await person();
    const observer = await watch();
    const tab = await web.openTab(someone.id);
    await presenceOf(observer, someone.id, "online");
    const holder = await watch();
    const expected = {
      user: { id: someone.id.toString() },
      guild_id: env.world.guild.id.toString(),
      status: "online",
      activities: [],
      client_status: { web: "online" },
    };
    expect(holder.created.d.presences).toContainEqual(expected);
    holder.send({
      op: 8,
      d: {
        guild_id: env.world.guild.id.toString(),
        user_ids: [someone.id.toString()],
        presences: true,
        nonce: "people",
      },
    });
    expect((await holder.dispatch("GUILD_MEMBERS_CHUNK", (d) => d.nonce === "people")).d.presences).toEqual([expected]);
    tab.close();
    await presenceOf(observer, someone.id, "offline");
    await Promise.all([observer.close(), holder.close()]);
  });

  it("shows each member's status in guilds.members: people online by their tabs, bots by their gateway status, even one set before the web process started", async () => {
    const [online, offline] = [await person(), await person()];
    const observer = await watch();
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0, {
      presence: { status: "idle", since: null, activities: [], afk: false },
    });
    await observer.dispatch(
      "PRESENCE_UPDATE",
      (d) => d.user.id === env.world.botUserId.toString() && d.status === "idle",
    );
    const late = await startWebNode(env.t, { tabGraceMs: GRACE_MS });
    try {
      const tab = await late.openTab(online.id);
      await presenceOf(observer, online.id, "online");
      const members = await late
        .caller(await late.signIn(offline.id))
        .guilds.members({ guildId: env.world.guild.id.toString() });
      const statusOf = (userId: bigint | string) => members.find((m) => m.user.id === userId.toString())?.status;
      expect(statusOf(online.id)).toBe("online");
      expect(statusOf(env.world.botUserId)).toBe("idle");
      expect(statusOf(observer.ready.d.user.id)).toBe("online");
      expect(statusOf(offline.id)).toBe("offline");
      tab.close();
      await presenceOf(observer, online.id, "offline");
    } finally {
      await late.close();
    }
    await bot.close();
    await observer.close();
  });

  it("answers the internal presence API only with the event hub's secret, and not at all on Redis (the web app reads Redis itself)", async () => {
    const call = (authorization: string) =>
      fetch(`${env.t.server.url}/internal/presence/statuses`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ userIds: [env.world.owner.id.toString()] }),
      });
    const [refused, answered] = [
      await call("Bearer not-the-secret"),
      await call(`Bearer ${internalSecret(env.t.storage.dataDir)}`),
    ];
    if (env.t.storage.redisUrl) {
      expect([refused.status, answered.status]).toEqual([404, 404]);
    } else {
      expect(refused.status).toBe(401);
      expect(await answered.json()).toEqual({ statuses: {} });
    }
  });
});
