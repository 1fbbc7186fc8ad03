import { randomBytes } from "node:crypto";
import { Permission } from "@chat/domain";
import {
  EPHEMERAL_MESSAGE_UPDATE,
  FORM_OPEN,
  type FormOpenData,
  INTERACTION_UPDATE,
  type InteractionUpdateData,
  isPersonEvent,
  type PersonEvent,
} from "@chat/events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServerContext, type ServerContext } from "../../src/context";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { createTestStorage, storageMode, type TestStorage, useTestServer } from "../support/harness";
import { callback, interactionWorld, PersonEvents, receivedBy } from "../rest/interactions/interaction-fixtures";
import { type NodeProcess, startNodeProcess } from "../support/multinode-processes";

const intents = Intents.Guilds | Intents.GuildMessages;

/**
 * DESIGN.md: "the callback and the 3-second timeout are one compare-and-set each, so exactly one
 * wins on any node". Here the callback races every node's timer (several calls of the timeout at
 * once, as several nodes make them) right at the deadline, on whichever database the tests use.
 */
describe("the 3-second window as one compare-and-set each", () => {
  const env = useTestServer({ world: false, server: { interactionDeadlineIntervalMs: 0 } });

  it("lets exactly one of a callback and the timeout win, however they race at the deadline", async () => {
    const w = await interactionWorld(env.t);
    const events = new PersonEvents(env.t.server.ctx.bus);
    const gateway = await w.connect();
    const command = await w.command({ name: "race", description: "race" });
    const outcomes = { answered: 0, gone: 0 };
    for (let round = 0; round < 12; round++) {
      const interaction = await receivedBy(gateway, (await w.slash(command.id)).id);
      const margin = 5 + round * 3;
      await env.t.server.ctx.database.prisma
        .$executeRaw`UPDATE "Interaction" SET "deadlineAt" = clock_timestamp() + make_interval(secs => ${margin / 1000}::double precision) WHERE id = ${BigInt(interaction.id)}`;
      await new Promise((r) => setTimeout(r, margin));
      const [answer, ...expired] = await Promise.all([
        callback(env.t, interaction, { type: 4, data: { content: `round ${round}` } }),
        ...[1, 2, 3].map(() => w.domain.interactions.expireOverdue()),
      ]);
      const state = (await w.row(interaction.id)).state;
      const failures = expired.reduce((sum, n) => sum + n, 0);
      if (answer.status === 204) {
        expect([state, failures]).toEqual(["answered", 0]);
        outcomes.answered++;
      } else {
        expect((await answer.json()).code).toBe(10062);
        expect([state, failures]).toEqual(["gone", 1]);
        await events.status(interaction.id, "failed");
        outcomes.gone++;
      }
      expect(events.updatesOf(interaction.id).length).toBeLessThanOrEqual(1);
    }
    expect(outcomes.answered + outcomes.gone).toBe(12);
    events.close();
    await gateway.close();
  });
});

/**
 * Spec: Interaction lifecycle, "within 3 seconds measured by the database clock so it holds
 * across nodes": real node processes on one PostgreSQL database and one Redis namespace, the
 * person using commands from a third process (as the web app does).
 */
