import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { fixtures } from "../../support/rest-fixtures";

type Wire = { id: string; content: string; channel_id: string; guild_id?: string; attachments: { url: string }[] };

const GuildMessageTyping = 1 << 11;

describe("messages in a direct-message channel", () => {
  // Rate limits off: the tests send to one DM as one bot, and none is about the limits (rest-messages-limits.test.ts is).
  const env = useTestServer({ server: { rateLimits: false } });
  let dm: bigint;
  let gateway: RawGatewayClient;
  const send = async (body: unknown) => {
    const res = await env.bot.post(`/channels/${dm}/messages`, body);
    return { status: res.status, body: (await res.json()) as Wire & { code?: number } };
  };

  beforeAll(async () => {
    // The DM between the bot and the guild's owner, as opening it would leave it.
    const channel = await env.t.server.ctx.database.prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: env.world.botUserId }] } },
    });
    dm = channel.id;
    gateway = await RawGatewayClient.identified(env.t, env.world.token, Intents.DirectMessages | GuildMessageTyping);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("sends content and embeds, without guild_id; MESSAGE_CREATE reaches the recipients", async () => {
    const { status, body } = await send({ content: "hello in private", embeds: [{ title: "E" }] });
    expect(status).toBe(200);
    expect(validateResponse("post", "/channels/{channel_id}/messages", 200, body)).toEqual([]);
    expect(body).not.toHaveProperty("guild_id");
    const event = await gateway.dispatch("MESSAGE_CREATE", (d) => d.id === body.id);
    expect(event.d).not.toHaveProperty("guild_id");
  });

  it("sends files", async () => {
    const form = new FormData();
    form.append("payload_json", JSON.stringify({ content: "a file" }));
    form.append("files[0]", new Blob([new TextEncoder().encode("dm file")]), "dm.txt");
    const res = await fetch(`${env.t.base}/channels/${dm}/messages`, {
      method: "POST",
      headers: env.bot.headers,
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Wire;
    expect(await (await fetch(body.attachments[0]?.url as string)).text()).toBe("dm file");
  });

  it("refuses components (50035)", async () => {
    const res = await send({
      content: "x",
      components: [{ type: 1, components: [{ type: 2, style: 1, label: "b", custom_id: "b" }] }],
    });
    expect(res).toMatchObject({ status: 400, body: { code: 50035, errors: { components: expect.anything() } } });
  });

  it("lists and gets messages", async () => {
    const mine = await send({ content: "listed" });
    const list = await env.bot.get(`/channels/${dm}/messages?limit=2`);
    expect(list.status).toBe(200);
    const page = (await list.json()) as Wire[];
    expect(validateResponse("get", "/channels/{channel_id}/messages", 200, page)).toEqual([]);
    expect(page[0]?.id).toBe(mine.body.id);
    const one = await env.bot.get(`/channels/${dm}/messages/${mine.body.id}`);
    expect(await one.json()).toMatchObject({ content: "listed", channel_id: dm.toString() });
  });

  it("edits and deletes its own messages, with events to the recipients", async () => {
    const mine = await send({ content: "to edit" });
    const edited = await env.bot.patch(`/channels/${dm}/messages/${mine.body.id}`, { content: "edited" });
    expect(edited.status).toBe(200);
    expect((await gateway.dispatch("MESSAGE_UPDATE", (d) => d.id === mine.body.id)).d).toMatchObject({
      content: "edited",
      channel_id: dm.toString(),
    });
    const deleted = await env.bot.delete(`/channels/${dm}/messages/${mine.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await gateway.dispatch("MESSAGE_DELETE", (d) => d.id === mine.body.id)).d).toEqual({
      id: mine.body.id,
      channel_id: dm.toString(),
    });
  });

  it("cannot delete the other person's message (50003) nor edit it (50005), nor bulk delete (50003)", async () => {
    const theirs = await fixtures(env.t).personMessage(dm, env.world.owner.id, "the person's");
    const del = await env.bot.delete(`/channels/${dm}/messages/${theirs.id}`);
    expect(del.status).toBe(403);
    expect(await del.json()).toMatchObject({ code: 50003 });
    const edit = await env.bot.patch(`/channels/${dm}/messages/${theirs.id}`, { content: "x" });
    expect(edit.status).toBe(403);
    expect(await edit.json()).toMatchObject({ code: 50005 });
    const bulk = await env.bot.post(`/channels/${dm}/messages/bulk-delete`, { messages: [theirs.id, "1"] });
    expect(bulk.status).toBe(403);
    expect(await bulk.json()).toMatchObject({ code: 50003 });
  });

  it("accepts typing (204) and sends nothing for it", async () => {
    const res = await env.bot.post(`/channels/${dm}/typing`);
    expect(res.status).toBe(204);
    const barrier = await send({ content: "barrier" });
    const frames = await gateway.until((f) => f.t === "MESSAGE_CREATE" && f.d.id === barrier.body.id);
    expect(frames.map((f) => f.t)).not.toContain("TYPING_START");
  });

  it("hides a DM the bot is not in as Unknown Channel", async () => {
    const person = await env.t.seed.person();
    const other = await env.t.server.ctx.database.prisma.channel.create({
      data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: person.id }] } },
    });
    const res = await env.bot.post(`/channels/${other.id}/messages`, { content: "x" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 10003 });
  });
});
