import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { expectOAuthError, loginWorld, REDIRECT, tokenClient } from "../../support/oauth2-fixtures";
import { expectError, fixtures } from "../../support/rest-fixtures";

/**
 * Input the fuzzing probe found answered with a 500 or in Fastify's own error shape: text
 * PostgreSQL cannot store, malformed multipart bodies and paths the router cannot take.
 * Each answers a 4xx in the spec's error body and writes nothing.
 */
describe("bad input at the edges of the bot API", () => {
  const env = useTestServer();
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `bad-input-${++n}` })).id;
  const messageCount = (channelId: bigint) => env.t.server.ctx.database.prisma.message.count({ where: { channelId } });

  /** A request with the body and content type exactly as given (fetch would fix a broken multipart). */
  const raw = (method: string, path: string, body: string, contentType: string | null) =>
    fetch(`${env.t.base}${path}`, {
      method,
      headers: { ...env.bot.headers, ...(contentType ? { "content-type": contentType } : {}) },
      body,
    });

  /** A request whose path is sent byte for byte (fetch and URL would re-encode it). */
  const rawPath = (path: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const url = new URL(env.t.base);
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: "GET", path, headers: env.bot.headers },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.end();
    });

  const invalidCharacters = (field: string) => ({
    [field]: { _errors: [{ code: "STRING_TYPE_INVALID_CHARACTERS", message: expect.any(String) }] },
  });

  describe("text PostgreSQL cannot store", () => {
    it("refuses NUL in a sent message's content with 50035 naming the field, and stores nothing", async () => {
      const channel = await newChannel();
      const body = await expectError(
        await env.bot.post(`/channels/${channel}/messages`, { content: "hello\u0000world" }),
        400,
        50035,
      );
      expect(body.errors).toEqual(invalidCharacters("content"));
      expect(await messageCount(channel)).toBe(0);
    });

    it("refuses an unpaired surrogate with 50035 naming the nested field", async () => {
      const channel = await newChannel();
      const body = await expectError(
        await env.bot.post(`/channels/${channel}/messages`, { embeds: [{ title: "half \ud83d" }] }),
        400,
        50035,
      );
      expect(body.errors).toEqual({ embeds: { "0": invalidCharacters("title") } });
      expect(await messageCount(channel)).toBe(0);
    });

    it("refuses NUL in multipart payload_json and in a file name, and stores nothing", async () => {
      const channel = await newChannel();
      const inPayload = new FormData();
      inPayload.append("payload_json", JSON.stringify({ content: "a\u0000b" }));
      const first = await expectError(
        await fetch(`${env.t.base}/channels/${channel}/messages`, {
          method: "POST",
          headers: env.bot.headers,
          body: inPayload,
        }),
        400,
        50035,
      );
      expect(first.errors).toEqual(invalidCharacters("content"));
      const inName = new FormData();
      inName.append("payload_json", JSON.stringify({ content: "file" }));
      inName.append("files[0]", new Blob([new Uint8Array([1, 2, 3])]), "evil\u0000.txt");
      const second = await expectError(
        await fetch(`${env.t.base}/channels/${channel}/messages`, {
          method: "POST",
          headers: env.bot.headers,
          body: inName,
        }),
        400,
        50035,
      );
      expect(second.errors).toEqual(invalidCharacters("files[0]"));
      expect(await messageCount(channel)).toBe(0);
    });

    it("names a field called constructor like any other field: NUL in it, or a wrong type, answers 50035 naming it", async () => {
      const channel = await newChannel();
      const nul = await expectError(
        await env.bot.post(`/channels/${channel}/messages`, { content: "hi", constructor: "a\u0000" }),
        400,
        50035,
      );
      expect(nul.errors).toEqual(invalidCharacters("constructor"));
      const localized = await expectError(
        await env.bot.post(`/applications/${env.world.app.application.id}/commands`, {
          name: "ctor",
          description: "d",
          name_localizations: { constructor: 5 },
        }),
        400,
        50035,
      );
      expect(localized.errors).toEqual({
        name_localizations: { constructor: { _errors: [{ code: expect.any(String), message: expect.any(String) }] } },
      });
      expect(Object.hasOwn(Object, "_errors")).toBe(false);
      expect(await messageCount(channel)).toBe(0);
    });

    it("refuses NUL in the member search query with 50035 naming `query`", async () => {
      const body = await expectError(
        await env.bot.get(`/guilds/${env.world.guild.id}/members/search?query=a%00b&limit=5`),
        400,
        50035,
      );
      expect(body.errors).toEqual(invalidCharacters("query"));
    });

    it("answers NUL in a token endpoint parameter with invalid_request in the login error shape", async () => {
      const world = await loginWorld(env.t);
      const client = tokenClient(env.t, world.site);
      await expectOAuthError(await client.exchange("code\u0000"), "invalid_request");
      await expectOAuthError(
        await client.form("/oauth2/token", {
          grant_type: "authorization_code",
          code: "x",
          redirect_uri: REDIRECT,
          client_id: world.site.clientId,
          client_secret: "s\u0000",
        }),
        "invalid_request",
      );
      await expectOAuthError(await client.revoke("token\u0000"), "invalid_request");
      await expectOAuthError(
        await client.json("/oauth2/token", {
          grant_type: "refresh_token",
          refresh_token: "\u0000",
          client_id: world.site.clientId,
          client_secret: world.site.clientSecret,
        }),
        "invalid_request",
      );
    });
  });

  describe("malformed multipart bodies", () => {
    const body = (boundary: string) =>
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="payload_json"',
        "",
        JSON.stringify({ content: "multipart" }),
        `--${boundary}--`,
        "",
      ].join("\r\n");

    const cases: [string, () => [string, string]][] = [
      ["without a boundary", () => [body("xyz"), "multipart/form-data"]],
      ["with a boundary the body never uses", () => [body("xyz"), "multipart/form-data; boundary=other"]],
      ["cut short before its closing boundary", () => [body("xyz").slice(0, -12), "multipart/form-data; boundary=xyz"]],
      [
        "cut short inside a part's headers",
        () => ["--xyz\r\nContent-Disposition: form-da", "multipart/form-data; boundary=xyz"],
      ],
    ];

    for (const [name, make] of cases) {
      it(`answers a body ${name} with 400 (50035) on POST and PATCH, and stores nothing`, async () => {
        const channel = await newChannel();
        const target = (await (await env.bot.post(`/channels/${channel}/messages`, { content: "target" })).json()) as {
          id: string;
        };
        const [text, type] = make();
        const posted = await expectError(await raw("POST", `/channels/${channel}/messages`, text, type), 400, 50035);
        expect(posted.message).toMatch(/multipart/i);
        await expectError(await raw("PATCH", `/channels/${channel}/messages/${target.id}`, text, type), 400, 50035);
        expect(await messageCount(channel)).toBe(1);
        const stored = await env.t.server.ctx.database.prisma.message.findUnique({ where: { id: BigInt(target.id) } });
        expect(stored?.content).toBe("target");
      });
    }
  });

  describe("paths the router cannot take", () => {
    it("answers an undecodable percent-encoding as an unknown route: 404 code 0 in the spec's body", async () => {
      for (const path of ["/api/v10/channels/%E0%A4%A", "/api/v10/channels/%zz/messages", "/api/v10/users/%"]) {
        const res = await rawPath(path);
        expect({ path, ...res }).toEqual({ path, status: 404, body: { message: "404: Not Found", code: 0 } });
      }
    });

    it("answers a path segment over the router's length limit with 414 in the spec's body", async () => {
      const res = await rawPath(`/api/v10/channels/${"1".repeat(5000)}`);
      expect(res).toEqual({ status: 414, body: { message: expect.any(String), code: 0 } });
    });

    it("answers a request line and headers over Node's size limit with 431 in the spec's body", async () => {
      const res = await rawPath(`/api/v10/users/@me?q=${"%E2%80%8B".repeat(10_000)}`);
      expect(res).toEqual({ status: 431, body: { message: "431: Request Header Fields Too Large", code: 0 } });
    });
  });
});
