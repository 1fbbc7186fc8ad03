import { EPHEMERAL_MESSAGE_CREATE, type PersonEvent } from "@chat/events";
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
} from "./interaction-fixtures";

const CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback";

/** Spec: Interaction lifecycle, Interaction callback and webhook routes (callback types 4–7). */
describe("POST /interactions/{interaction}/{token}/callback", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let gateway: BotGateway;
  let events: PersonEvents;
  let ping: { id: string };
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    gateway = await w.connect();
    events = new PersonEvents(env.t.server.ctx.bus);
    ping = await w.command({
      name: "ping",
      description: "ping",
      options: [{ type: 3, name: "text", description: "t" }],
    });
  });
  afterAll(async () => {
    events.close();
    await gateway.close();
  });

  /** A slash command used by the plain member, as the bot received it. */
  const used = async (tabId?: string) => receivedBy(gateway, (await w.slash(ping.id, [], { tabId })).id);
  /** A click on a fresh bot message with a button, as the bot received it. */
  const clicked = async () => {
    const message = await w.botMessage({ content: "a button", components: [buttons("press")] });
    return { message, interaction: await receivedBy(gateway, (await w.click(message.id, "press")).id) };
  };
  const channelMessages = async () =>
    (await (await w.bot.get(`/channels/${w.text.id}/messages?limit=100`)).json()) as { id: string; flags: number }[];

  it("type 4 posts the reply: a type 20 message with interaction_metadata (full user) and interaction; 204 without with_response", async () => {
    const interaction = await used("tab-a");
    const res = await callback(env.t, interaction, { type: 4, data: { content: "pong" } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const created = await gateway.dispatch("MESSAGE_CREATE", (d) => d.content === "pong");
    expect(created.d).toMatchObject({
      type: 20,
      author: { id: w.botUserId.toString(), bot: true },
      application_id: w.app.application.id.toString(),
      webhook_id: w.app.application.id.toString(),
      interaction_metadata: {
        id: interaction.id,
        type: 2,
        name: "ping",
        command_type: 1,
        user: {
          id: w.member.id.toString(),
          username: w.member.username,
          discriminator: "0",
          avatar: null,
          global_name: null,
        },
        authorizing_integration_owners: { "0": w.guild.id.toString() },
      },
      interaction: { id: interaction.id, type: 2, name: "ping", user: { id: w.member.id.toString() } },
    });
    const fetched = await w.bot.get(`/channels/${w.text.id}/messages/${created.d.id}`);
    const body = await fetched.json();
    expect(validateResponse("get", "/channels/{channel_id}/messages/{message_id}", 200, body)).toEqual([]);
    expect(body.interaction_metadata.user.id).toBe(w.member.id.toString());
    await events.status(interaction.id, "answered");
    expect(events.updatesOf(interaction.id)).toEqual([
      {
        id: interaction.id,
        channel_id: w.text.id.toString(),
        status: "answered",
        personId: w.member.id.toString(),
        tabId: "tab-a",
      },
    ]);
    expect((await w.row(interaction.id)).state).toBe("answered");
  });

  it("with_response=true answers 200 { interaction, resource } with the message, as the reference's schema says", async () => {
    const interaction = await used();
    const res = await callback(
      env.t,
      interaction,
      { type: 4, data: { content: "with response" } },
      "?with_response=true",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = await res.json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body).toMatchObject({
      interaction: {
        id: interaction.id,
        type: 2,
        response_message_id: body.resource.message.id,
        response_message_loading: false,
        response_message_ephemeral: false,
      },
      resource: {
        type: 4,
        message: { content: "with response", type: 20, interaction_metadata: { id: interaction.id } },
      },
    });
  });

  it("with_response=false answers 204; any other value is 50035 and leaves the interaction unanswered", async () => {
    const interaction = await used();
    await expectError(
      await callback(env.t, interaction, { type: 4, data: { content: "x" } }, "?with_response=maybe"),
      400,
      50035,
    );
    expect((await w.row(interaction.id)).state).toBe("delivered");
    expect(
      (await callback(env.t, interaction, { type: 4, data: { content: "no response" } }, "?with_response=false"))
        .status,
    ).toBe(204);
  });

  it("tolerates a bot token (Oceanic.js sends one), even a wrong one", async () => {
    const interaction = await used();
    const res = await fetch(
      `${env.t.base}/interactions/${interaction.id}/${interaction.token}/callback?with_response=true`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bot not.a.token" },
        body: JSON.stringify({ type: 4, data: { content: "tolerated" } }),
      },
    );
    expect(res.status).toBe(200);
  });

  it("types user and message command replies 23, naming the target user or message", async () => {
    const profile = await w.command({ type: 2, name: "Profile" });
    const quote = await w.command({ type: 3, name: "Quote" });
    const said = await w.domain.messages.create(w.text.id, w.owner.id, { content: "quotable" });
    const onUser = await receivedBy(
      gateway,
      (
        await w.domain.interactions.useCommand(w.member.id, {
          channelId: w.text.id,
          commandId: BigInt(profile.id),
          targetId: w.owner.id,
        })
      ).id,
    );
    const onMessage = await receivedBy(
      gateway,
      (
        await w.domain.interactions.useCommand(w.member.id, {
          channelId: w.text.id,
          commandId: BigInt(quote.id),
          targetId: BigInt(said.id),
        })
      ).id,
    );
    const userReply = await (
      await callback(env.t, onUser, { type: 4, data: { content: "profile" } }, "?with_response=true")
    ).json();
    const messageReply = await (
      await callback(env.t, onMessage, { type: 4, data: { content: "quoted" } }, "?with_response=true")
    ).json();
    expect(userReply.resource.message).toMatchObject({
      type: 23,
      interaction_metadata: { type: 2, command_type: 2, target_user: { id: w.owner.id.toString() } },
    });
    expect(messageReply.resource.message).toMatchObject({
      type: 23,
      interaction_metadata: { type: 2, command_type: 3, target_message_id: said.id },
    });
    for (const body of [userReply, messageReply]) expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
  });

  it("type 5 posts the thinking message (flag 128, empty) and the tab hears deferred", async () => {
    const interaction = await used("tab-b");
    const res = await callback(env.t, interaction, { type: 5, data: { flags: 0 } }, "?with_response=true");
    const body = await res.json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body).toEqual({
      interaction: {
        id: interaction.id,
        type: 2,
        response_message_id: expect.any(String),
        response_message_loading: true,
        response_message_ephemeral: false,
      },
    });
    const loading = await gateway.dispatch("MESSAGE_CREATE", (d) => d.id === body.interaction.response_message_id);
    expect(loading.d).toMatchObject({
      content: "",
      flags: 128,
      type: 20,
      interaction_metadata: { id: interaction.id },
    });
    await events.status(interaction.id, "deferred");
    expect(events.updatesOf(interaction.id)).toMatchObject([{ status: "deferred", tabId: "tab-b" }]);
    expect((await w.row(interaction.id)).state).toBe("deferred");
  });

  it("type 5 with flags 64 thinks only for the person: an ephemeral loading message, never in the channel", async () => {
    const interaction = await used();
    const body = await (
      await callback(env.t, interaction, { type: 5, data: { flags: 64 } }, "?with_response=true")
    ).json();
    expect(body.interaction).toMatchObject({ response_message_loading: true, response_message_ephemeral: true });
    const shown = (await events.until(
      (e) => e.t === EPHEMERAL_MESSAGE_CREATE && (e.d as { id: string }).id === body.interaction.response_message_id,
    )) as PersonEvent<typeof EPHEMERAL_MESSAGE_CREATE>;
    expect(shown.personId).toBe(w.member.id.toString());
    expect(shown.d.flags).toBe(64 | 128);
    expect((await channelMessages()).map((m) => m.id)).not.toContain(body.interaction.response_message_id);
  });

  it("type 6 on a component shows nothing and answers it", async () => {
    const { interaction } = await clicked();
    const before = await channelMessages();
    const res = await callback(env.t, interaction, { type: 6 }, "?with_response=true");
    const body = await res.json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body).toEqual({ interaction: { id: interaction.id, type: 3 } });
    expect(await channelMessages()).toEqual(before);
    await events.status(interaction.id, "answered");
  });

  it("type 7 edits the component's message (MESSAGE_UPDATE) and answers it in resource type 7", async () => {
    const { message, interaction } = await clicked();
    const body = await (
      await callback(
        env.t,
        interaction,
        { type: 7, data: { content: "updated", components: [] } },
        "?with_response=true",
      )
    ).json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body).toMatchObject({
      interaction: { id: interaction.id, type: 3 },
      resource: { type: 7, message: { id: message.id, content: "updated", components: [] } },
    });
    await gateway.dispatch("MESSAGE_UPDATE", (d) => d.id === message.id && d.content === "updated");
  });

  it("type 4 answers a component too, naming the clicked message in interaction_metadata", async () => {
    const { message, interaction } = await clicked();
    const body = await (
      await callback(env.t, interaction, { type: 4, data: { content: "you pressed" } }, "?with_response=true")
    ).json();
    expect(body.resource.message).toMatchObject({
      type: 0,
      interaction_metadata: { id: interaction.id, type: 3, interacted_message_id: message.id },
      interaction: { name: "press" },
    });
    expect(body.resource.message.interaction_metadata).not.toHaveProperty("name");
  });

  const notAllowed: [string, number, "command" | "component"][] = [
    ["type 1 (pong)", 1, "command"],
    ["type 6 for a command", 6, "command"],
    ["type 7 for a command", 7, "command"],
    ["type 8 for a command (autocomplete only)", 8, "command"],
    ["type 8 for a component", 8, "component"],
    ["type 12 (activities)", 12, "component"],
    ["an unknown type", 99, "command"],
  ];
  for (const [what, type, kind] of notAllowed) {
    it(`refuses ${what} with 50035 and leaves the interaction to be answered`, async () => {
      const interaction = kind === "command" ? await used() : (await clicked()).interaction;
      const refused = await expectError(
        await callback(env.t, interaction, { type, data: { content: "x" } }),
        400,
        50035,
      );
      expect(refused.errors).toHaveProperty("type");
      expect((await w.row(interaction.id)).state).toBe("delivered");
      expect((await callback(env.t, interaction, { type: 4, data: { content: "fine" } })).status).toBe(204);
    });
  }

  it("refuses a malformed body (no type, bad data, layout components) with 50035, changing nothing", async () => {
    const interaction = await used();
    await expectError(await callback(env.t, interaction, { data: { content: "x" } }), 400, 50035);
    await expectError(await callback(env.t, interaction, { type: 4, data: { content: "x".repeat(2001) } }), 400, 50035);
    await expectError(
      await callback(env.t, interaction, { type: 4, data: { content: "v2", flags: 1 << 15 } }),
      400,
      50035,
    );
    await expectError(
      await callback(env.t, interaction, { type: 4, data: { components: [{ type: 17, components: [] }] } }),
      400,
      50035,
    );
    await expectError(await callback(env.t, interaction, { type: 5, data: { flags: "ephemeral" } }), 400, 50035);
    await expectError(await callback(env.t, interaction, { type: 4, data: {} }), 400, 50006);
    expect((await w.row(interaction.id)).state).toBe("delivered");
    expect((await callback(env.t, interaction, { type: 4, data: { content: "now right" } })).status).toBe(204);
  });

  it("answers once: a second callback is 40060, whatever its type", async () => {
    const interaction = await used();
    expect((await callback(env.t, interaction, { type: 5 })).status).toBe(204);
    await expectError(await callback(env.t, interaction, { type: 4, data: { content: "again" } }), 400, 40060);
    await expectError(await callback(env.t, interaction, { type: 5 }), 400, 40060);
    expect((await w.row(interaction.id)).state).toBe("deferred");
  });

  it("lets exactly one of two simultaneous callbacks win; the other gets 40060", async () => {
    const interaction = await used();
    const answers = await Promise.all([
      callback(env.t, interaction, { type: 4, data: { content: "first?" } }),
      callback(env.t, interaction, { type: 4, data: { content: "second?" } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
    const loser = answers.find((r) => r.status === 400)!;
    expect((await loser.json()).code).toBe(40060);
  });

  it("refuses an empty reply before acknowledging: a good callback sent at the same time wins", async () => {
    const interaction = await used();
    const [empty, good] = await Promise.all([
      callback(env.t, interaction, { type: 4, data: { content: "   " } }),
      callback(env.t, interaction, { type: 4, data: { content: "good" } }),
    ]);
    await expectError(empty, 400, 50006);
    expect(good.status).toBe(204);
    expect((await w.row(interaction.id)).state).toBe("answered");
  });

  it("answers 10062 after 3 seconds (the database clock's), and the person was told it failed", async () => {
    const interaction = await used();
    // Time travel: the deadline as it stands 3 seconds later.
    await env.t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "deadlineAt" = clock_timestamp() - interval '1 millisecond' WHERE id = ${BigInt(interaction.id)}`;
    await expectError(await callback(env.t, interaction, { type: 4, data: { content: "late" } }), 404, 10062);
    await events.status(interaction.id, "failed");
    await expectError(await callback(env.t, interaction, { type: 4, data: { content: "later" } }), 404, 10062);
  });

  it("answers 10062 for an unknown interaction, a wrong token, or a malformed id", async () => {
    const interaction = await used();
    await expectError(
      await callback(env.t, { id: "987654321", token: interaction.token }, { type: 4, data: { content: "x" } }),
      404,
      10062,
    );
    const wrongToken = `${interaction.token.slice(0, -1)}${interaction.token.endsWith("A") ? "B" : "A"}`;
    await expectError(
      await callback(env.t, { id: interaction.id, token: wrongToken }, { type: 4, data: { content: "x" } }),
      404,
      10062,
    );
    await expectError(
      await callback(env.t, { id: "not-an-id", token: interaction.token }, { type: 4, data: { content: "x" } }),
      404,
      10062,
    );
    expect((await w.row(interaction.id)).state).toBe("delivered");
  });

  it("takes multipart with payload_json and files, as message sends do", async () => {
    const interaction = await used();
    const form = new FormData();
    form.append(
      "payload_json",
      JSON.stringify({ type: 4, data: { content: "with a file", attachments: [{ id: 0, description: "notes" }] } }),
    );
    form.append("files[0]", new Blob(["hello file"], { type: "text/plain" }), "notes.txt");
    const res = await fetch(
      `${env.t.base}/interactions/${interaction.id}/${interaction.token}/callback?with_response=true`,
      { method: "POST", body: form },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body.resource.message.attachments).toMatchObject([
      { filename: "notes.txt", description: "notes", size: 10 },
    ]);
    const file = await fetch(body.resource.message.attachments[0].url);
    expect(await file.text()).toBe("hello file");
  });
});
