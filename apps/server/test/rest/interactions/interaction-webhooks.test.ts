import { type RateLimitData, REST, Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { expectError } from "../../support/rest-fixtures";
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

const FOLLOW_UP = "/webhooks/{webhook_id}/{webhook_token}";
const ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original";
const MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}";

/** Spec: Interaction callback and webhook routes: the token as a webhook for 15 minutes once answered. */
describe("interaction follow-ups and @original", () => {
  const env = useTestServer({ world: false });
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
  const answered = async (data: Record<string, unknown> = { content: "reply" }) => {
    const interaction = await used();
    const res = await callback(env.t, interaction, { type: 4, data }, "?with_response=true");
    return { interaction, reply: (await res.json()).resource.message as { id: string; content: string } };
  };
  const deferred = async () => {
    const interaction = await used();
    const body = await (await callback(env.t, interaction, { type: 5 }, "?with_response=true")).json();
    return { interaction, loadingId: body.interaction.response_message_id as string };
  };
  const conforming = async (
    pending: Response | Promise<Response>,
    method: "get" | "post" | "patch",
    template: string,
  ) => {
    const res = await pending;
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(validateResponse(method, template, 200, body)).toEqual([]);
    return body;
  };

  it("POST answers the follow-up message with or without wait=true (wait is always true for interaction follow-ups); components are ignored", async () => {
    const { interaction } = await answered();
    const body = await conforming(
      webhook(env.t, app, interaction.token, "POST", "?wait=true", {
        content: "follow one",
        components: [buttons("ignored")],
      }),
      "post",
      FOLLOW_UP,
    );
    expect(body).toMatchObject({
      content: "follow one",
      type: 0,
      components: [],
      webhook_id: app,
      interaction_metadata: { id: interaction.id, user: { id: w.member.id.toString() } },
    });
    const unasked = await conforming(
      webhook(env.t, app, interaction.token, "POST", "", { content: "follow two" }),
      "post",
      FOLLOW_UP,
    );
    expect(unasked).toMatchObject({
      content: "follow two",
      webhook_id: app,
      interaction_metadata: { id: interaction.id },
    });
    await gateway.dispatch("MESSAGE_CREATE", (d) => d.content === "follow two");
  });

  it("fills a deferred reply with the first follow-up (same message, thinking over, not marked edited), then posts new ones", async () => {
    const { interaction, loadingId } = await deferred();
    const filled = await conforming(
      webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "done thinking" }),
      "post",
      FOLLOW_UP,
    );
    expect(filled).toMatchObject({
      id: loadingId,
      content: "done thinking",
      flags: 0,
      type: 20,
      edited_timestamp: null,
    });
    await gateway.dispatch("MESSAGE_UPDATE", (d) => d.id === loadingId && d.content === "done thinking");
    await events.status(interaction.id, "answered");
    expect((await w.row(interaction.id)).state).toBe("answered");
    const next = await conforming(
      webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "and more" }),
      "post",
      FOLLOW_UP,
    );
    expect(next.id).not.toBe(loadingId);
  });

  it("fills a deferred reply with a PATCH of @original (also spelled %40original); only later edits mark it edited", async () => {
    const { interaction, loadingId } = await deferred();
    const got = await conforming(
      webhook(env.t, app, interaction.token, "GET", "/messages/%40original"),
      "get",
      ORIGINAL,
    );
    expect(got).toMatchObject({ id: loadingId, flags: 128, content: "" });
    const edited = await conforming(
      webhook(env.t, app, interaction.token, "PATCH", "/messages/%40original", { content: "edited reply" }),
      "patch",
      ORIGINAL,
    );
    expect(edited).toMatchObject({ id: loadingId, content: "edited reply", flags: 0, edited_timestamp: null });
    await events.status(interaction.id, "answered");
    const again = await conforming(
      webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { content: "edited twice" }),
      "patch",
      ORIGINAL,
    );
    expect(again).toMatchObject({ id: loadingId, content: "edited twice" });
    expect(Date.parse(again.edited_timestamp)).not.toBeNaN();
  });

  it("a refused first follow-up leaves the reply thinking: the next one fills it", async () => {
    const { interaction, loadingId } = await deferred();
    await expectError(
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "   " }),
      400,
      50006,
    );
    expect((await w.row(interaction.id)).state).toBe("deferred");
    const filled = await conforming(
      webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "second try" }),
      "post",
      FOLLOW_UP,
    );
    expect(filled).toMatchObject({ id: loadingId, content: "second try", flags: 0 });
  });

  it("a follow-up and an @original edit at once fill the reply once and leave nothing thinking", async () => {
    const { interaction, loadingId } = await deferred();
    const [followed, patched] = await Promise.all([
      webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "from the follow-up" }),
      webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { content: "from the edit" }),
    ]);
    expect([followed.status, patched.status]).toEqual([200, 200]);
    const [follow, edit] = [await followed.json(), await patched.json()];
    expect(edit.id).toBe(loadingId);
    // The follow-up either filled the reply (and the edit then changed it) or, the edit having filled it, became a message of its own.
    if (follow.id !== loadingId) expect(follow).toMatchObject({ content: "from the follow-up", flags: 0 });
    const original = await (await webhook(env.t, app, interaction.token, "GET", "/messages/@original")).json();
    expect(original.flags).toBe(0);
    expect(["from the follow-up", "from the edit"]).toContain(original.content);
    expect((await w.row(interaction.id)).state).toBe("answered");
  });

  it("reads, edits and deletes @original and a follow-up by id", async () => {
    const { interaction, reply } = await answered();
    expect(
      await conforming(webhook(env.t, app, interaction.token, "GET", "/messages/@original"), "get", ORIGINAL),
    ).toMatchObject({ id: reply.id, content: "reply" });
    const follow = await (
      await webhook(env.t, app, interaction.token, "POST", "?wait=true", { content: "follow" })
    ).json();
    expect(
      await conforming(webhook(env.t, app, interaction.token, "GET", `/messages/${follow.id}`), "get", MESSAGE),
    ).toMatchObject({ id: follow.id });
    expect(
      await conforming(
        webhook(env.t, app, interaction.token, "PATCH", `/messages/${follow.id}`, { content: "follow, edited" }),
        "patch",
        MESSAGE,
      ),
    ).toMatchObject({ content: "follow, edited" });
    expect((await webhook(env.t, app, interaction.token, "DELETE", `/messages/${follow.id}`)).status).toBe(204);
    await gateway.dispatch("MESSAGE_DELETE", (d) => d.id === follow.id);
    await expectError(await webhook(env.t, app, interaction.token, "GET", `/messages/${follow.id}`), 404, 10008);
    expect((await webhook(env.t, app, interaction.token, "DELETE", "/messages/@original")).status).toBe(204);
    await expectError(await webhook(env.t, app, interaction.token, "GET", "/messages/@original"), 404, 10008);
  });

  it("takes multipart edits with files, as message edits do", async () => {
    const { interaction, reply } = await answered();
    const form = new FormData();
    form.append("payload_json", JSON.stringify({ content: "now with a file" }));
    form.append("files[0]", new Blob(["abc"]), "a.txt");
    const res = await fetch(`${env.t.base}/webhooks/${app}/${interaction.token}/messages/@original`, {
      method: "PATCH",
      body: form,
    });
    const body = await conforming(res, "patch", ORIGINAL);
    expect(body).toMatchObject({
      id: reply.id,
      content: "now with a file",
      attachments: [{ filename: "a.txt", size: 3 }],
    });
  });

  it("makes @original the component's message after type 6 (deferUpdate, then editReply) and after type 7", async () => {
    for (const type of [6, 7]) {
      const message = await w.botMessage({ content: "pick one", components: [buttons("a", "b")] });
      const interaction = await receivedBy(gateway, (await w.click(message.id, "a")).id);
      expect(
        (await callback(env.t, interaction, type === 6 ? { type } : { type, data: { content: "picked a" } })).status,
      ).toBe(204);
      expect(
        await conforming(webhook(env.t, app, interaction.token, "GET", "/messages/@original"), "get", ORIGINAL),
      ).toMatchObject({ id: message.id });
      const edited = await conforming(
        webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", {
          content: `edited after ${type}`,
          components: [],
        }),
        "patch",
        ORIGINAL,
      );
      expect(edited).toMatchObject({ id: message.id, content: `edited after ${type}`, components: [] });
      await gateway.dispatch("MESSAGE_UPDATE", (d) => d.id === message.id && d.content === `edited after ${type}`);
    }
  });

  it("takes the application's id, which is its bot user's id, or its older id; another application's is 10015", async () => {
    const { interaction } = await answered();
    expect(app).toBe(w.botUserId.toString());
    await env.t.server.ctx.database.prisma.application.update({
      where: { id: w.app.application.id },
      data: { legacyId: 4242424242n },
    });
    expect((await webhook(env.t, "4242424242", interaction.token, "GET", "/messages/@original")).status).toBe(200);
    const other = await interactionWorld(env.t);
    await expectError(
      await webhook(env.t, other.app.application.id.toString(), interaction.token, "GET", "/messages/@original"),
      404,
      10015,
    );
    await expectError(await webhook(env.t, "not-an-id", interaction.token, "POST", "", { content: "x" }), 404, 10015);
  });

  it("answers 10015 before the interaction is answered, for an unknown token, and 15 minutes after the interaction", async () => {
    const pending = await used();
    await expectError(await webhook(env.t, app, pending.token, "POST", "", { content: "too early" }), 404, 10015);
    await expectError(await webhook(env.t, app, "no-such-token", "GET", "/messages/@original"), 404, 10015);
    const { interaction } = await answered();
    // Time travel: the token as it stands 15 minutes after the interaction (database clock).
    await env.t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "expiresAt" = clock_timestamp() WHERE id = ${BigInt(interaction.id)}`;
    for (const [method, path] of [
      ["POST", ""],
      ["GET", "/messages/@original"],
      ["PATCH", "/messages/@original"],
      ["DELETE", "/messages/@original"],
    ] as const) {
      await expectError(
        await webhook(
          env.t,
          app,
          interaction.token,
          method,
          path,
          method === "POST" || method === "PATCH" ? { content: "late" } : undefined,
        ),
        404,
        10015,
      );
    }
  });

  it("answers 10008 for a message that is not the interaction's bot's, or of another channel", async () => {
    const { interaction } = await answered();
    const someone = await w.domain.messages.create(w.text.id, w.owner.id, { content: "a person's" });
    await expectError(
      await webhook(env.t, app, interaction.token, "PATCH", `/messages/${someone.id}`, { content: "hijack" }),
      404,
      10008,
    );
    await expectError(await webhook(env.t, app, interaction.token, "DELETE", `/messages/${someone.id}`), 404, 10008);
    const elsewhere = await w.domain.messages.create(w.voice.id, w.botUserId, { content: "the bot, elsewhere" });
    await expectError(await webhook(env.t, app, interaction.token, "GET", `/messages/${elsewhere.id}`), 404, 10008);
    await expectError(await webhook(env.t, app, interaction.token, "GET", "/messages/987654321"), 404, 10008);
    await expectError(await webhook(env.t, app, interaction.token, "GET", "/messages/not-an-id"), 404, 10008);
  });

  it("reaches only the messages its interaction produced: the bot's other messages and another interaction's follow-ups are 10008", async () => {
    const first = await answered();
    const second = await answered();
    const plain = await w.botMessage({ content: "the bot's own, no interaction" });
    const secondFollowUp = await (
      await webhook(env.t, app, second.interaction.token, "POST", "", { content: "second's follow-up" })
    ).json();
    const secondEphemeral = await (
      await webhook(env.t, app, second.interaction.token, "POST", "", { content: "second's, ephemeral", flags: 64 })
    ).json();
    for (const other of [plain.id, second.reply.id, secondFollowUp.id, secondEphemeral.id]) {
      await expectError(await webhook(env.t, app, first.interaction.token, "GET", `/messages/${other}`), 404, 10008);
      await expectError(
        await webhook(env.t, app, first.interaction.token, "PATCH", `/messages/${other}`, { content: "hijack" }),
        404,
        10008,
      );
      await expectError(await webhook(env.t, app, first.interaction.token, "DELETE", `/messages/${other}`), 404, 10008);
    }
    expect(await (await w.bot.get(`/channels/${w.text.id}/messages/${plain.id}`)).json()).toMatchObject({
      content: "the bot's own, no interaction",
    });
    expect(
      await (await webhook(env.t, app, second.interaction.token, "GET", `/messages/${secondFollowUp.id}`)).json(),
    ).toMatchObject({ content: "second's follow-up" });
    expect(
      await (await webhook(env.t, app, second.interaction.token, "GET", `/messages/${secondEphemeral.id}`)).json(),
    ).toMatchObject({ content: "second's, ephemeral" });
    // Its own reply (by id too) and follow-ups stay reachable.
    expect((await webhook(env.t, app, first.interaction.token, "GET", `/messages/${first.reply.id}`)).status).toBe(200);
    const own = await (
      await webhook(env.t, app, first.interaction.token, "POST", "", { content: "first's follow-up" })
    ).json();
    expect(
      await (
        await webhook(env.t, app, first.interaction.token, "PATCH", `/messages/${own.id}`, {
          content: "first's, edited",
        })
      ).json(),
    ).toMatchObject({ content: "first's, edited" });
  });

  it("refuses malformed follow-ups and edits with 50035 (nothing written); wait=maybe is 50035", async () => {
    const { interaction, reply } = await answered();
    await expectError(
      await webhook(env.t, app, interaction.token, "POST", "", { content: "x".repeat(2001) }),
      400,
      50035,
    );
    await expectError(
      await webhook(env.t, app, interaction.token, "POST", "?wait=maybe", { content: "x" }),
      400,
      50035,
    );
    await expectError(await webhook(env.t, app, interaction.token, "POST", "", {}), 400, 50006);
    await expectError(
      await webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { embeds: "no" }),
      400,
      50035,
    );
    expect(
      await conforming(webhook(env.t, app, interaction.token, "GET", "/messages/@original"), "get", ORIGINAL),
    ).toMatchObject({ id: reply.id, content: "reply" });
  });

  it("limits each token's follow-ups to 5 per 2 s: the sixth gets 429 with the bucket headers; edits and other tokens are counted apart", async () => {
    const { interaction } = await answered();
    const answers: Response[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await webhook(env.t, app, interaction.token, "POST", "", { content: `follow ${i}` }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["4", "3", "2", "1", "0"]);
    const limited = await webhook(env.t, app, interaction.token, "POST", "", { content: "one too many" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-bucket")).toBe(answers[0]?.headers.get("x-ratelimit-bucket"));
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    const resetAfter = Number(limited.headers.get("x-ratelimit-reset-after"));
    expect(resetAfter).toBeGreaterThan(0);
    expect(resetAfter).toBeLessThanOrEqual(2);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
      code: 0,
    });
    // Nothing was posted for the refused one.
    expect(
      await env.t.server.ctx.database.prisma.message.count({
        where: { channelId: w.text.id, content: "one too many" },
      }),
    ).toBe(0);
    // Edits of the same token have their own bucket; another interaction's token its own.
    expect(
      (await webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { content: "edited" })).status,
    ).toBe(200);
    const other = await answered();
    expect((await webhook(env.t, app, other.interaction.token, "POST", "", { content: "another token" })).status).toBe(
      200,
    );
  });

  it("limits @original edits per token too, and discord.js waits out the 429 and posts every follow-up", async () => {
    const { interaction } = await answered();
    const edits: Response[] = [];
    for (let i = 0; i < 6; i++)
      edits.push(
        await webhook(env.t, app, interaction.token, "PATCH", "/messages/@original", { content: `edit ${i}` }),
      );
    expect(edits.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(edits[5]?.headers.get("x-ratelimit-remaining")).toBe("0");

    const rest = new REST({ api: env.t.api, version: "10" });
    const limits: RateLimitData[] = [];
    rest.on("rateLimited", (info) => limits.push(info));
    const posted: { content: string }[] = [];
    for (let i = 0; i < 7; i++)
      posted.push(
        (await rest.post(Routes.webhook(app, interaction.token), { body: { content: `djs ${i}` }, auth: false })) as {
          content: string;
        },
      );
    expect(posted.map((m) => m.content)).toEqual(["djs 0", "djs 1", "djs 2", "djs 3", "djs 4", "djs 5", "djs 6"]);
    expect(limits.length).toBeGreaterThan(0);
  }, 20_000);
});
