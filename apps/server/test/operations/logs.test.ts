import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerLogger } from "../../src/logging/logger";
import { safeUrl } from "@chat/events";
import { Intents, RawGatewayClient } from "../support/gateway-client";
import { startTestServer, storageMode, type TestServer } from "../support/test-server";

/** The node's JSON log, one parsed object per line, as a test reads it. */
function capturedLog() {
  const text: string[] = [];
  return {
    destination: { write: (line: string) => text.push(line) },
    text: () => text.join(""),
    lines: () => text.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe(`the server's JSON log (${storageMode})`, () => {
  const log = capturedLog();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ logger: createServerLogger({ level: "debug", destination: log.destination }) });
  });
  afterAll(() => t?.close());

  it("follows a REST request by its X-Request-Id into the log line of each event it caused", async () => {
    const world = await t.seed.world();
    const bot = await RawGatewayClient.identified(t, world.token, Intents.Guilds | Intents.GuildMessages);
    const sent = await fetch(`${t.base}/channels/${world.text.id}/messages`, {
      method: "POST",
      headers: {
        authorization: `Bot ${world.token}`,
        "content-type": "application/json",
        "x-request-id": "trace-me-42",
      },
      body: JSON.stringify({ content: "traced" }),
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("x-request-id")).toBe("trace-me-42");
    await bot.dispatch("MESSAGE_CREATE");
    bot.close();

    const traced = log.lines().filter((line) => line.requestId === "trace-me-42");
    expect(traced).toContainEqual(expect.objectContaining({ msg: "request completed", res: { statusCode: 200 } }));
    expect(traced).toContainEqual(
      expect.objectContaining({ msg: "event dispatched", event: "MESSAGE_CREATE", sessions: 1 }),
    );
    for (const line of traced)
      expect(line).toMatchObject({ service: "server", level: expect.any(Number), time: expect.any(Number) });
  });

  it("gives a request without a usable X-Request-Id a new one, answered in the header and logged", async () => {
    const plain = await fetch(`${t.base}/gateway`);
    const odd = await fetch(`${t.base}/gateway`, { headers: { "x-request-id": `line\tbreak ${"x".repeat(80)}` } });
    const ids = [plain.headers.get("x-request-id"), odd.headers.get("x-request-id")];
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(log.lines()).toContainEqual(expect.objectContaining({ requestId: id, msg: "request completed" }));
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("leaves the health checks a load balancer polls every second out of the request log", async () => {
    const polls = await Promise.all(["/healthz", "/readyz"].map((path) => fetch(`${t.server.url}${path}`)));
    const ids = polls.map((response) => response.headers.get("x-request-id"));
    await fetch(`${t.base}/gateway`, { headers: { "x-request-id": "after-the-polls" } });
    await expect
      .poll(() => log.lines().some((line) => line.requestId === "after-the-polls" && line.msg === "request completed"))
      .toBe(true);
    expect(log.lines().filter((line) => ids.includes(line.requestId as string))).toEqual([]);
  });

  it("never writes a token, a password or a signature: headers are left out and capabilities in URLs are redacted", async () => {
    const world = await t.seed.world();
    const webhookToken = "webhook-token-abcdefghijklmnop";
    const interactionToken = "aW50ZXJhY3Rpb246c2VjcmV0";
    const signature = "0123456789abcdef0123456789abcdef";
    await fetch(`${t.base}/users/@me`, {
      headers: { authorization: `Bot ${world.token}`, cookie: "session=cookie-secret-value" },
    });
    await fetch(`${t.base}/webhooks/123456789012345678/${webhookToken}?wait=true`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await fetch(`${t.base}/interactions/123456789012345678/${interactionToken}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await fetch(`${t.base}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "oauth-code-secret",
        client_id: "1",
        client_secret: "client-secret-value",
      }),
    });
    await fetch(`${t.server.url}/cdn/attachments/1/2/file.txt?ex=1&is=2&hm=${signature}`);

    const text = log.text();
    for (const secret of [
      world.token,
      "cookie-secret-value",
      webhookToken,
      interactionToken,
      "oauth-code-secret",
      "client-secret-value",
      signature,
    ]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    const urls = log
      .lines()
      .flatMap((line) => ((line.req as { url?: string } | undefined)?.url ? [(line.req as { url: string }).url] : []));
    expect(urls).toContain("/api/v10/webhooks/123456789012345678/[redacted]?wait=true");
    expect(urls).toContain("/api/v10/interactions/123456789012345678/[redacted]/callback");
    expect(urls).toContain("/cdn/attachments/1/2/file.txt?ex=1&is=2&hm=[redacted]");
  });
});

describe("URLs as logged", () => {
  it("keeps ids, routes and plain query values, and redacts path tokens and every other query value", () => {
    expect(safeUrl("/api/v10/channels/1/messages?limit=50&before=9")).toBe(
      "/api/v10/channels/1/messages?limit=50&before=9",
    );
    expect(safeUrl("/api/webhooks/77/tok.en-value/messages/@original")).toBe(
      "/api/webhooks/77/[redacted]/messages/@original",
    );
    expect(safeUrl("/oauth2/authorize?client_id=5&code=abc&state=xyz")).toBe(
      "/oauth2/authorize?client_id=5&code=[redacted]&state=[redacted]",
    );
  });
});
