import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";
import { botClient } from "../../support/rest-fixtures";

const env = useTestServer();

describe("an application's id is its bot user's id, as on the reference platform", () => {
  it("a new application has its bot user's id, in REST and in READY", async () => {
    expect(env.world.app.application.id).toBe(env.world.botUserId);
    const [application, self] = await Promise.all([env.bot.get("/applications/@me"), env.bot.get("/users/@me")]);
    expect(((await application.json()) as { id: string }).id).toBe(((await self.json()) as { id: string }).id);
    const client = await RawGatewayClient.identified(env.t, env.world.token, Intents.Guilds);
    expect(client.ready.d.application.id).toBe(client.ready.d.user.id);
    await client.close();
  });

  it("the id in the bot token (base64 of the bot user's id) is the application's id", async () => {
    const fromToken = Buffer.from(env.world.token.split(".")[0] as string, "base64").toString();
    expect(fromToken).toBe(env.world.app.application.id.toString());
  });
});

describe("an application made before ids followed the bot user answers to its old id too", () => {
  /** Emulates a migrated application: its old id is kept as legacyId (a fresh sequence value, as it was). */
  async function legacyApp() {
    const owner = await env.t.seed.person();
    const created = await env.t.seed.app(owner.id);
    const db = env.t.server.ctx.database.prisma;
    const [{ id }] = await db.$queryRaw<{ id: bigint }[]>`SELECT nextval('global_id_seq') AS id`;
    await db.application.update({ where: { id: created.application.id }, data: { legacyId: id } });
    return { owner, created, legacyId: id as bigint };
  }

  it("the token endpoint accepts the old client_id with the secret (the code is then judged, not the client)", async () => {
    const { created, legacyId } = await legacyApp();
    const exchange = (clientId: string) =>
      fetch(`${env.t.base}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: clientId,
          client_secret: created.clientSecret,
          code: "nope",
          redirect_uri: "http://localhost/cb",
        }),
      });
    const old = await exchange(legacyId.toString());
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ error: "invalid_grant" });
    const unknown = await exchange("999999999");
    expect(unknown.status).toBe(401);
  });

  it("its commands answer under the old id and under the bot user's id alike", async () => {
    const { created, legacyId } = await legacyApp();
    const bot = botClient(env.t, created.botToken);
    const made = await bot.post(`/applications/${legacyId}/commands`, {
      name: "old-id",
      description: "made under the old id",
    });
    expect(made.status).toBe(201);
    const listed = await bot.get(`/applications/${created.botUser.id}/commands`);
    expect(
      ((await listed.json()) as { name: string; application_id: string }[]).map((c) => [c.name, c.application_id]),
    ).toEqual([["old-id", created.botUser.id.toString()]]);
    expect((await bot.get(`/applications/${legacyId}/commands`)).status).toBe(200);
  });

  it("the consent page, the bot invite and the portal find the application by its old id", async () => {
    const { owner, created, legacyId } = await legacyApp();
    const domain = env.t.server.ctx.domain;
    expect((await domain.applications.getPublic(legacyId)).id).toBe(created.application.id);
    expect((await domain.applications.getForOwner(owner.id, legacyId)).id).toBe(created.application.id);
    await domain.applicationSettings.rename(owner.id, legacyId, "Renamed Old");
    expect((await domain.applications.getPublic(created.application.id)).name).toBe("Renamed Old");
    const guild = await env.t.seed.guild(owner.id);
    await domain.members.addBot(owner.id, guild.id, legacyId, 0n);
    const res = await botClient(env.t, created.botToken).get("/users/@me/guilds");
    expect(((await res.json()) as { id: string }[]).map((g) => g.id)).toEqual([guild.id.toString()]);
  });
});
