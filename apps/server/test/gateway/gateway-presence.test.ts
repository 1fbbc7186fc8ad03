import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";

describe("gateway Presence Update (op 3) and PRESENCE_UPDATE", () => {
  const env = useTestServer();
  /** A second bot in the world's guild, watching presences. */
  let watcher: { token: string; id: string };
  beforeAll(async () => {
    const app = await env.t.seed.app(env.world.owner.id);
    await env.t.server.ctx.domain.members.addBot(
      env.world.owner.id,
      env.world.guild.id,
      app.application.id,
      Permission.ViewChannel | Permission.SendMessages,
    );
    watcher = { token: app.botToken, id: app.botUser.id.toString() };
  });

  const botId = () => env.world.botUserId.toString();
  const watch = async (intents = Intents.Guilds | Intents.GuildPresences | Intents.GuildMessages) => {
    const client = await RawGatewayClient.identified(env.t, watcher.token, intents);
    const created = await client.dispatch("GUILD_CREATE");
    return Object.assign(client, { created });
  };
  const presenceOf = (client: RawGatewayClient, status: string) =>
    client.dispatch("PRESENCE_UPDATE", (d) => d.user.id === botId() && d.status === status).then((f) => f.d);
  const setStatus = (client: RawGatewayClient, status: string) =>
    client.send({ op: 3, d: { since: null, status, afk: false, activities: [{ name: "secret game", type: 0 }] } });
  const barrier = async (client: RawGatewayClient, content: string) => {
    await env.t.server.ctx.domain.messages.create(env.world.text.id, env.world.owner.id, { content });
    return client.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === content);
  };

  it("shows a connecting bot online and its status changes to holders of Guild Presences in shared guilds, without activities", async () => {
    const observer = await watch();
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0);
    expect(await presenceOf(observer, "online")).toEqual({
      user: { id: botId() },
      guild_id: env.world.guild.id.toString(),
      status: "online",
      activities: [],
      client_status: { web: "online" },
    });

    setStatus(bot, "idle");
    expect(await presenceOf(observer, "idle")).toMatchObject({
      status: "idle",
      activities: [],
      client_status: { web: "idle" },
    });
    setStatus(bot, "invisible");
    expect(await presenceOf(observer, "offline")).toMatchObject({
      status: "offline",
      activities: [],
      client_status: {},
    });
    setStatus(bot, "dnd");
    expect(await presenceOf(observer, "online")).toMatchObject({ status: "online", client_status: { web: "online" } });

    await bot.close();
    expect(await presenceOf(observer, "offline")).toMatchObject({ status: "offline" });
    await observer.close();
  });

  it("shows dnd as online and sends nothing when what others see does not change", async () => {
    const observer = await watch();
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0);
    await presenceOf(observer, "online");
    setStatus(bot, "dnd");
    setStatus(bot, "online");
    const seen = await barrier(observer, "after dnd");
    expect(seen.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === botId())).toEqual([]);
    await Promise.all([bot.close(), observer.close()]);
  });

  it("does not deliver PRESENCE_UPDATE to sessions without Guild Presences or to bots in other guilds", async () => {
    const without = await watch(Intents.Guilds | Intents.GuildMessages);
    const stranger = await env.t.seed.world();
    const outsider = await RawGatewayClient.identified(
      env.t,
      stranger.token,
      Intents.GuildPresences | Intents.GuildMessages,
    );
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0);
    setStatus(bot, "idle");
    const seen = await barrier(without, "presence barrier");
    expect(seen.filter((f) => f.t === "PRESENCE_UPDATE")).toEqual([]);
    await env.t.server.ctx.domain.messages.create(stranger.text.id, stranger.owner.id, { content: "stranger barrier" });
    const strangerSeen = await outsider.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === "stranger barrier");
    expect(strangerSeen.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === botId())).toEqual([]);
    await Promise.all([without.close(), outsider.close(), bot.close()]);
  });

  it("lists presences in GUILD_CREATE for holders of Guild Presences only", async () => {
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0);
    const first = await watch();
    setStatus(bot, "idle");
    await presenceOf(first, "idle");

    const holder = await watch();
    const presences = holder.created.d.presences as any[];
    expect(presences.find((p) => p.user.id === botId())).toMatchObject({ status: "idle", activities: [] });
    // A person shows online only while a tab of theirs is open (gateway-people-presence.test.ts): the owner has none.
    expect(presences.find((p) => p.user.id === env.world.owner.id.toString())).toBeUndefined();
    const nonHolder = await watch(Intents.Guilds);
    expect(nonHolder.created.d.presences).toEqual([]);
    // The bot's offline is seen before the next test watches, so it cannot arrive there late.
    await bot.close();
    await presenceOf(first, "offline");
    await Promise.all([first.close(), holder.close(), nonHolder.close()]);
  });

  it("takes the initial status from Identify's presence, so an invisible bot never shows online", async () => {
    const observer = await watch();
    const bot = await RawGatewayClient.identified(env.t, env.world.token, 0, {
      presence: { status: "invisible", since: null, activities: [], afk: false },
    });
    const seen = await barrier(observer, "invisible barrier");
    expect(seen.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === botId())).toEqual([]);
    const holder = await watch();
    expect(holder.created.d.presences.find((p: any) => p.user.id === botId())).toBeUndefined();
    setStatus(bot, "online");
    await presenceOf(observer, "online");
    await bot.close();
    await presenceOf(observer, "offline");
    await Promise.all([observer.close(), holder.close()]);
  });

  it("keeps a bot online while any of its sessions lives", async () => {
    const observer = await watch();
    const a = await RawGatewayClient.identified(env.t, env.world.token, 0);
    await presenceOf(observer, "online");
    const b = await RawGatewayClient.identified(env.t, env.world.token, 0);
    await a.close();
    const seen = await barrier(observer, "still online");
    expect(seen.filter((f) => f.t === "PRESENCE_UPDATE" && f.d.user.id === botId())).toEqual([]);
    await b.close();
    await presenceOf(observer, "offline");
    await observer.close();
  });
});
