import { ManualClock } from "@chat/domain";
import {
  EPHEMERAL_MESSAGE_CREATE,
  EPHEMERAL_MESSAGE_DELETE,
  EPHEMERAL_MESSAGE_UPDATE,
  type PersonEvent,
} from "@chat/events";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStorage, startTestServer, type TestServer, useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { expectError } from "../../support/rest-fixtures";
import { startWebNode } from "../../support/web-node";
import {
  type BotGateway,
  buttons,
  callback,
  type InteractionWorld,
  interactionWorld,
  PersonEvents,
  receivedBy,
  webhook,
} from "./interaction-fixtures";

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Spec: Interaction lifecycle, "Ephemeral messages (flags: 64) are never stored for the channel;
 * they go only to that person's open app ... The bot may edit or delete them and their
 * components work for 15 minutes. If the service restarts in that time they are lost and the
 * bot gets 10008."
 */
describe("ephemeral messages", () => {
  const clock = new ManualClock(new Date());
  const env = useTestServer({ world: false, server: { clock } });
  let w: InteractionWorld;
  let gateway: BotGateway;
  let events: PersonEvents;
  let ping: { id: string };
  let app: string;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    gateway = await w.connect();
    events = new PersonEvents(env.t.server.ctx.bus);
    ping = await w.command({ name: "ping", description: "ping" });
    app = w.app.application.id.toString();
  });
  afterAll(async () => {
    events.close();
    await gateway.close();
  });

  const used = async () => receivedBy(gateway, (await w.slash(ping.id)).id);
  const ephemeralReply = async (data: Record<string, unknown> = {}) => {
    const interaction = await used();
    const res = await callback(
      env.t,
      interaction,
      { type: 4, data: { content: "only you", flags: 64, ...data } },
      "?with_response=true",
    );
    const body = await res.json();
    expect(validateResponse("post", "/interactions/{interaction_id}/{interaction_token}/callback", 200, body)).toEqual(
      [],
    );
    return { interaction, message: body.resource.message as { id: string; flags: number; content: string } };
  };
  const shown = <T extends PersonEvent["t"]>(t: T, id: string) =>
    events.until((e) => e.t === t && (e.d as { id: string }).id === id) as Promise<
      PersonEvent<Extract<PersonEvent["t"], T>>
    >;
  const history = async () =>
    ((await (await w.bot.get(`/channels/${w.text.id}/messages?limit=100`)).json()) as { id: string }[]).map(
      (m) => m.id,
    );
  /** What the bot's session received up to a message of the owner's: proves what it did not receive. */
  const botFramesUntil = async (label: string) => {
    await w.domain.messages.create(w.text.id, w.owner.id, { content: label });
    return gateway.until((f) => f.t === "MESSAGE_CREATE" && f.d.content === label);
  };
  /** Time travel past the 15 minutes: the clock of the memory store, or Redis's own expiry. */
  const fifteenMinutesPass = async (messageId: string) => {
    const { redisUrl, redisNamespace } = env.t.storage;
    if (!redisUrl) return clock.advance(FIFTEEN_MINUTES + 1);
    const redis = new Redis(redisUrl);
    expect(await redis.pexpire(`chat:short-lived:${redisNamespace}:ephemeral-message:${messageId}`, 1)).toBe(1);
    redis.disconnect();
    await new Promise((r) => setTimeout(r, 20));
  };

  it("goes to the person's tabs as EPHEMERAL_MESSAGE_CREATE, never into the channel's history nor to the bot's gateway", async () => {
    const before = await history();
    const { interaction, message } = await ephemeralReply();
    expect(message).toMatchObject({
      flags: 64,
      content: "only you",
      type: 20,
      interaction_metadata: { id: interaction.id, user: { id: w.member.id.toString() } },
    });
    const event = await shown(EPHEMERAL_MESSAGE_CREATE, message.id);
    expect(event).toMatchObject({
      personId: w.member.id.toString(),
      d: { id: message.id, flags: 64, channel_id: w.text.id.toString() },
    });
    expect(event.tabId).toBeUndefined();
    expect(await history()).toEqual(before);
    expect((await botFramesUntil("after the ephemeral reply")).filter((f) => f.d?.id === message.id)).toEqual([]);
    expect(await env.t.server.ctx.database.prisma.message.findUnique({ where: { id: BigInt(message.id) } })).toBeNull();
  });

  it("shows in the open tabs of that person only, not another person's (through the web app's live stream)", async () => {
    const web = await startWebNode(env.t);
    try {
      const mine = await web.openTab(w.member.id);
      const theirs = await web.openTab(w.owner.id);
      const { message } = await ephemeralReply({ content: "for the member's eyes" });
      await mine.until((f) => f.t === EPHEMERAL_MESSAGE_CREATE && (f.d as { id: string }).id === message.id);
      await w.domain.messages.create(w.text.id, w.member.id, { content: "a later message" });
      await theirs.until((f) => f.t === "MESSAGE_CREATE" && (f.d as { content: string }).content === "a later message");
      expect(theirs.events().filter((f) => f.t === EPHEMERAL_MESSAGE_CREATE)).toEqual([]);
      mine.close();
      theirs.close();
    } finally {
      await web.close();
    }
  });

  it("is edited and deleted by the bot through @original and by id (EPHEMERAL_MESSAGE_UPDATE, _DELETE), then 10008", async () => {
    const { interaction, message } = await ephemeralReply();
    const original = await webhook(env.t, app, interaction.token, "GET", "/messages/@original");
    expect(await original.json()).toMatchObject({ id: message.id, flags: 64 });
    const edited = await (
      await webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", {
        content: "changed",
        embeds: [{ title: "t" }],
      })
    ).json();
    expect(edited).toMatchObject({
      id: message.id,
      content: "changed",
      flags: 64,
      embeds: [{ title: "t", type: "rich" }],
    });
    expect((await shown(EPHEMERAL_MESSAGE_UPDATE, message.id)).d).toMatchObject({ content: "changed" });
    const follow = await (
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "psst", flags: 64 })
    ).json();
    expect(follow).toMatchObject({ flags: 64, type: 0 });
    await shown(EPHEMERAL_MESSAGE_CREATE, follow.id);
    expect(
      (await webhook(env.t, app, interaction.token, "PATCH", `/messages/${follow.id}`, { content: "psst!" })).status,
    ).toBe(200);
    expect((await webhook(env.t, app, interaction.token, "DELETE", `/messages/${follow.id}`)).status).toBe(204);
    expect(await shown(EPHEMERAL_MESSAGE_DELETE, follow.id)).toMatchObject({
      d: { id: follow.id, channel_id: w.text.id.toString() },
      personId: w.member.id.toString(),
    });
    await expectError(await webhook(env.t, app, interaction.token, "GET", `/messages/${follow.id}`), 404, 10008);
    expect((await webhook(env.t, app, interaction.token, "DELETE", "/messages/@original")).status).toBe(204);
    await expectError(
      await webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { content: "gone" }),
      404,
      10008,
    );
  });

  it("fills an ephemeral deferred reply in place (thinking over, not marked edited)", async () => {
    const interaction = await used();
    const deferred = await (
      await callback(env.t, interaction, { type: 5, data: { flags: 64 } }, "?with_response=true")
    ).json();
    const id = deferred.interaction.response_message_id;
    const filled = await (
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "thought it through" })
    ).json();
    expect(filled).toMatchObject({ id, flags: 64, content: "thought it through", edited_timestamp: null });
    expect((await shown(EPHEMERAL_MESSAGE_UPDATE, id)).d.flags).toBe(64);
  });

  it("refuses an empty ephemeral reply, follow-up or edit (50006), as in the channel", async () => {
    const interaction = await used();
    await expectError(await callback(env.t, interaction, { type: 4, data: { flags: 64 } }), 400, 50006);
    expect((await w.row(interaction.id)).state).toBe("delivered");
    const { interaction: answered } = await ephemeralReply();
    await expectError(
      await webhook(env.t, app, answered.token, "PATCH", "/messages/@original", { content: "" }),
      400,
      50006,
    );
    await expectError(
      await webhook(env.t, app, answered.token, "POST", "?wait=true", { content: " ", flags: 64 }),
      400,
      50006,
    );
  });

  it("a refused fill of an ephemeral deferred reply keeps it thinking; the retry fills it, still only for the person", async () => {
    const interaction = await used();
    const deferred = await (
      await callback(env.t, interaction, { type: 5, data: { flags: 64 } }, "?with_response=true")
    ).json();
    const id = deferred.interaction.response_message_id;
    await expectError(
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "  " }),
      400,
      50006,
    );
    expect((await w.row(interaction.id)).state).toBe("deferred");
    const filled = await (
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "on second thought" })
    ).json();
    expect(filled).toMatchObject({ id, flags: 64, content: "on second thought" });
    expect(await history()).not.toContain(filled.id);
  });

  it("carries files (multipart): the person's app gets them at signed ephemeral addresses, never in the channel", async () => {
    const interaction = await used();
    const form = new FormData();
    form.append(
      "payload_json",
      JSON.stringify({
        type: 4,
        data: { content: "your report", flags: 64, attachments: [{ id: 0, description: "Just for you" }] },
      }),
    );
    form.append("files[0]", new Blob(["private bytes"], { type: "text/plain" }), "report.txt");
    const res = await fetch(
      `${env.t.base}/interactions/${interaction.id}/${interaction.token}/callback?with_response=true`,
      { method: "POST", body: form },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const message = (await res.json()).resource.message as {
      id: string;
      flags: number;
      attachments: { id: string; filename: string; size: number; url: string; description?: string }[];
    };
    expect(message.flags).toBe(64);
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: "report.txt", size: 13, description: "Just for you", ephemeral: true }),
    ]);
    const [file] = message.attachments;
    expect(file?.url).toMatch(new RegExp(`/ephemeral-attachments/${app}/${file?.id}/report\\.txt\\?ex=`));
    expect(await (await fetch(file?.url as string)).text()).toBe("private bytes");
    expect((await shown(EPHEMERAL_MESSAGE_CREATE, message.id)).d.attachments).toHaveLength(1);
    expect(await history()).not.toContain(message.id);
    // An edit adds a file and keeps the first only when the attachments list names it.
    const edit = new FormData();
    edit.append("payload_json", JSON.stringify({ attachments: [] }));
    edit.append("files[0]", new Blob(["second"]), "second.txt");
    const edited = await (
      await fetch(`${env.t.base}/webhooks/${app}/${interaction.token}/messages/@original`, {
        method: "PATCH",
        body: edit,
      })
    ).json();
    expect(edited.attachments.map((a: { filename: string }) => a.filename)).toEqual(["second.txt"]);
  });

  it("keeps its components usable by its person for 15 minutes: the click carries the ephemeral message, type 7 updates it in place", async () => {
    const { message } = await ephemeralReply({ components: [buttons("more")] });
    await expect(w.click(message.id, "more", undefined, { userId: w.owner.id })).rejects.toMatchObject({ code: 10008 });
    const click = await receivedBy(gateway, (await w.click(message.id, "more")).id);
    expect(click).toMatchObject({ type: 3, data: { custom_id: "more" }, message: { id: message.id, flags: 64 } });
    const updated = await (
      await callback(env.t, click, { type: 7, data: { content: "more, shown", components: [] } }, "?with_response=true")
    ).json();
    expect(updated.resource.message).toMatchObject({
      id: message.id,
      content: "more, shown",
      flags: 64,
      components: [],
    });
    expect((await shown(EPHEMERAL_MESSAGE_UPDATE, message.id)).d).toMatchObject({ content: "more, shown" });
    expect(
      (await botFramesUntil("after the update")).filter((f) => f.t === "MESSAGE_UPDATE" && f.d.id === message.id),
    ).toEqual([]);
  });

  it("is gone after 15 minutes: its components and the bot's edits answer 10008", async () => {
    const { interaction, message } = await ephemeralReply({ components: [buttons("late")] });
    await fifteenMinutesPass(message.id);
    await expect(w.click(message.id, "late")).rejects.toMatchObject({ code: 10008 });
    // The token still works (the database clock did not move): only the message is gone.
    await expectError(
      await webhook(env.t, app, interaction.token, "PATCH", `/messages/${message.id}`, { content: "too late" }),
      404,
      10008,
    );
  });

  it("has its components used from the web app's process too (the server's memory over its internal API, or Redis)", async () => {
    const web = await startWebNode(env.t);
    try {
      const { message } = await ephemeralReply({ components: [buttons("from-web")] });
      const { id } = await web.domain.interactions.useComponent(w.member.id, {
        channelId: w.text.id,
        messageId: BigInt(message.id),
        customId: "from-web",
      });
      expect(await receivedBy(gateway, id)).toMatchObject({ message: { id: message.id, flags: 64 } });
      await expect(
        web.domain.interactions.useComponent(w.owner.id, {
          channelId: w.text.id,
          messageId: BigInt(message.id),
          customId: "from-web",
        }),
      ).rejects.toMatchObject({ code: 10008 });
    } finally {
      await web.close();
    }
  });
});