if (storageMode === "postgres" && process.env.TEST_REDIS_URL) {
  describe("interactions across server nodes", () => {
    let storage: TestStorage;
    let ctx: ServerContext;
    let nodeA: NodeProcess;
    let nodeB: NodeProcess;
    let world: {
      channelId: bigint;
      personId: bigint;
      token: string;
      applicationId: string;
      commandId: bigint;
      botUserId: bigint;
    };
    const personEvents: PersonEvent[] = [];

    beforeAll(async () => {
      storage = await createTestStorage();
      nodeA = await startNodeProcess("a", storage);
      nodeB = await startNodeProcess("b", storage);
      ctx = await createServerContext({
        databaseUrl: storage.databaseUrl,
        redisUrl: storage.redisUrl,
        redisNamespace: storage.redisNamespace,
        dataDir: storage.dataDir,
      });
      ctx.bus.subscribe((event) => {
        if (isPersonEvent(event)) personEvents.push(event);
      });
      const { domain } = ctx;
      const owner = await domain.users.createPerson({
        username: `owner_${randomBytes(3).toString("hex")}`,
        passwordHash: "not-a-login",
      });
      const person = await domain.users.createPerson({
        username: `person_${randomBytes(3).toString("hex")}`,
        passwordHash: "not-a-login",
      });
      const guild = await domain.guilds.create(owner.id, "Interactions across nodes");
      await domain.members.addPerson(guild.id, person.id);
      const bot = await domain.applications.create(owner.id, "Answering bot");
      await domain.members.addBot(
        owner.id,
        guild.id,
        bot.application.id,
        Permission.ViewChannel | Permission.SendMessages,
      );
      const scope = { applicationId: bot.application.id, botUserId: bot.botUser.id, guildId: guild.id };
      const { command } = await domain.commands.create(scope, { name: "ping", description: "ping" });
      const channelId = guild.channels.find((c) => c.type === 0)?.id as bigint;
      world = {
        channelId,
        personId: person.id,
        token: bot.botToken,
        applicationId: bot.application.id.toString(),
        commandId: BigInt(command.id),
        botUserId: bot.botUser.id,
      };
    });
    afterEach(({ task }) => {
      if (task.result?.state === "fail")
        for (const node of [nodeA, nodeB]) console.log(`--- node ${node?.name} output:\n${node?.tail()}`);
    });
    afterAll(async () => {
      await Promise.all([nodeA?.stop(), nodeB?.stop()]);
      await ctx?.presence.close();
      await ctx?.shortLived.close();
      await ctx?.bus.close();
      await ctx?.database.close();
      await storage?.drop();
    });

    const connect = async (node: NodeProcess) => {
      const client = await RawGatewayClient.identified(node.gatewayUrl, world.token, intents);
      await client.dispatch("GUILD_CREATE");
      return Object.assign(client, { sessionId: client.ready.d.session_id as string });
    };
    const use = () =>
      ctx.domain.interactions.useCommand(world.personId, {
        channelId: world.channelId,
        commandId: world.commandId,
        tabId: "tab-x",
      });
    const callbackThrough = (
      node: NodeProcess,
      interaction: { id: string; token: string },
      body: unknown,
      query = "",
    ) =>
      fetch(`${node.base}/interactions/${interaction.id}/${interaction.token}/callback${query}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const statusTold = async (id: string, status: InteractionUpdateData["status"], timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const told = personEvents.filter((e) => e.t === INTERACTION_UPDATE && (e.d as InteractionUpdateData).id === id);
        if (told.some((e) => (e.d as InteractionUpdateData).status === status)) return told;
        if (Date.now() > deadline)
          throw new Error(`no ${status} for ${id}; got ${JSON.stringify(told.map((e) => e.d))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    it("takes on node B the callback of an interaction node A delivered; a second callback is 40060 on either node", async () => {
      const client = await connect(nodeA);
      const { id } = await use();
      const interaction = (await client.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;
      const res = await callbackThrough(
        nodeB,
        interaction,
        { type: 4, data: { content: "answered through B" } },
        "?with_response=true",
      );
      expect(res.status).toBe(200);
      expect((await res.json()).resource.message).toMatchObject({ content: "answered through B", type: 20 });
      await client.dispatch("MESSAGE_CREATE", (d) => d.content === "answered through B");
      const told = await statusTold(id, "answered");
      expect(told.map((e) => [(e.d as InteractionUpdateData).status, e.tabId])).toEqual([["answered", "tab-x"]]);
      for (const node of [nodeA, nodeB]) {
        const again = await callbackThrough(node, interaction, { type: 4, data: { content: "again" } });
        expect(again.status).toBe(400);
        expect((await again.json()).code).toBe(40060);
      }
      await client.close(1000);
    });

    it("answers 10062 to a callback 3.1 seconds late on the other node, and the person was told it failed", async () => {
      const client = await connect(nodeA);
      const { id } = await use();
      const interaction = (await client.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;
      await new Promise((r) => setTimeout(r, 3_100));
      const late = await callbackThrough(nodeB, interaction, { type: 4, data: { content: "too late" } });
      expect(late.status).toBe(404);
      expect((await late.json()).code).toBe(10062);
      const told = await statusTold(id, "failed");
      expect(told).toHaveLength(1);
      await client.close(1000);
    });

    it("delivers to exactly one session when the bot has one on each node, and later clicks follow it", async () => {
      const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
      const first = await use();
      const got = await Promise.any(
        [onA, onB].map((c) => c.dispatch("INTERACTION_CREATE", (d) => d.id === first.id).then(() => c)),
      );
      const other = got === onA ? onB : onA;
      const interaction = got.frames.find((f) => f.t === "INTERACTION_CREATE" && f.d.id === first.id)!.d;
      const reply = await (
        await callbackThrough(
          nodeB,
          interaction,
          {
            type: 4,
            data: {
              content: "click me",
              components: [{ type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] }],
            },
          },
          "?with_response=true",
        )
      ).json();
      for (let i = 0; i < 3; i++) {
        const click = await ctx.domain.interactions.useComponent(world.personId, {
          channelId: world.channelId,
          messageId: BigInt(reply.resource.message.id),
          customId: "go",
        });
        await got.dispatch("INTERACTION_CREATE", (d) => d.id === click.id);
      }
      await ctx.domain.messages.create(world.channelId, world.personId, { content: "barrier" });
      await other.dispatch("MESSAGE_CREATE", (d) => d.content === "barrier");
      expect(other.frames.filter((f) => f.t === "INTERACTION_CREATE")).toEqual([]);
      await onA.close(1000);
      await onB.close(1000);
    });

    it("fails at once when the bot is connected to no node", async () => {
      const { id } = await use();
      const started = Date.now();
      await statusTold(id, "failed");
      expect(Date.now() - started).toBeLessThan(2_500);
    });

    it("keeps an ephemeral reply made through node A editable through node B (the store is in Redis)", async () => {
      const client = await connect(nodeA);
      const { id } = await use();
      const interaction = (await client.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;
      const body = await (
        await callbackThrough(
          nodeA,
          interaction,
          { type: 4, data: { content: "psst", flags: 64 } },
          "?with_response=true",
        )
      ).json();
      const edit = await fetch(
        `${nodeB.base}/webhooks/${world.applicationId}/${interaction.token}/messages/%40original`,
        {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content: "psst, edited on B" }),
        },
      );
      expect(edit.status).toBe(200);
      expect(await edit.json()).toMatchObject({
        id: body.resource.message.id,
        flags: 64,
        content: "psst, edited on B",
      });
      const deadline = Date.now() + 5_000;
      while (
        !personEvents.some(
          (e) => e.t === EPHEMERAL_MESSAGE_UPDATE && (e.d as { id: string }).id === body.resource.message.id,
        )
      ) {
        if (Date.now() > deadline) throw new Error("no EPHEMERAL_MESSAGE_UPDATE");
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.close(1000);
    });

    it("a form opened by a callback on node A, answered through node B, reaches the session that opened it and no other", async () => {
      const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
      const form = {
        custom_id: "ask",
        title: "Ask",
        components: [{ type: 18, label: "Question", component: { type: 4, custom_id: "q", style: 1 } }],
      };
      for (let round = 0; round < 3; round++) {
        const used = await use();
        const holder = await Promise.any(
          [onA, onB].map((c) => c.dispatch("INTERACTION_CREATE", (d) => d.id === used.id).then(() => c)),
        );
        const other = holder === onA ? onB : onA;
        const interaction = holder.frames.find((f) => f.t === "INTERACTION_CREATE" && f.d.id === used.id)!.d;
        expect((await callbackThrough(nodeA, interaction, { type: 9, data: form })).status).toBe(204);
        const deadline = Date.now() + 5_000;
        while (
          !personEvents.some((e) => e.t === FORM_OPEN && (e.d as FormOpenData).id === used.id && e.tabId === "tab-x")
        ) {
          if (Date.now() > deadline) throw new Error("no FORM_OPEN for the acting tab");
          await new Promise((r) => setTimeout(r, 20));
        }
        const submitted = await ctx.domain.interactions.submitForm(world.personId, {
          interactionId: BigInt(used.id),
          answers: { q: `round ${round}` },
          tabId: "tab-x",
        });
        const delivered = (await holder.dispatch("INTERACTION_CREATE", (d) => d.id === submitted.id)).d;
        expect(delivered).toMatchObject({
          type: 5,
          data: {
            custom_id: "ask",
            components: [{ type: 18, component: { custom_id: "q", value: `round ${round}` } }],
          },
        });
        expect(
          (await callbackThrough(nodeB, delivered, { type: 4, data: { content: `got round ${round}` } })).status,
        ).toBe(204);
        await other.dispatch("MESSAGE_CREATE", (d) => d.content === `got round ${round}`);
        expect(other.frames.filter((f) => f.t === "INTERACTION_CREATE" && f.d.id === submitted.id)).toEqual([]);
      }
      await onA.close(1000);
      await onB.close(1000);
    });

    // Last: it kills a node.
    it("a click that prefers a session of a killed node goes to the bot's session on the other node, not into the void", async () => {
      const [onA, onB] = [await connect(nodeA), await connect(nodeB)];
      const first = await use();
      const got = await Promise.any(
        [onA, onB].map((c) => c.dispatch("INTERACTION_CREATE", (d) => d.id === first.id).then(() => c)),
      );
      const [gone, survivor, survivingNode] = got === onA ? [nodeA, onB, nodeB] : [nodeB, onA, nodeA];
      const interaction = got.frames.find((f) => f.t === "INTERACTION_CREATE" && f.d.id === first.id)!.d;
      const reply = await (
        await callbackThrough(
          survivingNode,
          interaction,
          {
            type: 4,
            data: {
              content: "click me later",
              components: [{ type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] }],
            },
          },
          "?with_response=true",
        )
      ).json();
      // Its node dies without a word: the session's lease lingers in Redis for a while.
      await gone.kill("SIGKILL");
      const click = await ctx.domain.interactions.useComponent(world.personId, {
        channelId: world.channelId,
        messageId: BigInt(reply.resource.message.id),
        customId: "go",
        tabId: "tab-x",
      });
      const delivered = (await survivor.dispatch("INTERACTION_CREATE", (d) => d.id === click.id)).d;
      expect((await callbackThrough(survivingNode, delivered, { type: 6 })).status).toBe(204);
      expect((await statusTold(click.id, "answered")).map((e) => (e.d as InteractionUpdateData).status)).toEqual([
        "answered",
      ]);
      await survivor.close(1000);
    });
  });
}
