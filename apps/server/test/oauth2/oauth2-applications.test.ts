import { ApiError, REDIRECT_URI_MESSAGES } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { useTestServer } from "../support/harness";
import { BEHIND_LOCAL_PROXY, bearer, loginWorld, tokenClient, tokensFrom } from "../support/oauth2-fixtures";

/** The first field message of a 50035, or the error's message. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (
    JSON.stringify((error as ApiError).errors ?? {}).match(/"message":"([^"]+)"/)?.[1] ?? (error as ApiError).message
  );
}

/** Developer portal rules: redirect addresses, name, picture, client secret, token reset and deletion. */
describe("login: managing an application", () => {
  const env = useTestServer({ server: BEHIND_LOCAL_PROXY, world: false });
  const settings = () => env.t.server.ctx.domain.applicationSettings;

  it("registers https redirects, and http only for localhost and 127.0.0.1", async () => {
    const owner = await env.t.seed.person();
    const { application } = await env.t.seed.app(owner.id);
    const accepted = [
      "https://site.example/cb",
      "https://site.example:8443/a/b?c=d",
      "http://localhost:3000/cb",
      "http://127.0.0.1/cb",
      "  https://trimmed.example/cb  ",
    ];
    for (const uri of accepted) await settings().addRedirectUri(owner.id, application.id, uri);
    const stored = (await env.t.server.ctx.domain.applications.getForOwner(owner.id, application.id)).redirectUris;
    expect(stored).toEqual([...accepted.slice(0, 4), "https://trimmed.example/cb"]);
  });

  it("refuses fragments, plain http elsewhere, other schemes, relative or malformed addresses and duplicates, with a message", async () => {
    const owner = await env.t.seed.person();
    const { application } = await env.t.seed.app(owner.id);
    await settings().addRedirectUri(owner.id, application.id, "https://site.example/cb");
    const cases: [string, string][] = [
      ["https://site.example/cb#top", REDIRECT_URI_MESSAGES.fragment],
      ["https://site.example/cb#", REDIRECT_URI_MESSAGES.fragment],
      ["http://site.example/cb", REDIRECT_URI_MESSAGES.insecure],
      ["http://localhost.evil.example/cb", REDIRECT_URI_MESSAGES.insecure],
      ["http://192.168.1.2/cb", REDIRECT_URI_MESSAGES.insecure],
      ["myapp://callback", REDIRECT_URI_MESSAGES.insecure],
      ["javascript://alert(1)", REDIRECT_URI_MESSAGES.insecure],
      ["/callback", REDIRECT_URI_MESSAGES.malformed],
      ["site.example/cb", REDIRECT_URI_MESSAGES.malformed],
      ["https:site.example", REDIRECT_URI_MESSAGES.malformed],
      ["https://exa mple.com/", REDIRECT_URI_MESSAGES.malformed],
      ["", REDIRECT_URI_MESSAGES.malformed],
      [`https://site.example/${"a".repeat(2100)}`, REDIRECT_URI_MESSAGES.tooLong],
      ["https://site.example/cb", REDIRECT_URI_MESSAGES.duplicate],
    ];
    for (const [uri, message] of cases)
      expect(await refusal(settings().addRedirectUri(owner.id, application.id, uri)), uri).toBe(message);
  });

  it("keeps at most 10 redirects, also when added at the same moment, and removes them", async () => {
    const owner = await env.t.seed.person();
    const { application } = await env.t.seed.app(owner.id);
    const adds = Array.from({ length: 12 }, (_, i) =>
      settings()
        .addRedirectUri(owner.id, application.id, `https://site.example/${i}`)
        .catch((e: unknown) => e),
    );
    const outcomes = await Promise.all(adds);
    expect(outcomes.filter((o) => o instanceof Error)).toHaveLength(2);
    const list = (await env.t.server.ctx.domain.applications.getForOwner(owner.id, application.id)).redirectUris;
    expect(list).toHaveLength(10);
    expect(await refusal(settings().addRedirectUri(owner.id, application.id, "https://site.example/extra"))).toBe(
      REDIRECT_URI_MESSAGES.tooMany,
    );
    expect(await settings().removeRedirectUri(owner.id, application.id, list[0] as string)).toHaveLength(9);
  });

  it("only the owner changes an application", async () => {
    const owner = await env.t.seed.person();
    const stranger = await env.t.seed.person();
    const { application } = await env.t.seed.app(owner.id);
    await expect(settings().addRedirectUri(stranger.id, application.id, "https://x.example/")).rejects.toMatchObject({
      code: 10002,
    });
    await expect(settings().resetClientSecret(stranger.id, application.id)).rejects.toMatchObject({ code: 10002 });
    await expect(settings().delete(stranger.id, application.id)).rejects.toMatchObject({ code: 10002 });
  });

  it("renames, and takes a picture only as PNG, JPEG, GIF or WebP image data", async () => {
    const owner = await env.t.seed.person();
    const { application } = await env.t.seed.app(owner.id);
    expect((await settings().rename(owner.id, application.id, "  Renamed Site ")).name).toBe("Renamed Site");
    expect(await refusal(settings().rename(owner.id, application.id, "x"))).toMatch(/between 2 and 32/);
    const gif = `data:image/gif;base64,${Buffer.from("GIF89a\x01\x00\x01\x00").toString("base64")}`;
    expect(await settings().setIcon(owner.id, application.id, gif)).toMatch(/^[0-9a-f]{32}$/);
    const notAnImage = `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`;
    for (const bad of [notAnImage, "https://example.com/a.png", 42, `data:image/png;base64,${"A".repeat(1_500_000)}`]) {
      await expect(settings().setIcon(owner.id, application.id, bad)).rejects.toMatchObject({ code: 50035 });
    }
    expect(await settings().setIcon(owner.id, application.id, null)).toBeNull();
    expect(await env.t.server.ctx.database.prisma.picture.count({ where: { ownerId: application.id } })).toBe(0);
  });

  it("a bot token reset closes the bot's gateway sessions with 4004, and the internal event reaches no bot", async () => {
    const world = await env.t.seed.world();
    const bystander = await env.t.seed.world();
    const session = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);
    const watcher = await RawGatewayClient.identified(env.t, bystander.token, Intents.Guilds);
    await env.t.server.ctx.domain.applications.resetBotToken(world.owner.id, world.app.application.id);
    expect((await session.closed).code).toBe(4004);
    expect(env.t.server.gateway.sessions.ofUser(world.botUserId.toString())).toHaveLength(0);
    expect([...session.frames, ...watcher.frames].map((f) => f.t)).not.toContain("GATEWAY_SESSIONS_CLOSE");
    await watcher.close();
  });

  it("deleting an application revokes its login tokens, closes its bot's sessions with 4004 and takes the bot out of its guilds", async () => {
    const world = await env.t.seed.world();
    const site = await loginWorld(env.t);
    // The bot's application is also a login website here.
    await settings().addRedirectUri(world.owner.id, world.app.application.id, "https://site.example/callback");
    const client = tokenClient(env.t, {
      clientId: world.app.application.id.toString(),
      clientSecret: world.app.clientSecret,
    });
    const code = new URL(
      await env.t.server.ctx.domain.oauth2.approve(site.person.id, {
        ...site.query(),
        client_id: world.app.application.id.toString(),
      }),
    ).searchParams.get("code") as string;
    const pair = await tokensFrom(await client.exchange(code));
    const session = await RawGatewayClient.identified(env.t, world.token, Intents.Guilds);

    await settings().delete(world.owner.id, world.app.application.id);
    expect((await session.closed).code).toBe(4004);
    expect((await bearer(env.t, pair.access_token)).status).toBe(401);
    expect(await env.t.server.ctx.database.prisma.member.count({ where: { userId: world.botUserId } })).toBe(0);
    expect((await fetch(`${env.t.base}/users/@me`, { headers: { authorization: `Bot ${world.token}` } })).status).toBe(
      401,
    );
    const check = await env.t.server.ctx.domain.oauth2.checkAuthorize({
      client_id: world.app.application.id.toString(),
      response_type: "code",
      scope: "identify",
    });
    expect(check.outcome === "show" && check.title).toBe("Unknown application");
  });
});