describe("ephemeral messages across a restart", () => {
  let storage: Awaited<ReturnType<typeof createTestStorage>>;
  let servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close().catch(() => {});
    await storage?.drop();
  });

  it(
    process.env.TEST_REDIS_URL
      ? "are kept in Redis while the node restarts (the store outlives a node)"
      : "are lost when the service restarts: the bot then gets 10008",
    async () => {
      storage = await createTestStorage();
      const first = await startTestServer({ storage });
      servers = [first];
      const w = await interactionWorld(first);
      const gateway = await w.connect();
      const ping = await w.command({ name: "ping", description: "ping" });
      const interaction = await receivedBy(gateway, (await w.slash(ping.id)).id);
      const body = await (
        await callback(
          first,
          interaction,
          { type: 4, data: { content: "ephemeral", flags: 64, components: [buttons("b")] } },
          "?with_response=true",
        )
      ).json();
      const messageId = body.resource.message.id;
      await gateway.close();
      await first.close();
      const second = await startTestServer({ storage });
      servers = [second];
      const app = w.app.application.id.toString();
      const edit = await webhook(second, app, interaction.token, "PATCH", "/messages/@original", {
        content: "still there?",
      });
      const click = second.server.ctx.domain.interactions.useComponent(w.member.id, {
        channelId: w.text.id,
        messageId: BigInt(messageId),
        customId: "b",
      });
      if (process.env.TEST_REDIS_URL) {
        expect(edit.status).toBe(200);
        await expect(click).resolves.toMatchObject({ id: expect.any(String) });
      } else {
        await expectError(edit, 404, 10008);
        await expect(click).rejects.toMatchObject({ code: 10008 });
      }
    },
  );
});
