import { Permission } from "@chat/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createServerLogger } from "../../src/logging/logger";
import { type RunningServer, startServer } from "../../src/server";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { createTestStorage, seeder, type TestStorage } from "../support/harness";
import { freePort, type NodeProcess, startNodeProcess } from "../support/multinode-processes";

const intents = Intents.Guilds | Intents.GuildMessages;

/**
 * DESIGN.md, node roles: a REST node (`pnpm server-node --role rest`, here in this process) and
 * a gateway node (`--role gateway`, a process of its own, as `pnpm start` runs it) on the
 * storage of the run. Without Redis the gateway node joins the REST node's embedded database
 * and event hub; with Redis and PostgreSQL it shares theirs.
 */
describe("a REST node and a gateway node in processes of their own", () => {
  let storage: TestStorage;
  let rest: RunningServer<null>;
  let gateway: NodeProcess;
  let gatewayUrl: string;
  let world: Awaited<ReturnType<ReturnType<typeof seeder>["world"]>>;

  beforeAll(async () => {
    storage = await createTestStorage();
    const gatewayPort = await freePort();
    gatewayUrl = `ws://127.0.0.1:${gatewayPort}/gateway`;
    rest = await startServer({
      role: "rest",
      databaseUrl: storage.databaseUrl,
      dataDir: storage.dataDir,
      embeddedPort: 0,
      redisUrl: storage.redisUrl,
      redisNamespace: storage.redisNamespace,
      trustProxy: false,
      metricsPort: undefined,
      logger: createServerLogger({ level: "silent" }),
      port: 0,
      host: "127.0.0.1",
      urls: { appUrl: "http://127.0.0.1:3000", apiUrl: "", cdnUrl: "", gatewayUrl },
    });
    Object.assign(rest.ctx.urls, { apiUrl: `${rest.url}/api/v10`, cdnUrl: `${rest.url}/cdn` });
    gateway = await startNodeProcess("gateway", storage, {
      role: "gateway",
      ports: { port: gatewayPort },
      joins: { port: rest.port, embeddedPort: rest.ctx.database.embedded?.port },
      env: { PUBLIC_GATEWAY_URL: gatewayUrl },
    });
    world = await seeder(rest).world(Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory);
  }, 120_000);
  afterEach(({ task }) => {
    if (task.result?.state === "fail") console.log(`--- gateway node output:\n${gateway?.tail()}`);
  });
  afterAll(async () => {
    await gateway?.stop();
    await rest?.close();
    await storage?.drop();
  });

  const send = (content: string) =>
    fetch(`${rest.url}/api/v10/channels/${world.text.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${world.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content }),
    });

  it("hands bots the gateway node's address from GET /gateway/bot of the REST node, and as READY's resume_gateway_url", async () => {
    const answer = await fetch(`${rest.url}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${world.token}` } });
    expect(answer.status).toBe(200);
    expect((await answer.json()).url).toBe(gatewayUrl);
    const client = await RawGatewayClient.identified(gatewayUrl, world.token, intents);
    expect(client.ready.d.resume_gateway_url).toBe(gatewayUrl);
    const guild = await client.dispatch("GUILD_CREATE");
    expect(guild.d.id).toBe(world.guild.id.toString());
    await client.close(1000);
  });

  it("serves each face on its own node: no gateway on the REST node, no REST route on the gateway node", async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${rest.port}/gateway?v=10&encoding=json`);
      socket.on("open", () => resolve("open"));
      socket.on("error", () => resolve("refused"));
    });
    expect(refused).toBe("refused");
    const route = await fetch(`http://127.0.0.1:${gateway.port}/api/v10/gateway/bot`, {
      headers: { authorization: `Bot ${world.token}` },
    });
    expect(route.status).toBe(404);
    expect(await route.json()).toEqual({ message: "404: Not Found", code: 0 });
    const ready = await fetch(`http://127.0.0.1:${gateway.port}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.database).toBe("ok");
  });

  it("delivers a message sent through the REST node to the bot's session on the gateway node, and replays it after a resume", async () => {
    const client = await RawGatewayClient.identified(gatewayUrl, world.token, intents);
    await client.dispatch("GUILD_CREATE");
    expect((await send("across the nodes")).status).toBe(200);
    const created = await client.dispatch("MESSAGE_CREATE", (d) => d.content === "across the nodes");
    const sessionId = client.ready.d.session_id as string;
    client.terminate();
    await client.closed;
    expect((await send("while away")).status).toBe(200);
    const resumed = await RawGatewayClient.resuming(gatewayUrl, world.token, sessionId, created.s as number);
    const replayed = await resumed.until((f) => f.t === "RESUMED" || f.op === 9);
    expect(replayed.filter((f) => f.t === "MESSAGE_CREATE").map((f) => f.d.content)).toEqual(["while away"]);
    await resumed.close(1000);
  });

  it("delivers a person's command to the bot on the gateway node and takes its answer on the REST node", async () => {
    const { domain } = rest.ctx;
    const person = await seeder(rest).person();
    await domain.members.addPerson(world.guild.id, person.id);
    const scope = { applicationId: world.app.application.id, botUserId: world.botUserId, guildId: world.guild.id };
    const { command } = await domain.commands.create(scope, { name: "ping", description: "ping" });
    const client = await RawGatewayClient.identified(gatewayUrl, world.token, intents);
    await client.dispatch("GUILD_CREATE");
    const { id } = await domain.interactions.useCommand(person.id, {
      channelId: world.text.id,
      commandId: BigInt(command.id),
      tabId: "tab-roles",
    });
    const interaction = (await client.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;
    const answer = await fetch(`${rest.url}/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 4, data: { content: "pong from the gateway node's bot" } }),
    });
    expect(answer.status).toBe(204);
    await client.dispatch("MESSAGE_CREATE", (d) => d.content === "pong from the gateway node's bot");
    await client.close(1000);
  });

  it("counts a bot online on the REST node while its session lives on the gateway node", async () => {
    const client = await RawGatewayClient.identified(gatewayUrl, world.token, intents);
    await client.dispatch("GUILD_CREATE");
    await expect
      .poll(
        async () =>
          (await rest.ctx.presence.store.statuses([world.botUserId.toString()])).get(world.botUserId.toString()),
        {
          timeout: 10_000,
        },
      )
      .toBe("online");
    await client.close(1000);
  });
});
