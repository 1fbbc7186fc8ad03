import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";

async function expectJsonError(res: Response, status: number, body: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toMatchObject(body);
}

describe("REST error answers", () => {
  const env = useTestServer();
  let channelPath: string;
  /** Every request counts against the channel's send limit (5 per 5 s), invalid ones too: tests that send use their own channel. */
  let n = 0;
  const ownChannel = async () =>
    `/channels/${(await fixtures(env.t).channel(env.world.guild.id, { name: `errors-${++n}` })).id}/messages`;

  beforeAll(async () => {
    // A channel of its own, so these requests never reach the rate limit of `general`.
    channelPath = await ownChannel();
  });

  describe("401 only for a missing or wrong token", () => {
    it("answers 401 code 0 on an authenticated route without a token, with a wrong one, or with a Bearer one", async () => {
      for (const authorization of [
        undefined,
        "Bot a.b.c",
        `Bot ${env.world.token}x`,
        `Bearer ${env.world.token}`,
        env.world.token,
      ]) {
        const res = await fetch(`${env.t.base}/guilds/${env.world.guild.id}`, {
          headers: authorization ? { authorization } : {},
        });
        await expectJsonError(res, 401, { message: "401: Unauthorized", code: 0 });
      }
    });

    it("checks the token before reading the body: bad JSON without a token is 401", async () => {
      const res = await fetch(`${env.t.base}${channelPath}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      });
      await expectJsonError(res, 401, { code: 0 });
    });

    it("answers hidden, forbidden and invalid requests with a valid token never with 401", async () => {
      const answers = await Promise.all([
        env.bot.get("/channels/1"),
        env.bot.post(channelPath, {}),
        env.bot.get(`${channelPath}?limit=0`),
        env.bot.get("/nope"),
      ]);
      expect(answers.map((r) => r.status)).toEqual([404, 400, 400, 404]);
    });
  });

  describe("unknown routes (spec rule 8)", () => {
    it("answers 404 code 0 for an unknown path, without asking for a token", async () => {
      await expectJsonError(await fetch(`${env.t.base}/nope/nothing`), 404, { message: "404: Not Found", code: 0 });
      await expectJsonError(await env.bot.get("/nope/nothing"), 404, { message: "404: Not Found", code: 0 });
    });

    it("answers 404 code 0 for an unknown method on a known path, with or without a token", async () => {
      await expectJsonError(await fetch(`${env.t.base}/users/@me`, { method: "DELETE" }), 404, { code: 0 });
      await expectJsonError(
        await fetch(`${env.t.base}/gateway`, { method: "PUT", headers: { authorization: `Bot ${env.world.token}` } }),
        404,
        { code: 0 },
      );
    });

    it("has no unversioned or other-version form of a route (versioning rule 2)", async () => {
      for (const path of ["/users/@me", "/api/users/@me", "/api/v9/users/@me"]) {
        await expectJsonError(
          await fetch(`${env.t.server.url}${path}`, { headers: { authorization: `Bot ${env.world.token}` } }),
          404,
          { code: 0 },
        );
      }
    });
  });

  describe("request bodies", () => {
    it("answers 50109 (HTTP 400) for a body that is not valid JSON", async () => {
      await expectJsonError(await env.bot.postRaw(await ownChannel(), '{"content": "hi"'), 400, { code: 50109 });
    });

    it("answers 40005 (HTTP 413) for a JSON body over 1 MB", async () => {
      const res = await env.bot.postRaw(await ownChannel(), JSON.stringify({ content: "x".repeat(1024 * 1024) }));
      await expectJsonError(res, 413, { code: 40005 });
    });

    it("answers 50035 with the nested errors shape for a field that breaks its rule", async () => {
      const path = await ownChannel();
      await expectJsonError(await env.bot.post(path, { content: "x".repeat(2001) }), 400, {
        code: 50035,
        message: "Invalid Form Body",
      });
      const body = await (await env.bot.post(path, { content: "x".repeat(2001) })).json();
      expect(body.errors).toEqual({
        content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: expect.any(String) }] },
      });
    });

    it("names nested fields in the errors object (a forward, message_reference.type 1, is unsupported)", async () => {
      const res = await env.bot.post(await ownChannel(), {
        content: "fwd",
        message_reference: { type: 1, message_id: "1" },
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe(50035);
      expect(body.errors.message_reference.type._errors[0]).toEqual({
        code: expect.any(String),
        message: expect.any(String),
      });
    });

    it("answers 50035 naming the query field for an out-of-range limit", async () => {
      const cases = { "0": "NUMBER_TYPE_MIN", "101": "NUMBER_TYPE_MAX", many: "NUMBER_TYPE_COERCE" };
      for (const [limit, code] of Object.entries(cases)) {
        const res = await env.bot.get(`${channelPath}?limit=${limit}`);
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body).toMatchObject({
          code: 50035,
          errors: { limit: { _errors: [{ code, message: expect.any(String) }] } },
        });
      }
      const guilds = await env.bot.get("/users/@me/guilds?limit=201");
      expect(await guilds.json()).toMatchObject({ code: 50035, errors: { limit: { _errors: [expect.anything()] } } });
    });

    it("answers 50006 for an empty message", async () => {
      const path = await ownChannel();
      for (const body of [{}, { content: "" }, { content: "   " }, { content: null, embeds: [] }]) {
        await expectJsonError(await env.bot.post(path, body), 400, { code: 50006 });
      }
    });
  });

  describe("ids have one spelling", () => {
    it("answers an id written with leading zeros as unknown, so it can neither reach the channel nor dodge its rate limit", async () => {
      const id = channelPath.split("/")[2];
      await expectJsonError(await env.bot.post(`/channels/000${id}/messages`, { content: "zeros" }), 404, {
        code: 10003,
      });
      await expectJsonError(await env.bot.get(`/channels/0${id}`), 404, { code: 10003 });
    });
  });

  describe("embed and component limits", () => {
    it("refuses an embed title over 256, more than 25 fields, more than 6000 characters in all, and a component that is not an action row", async () => {
      const path = await ownChannel();
      const long = (n: number) => "x".repeat(n);
      const title = await env.bot.post(path, { embeds: [{ title: long(257) }] });
      await expectJsonError(title, 400, {
        code: 50035,
        errors: { embeds: { 0: { title: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } } } },
      });
      const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: "v" }));
      await expectJsonError(await env.bot.post(path, { embeds: [{ fields }] }), 400, { code: 50035 });
      const big = Array.from({ length: 2 }, () => ({ description: long(4000) }));
      await expectJsonError(await env.bot.post(path, { embeds: big }), 400, { code: 50035 });
      await expectJsonError(await env.bot.post(path, { components: [{}] }), 400, { code: 50035 });
      const fine = await env.bot.post(path, {
        embeds: [{ title: long(256), description: long(4096), fields: fields.slice(0, 25) }],
      });
      expect(fine.status).toBe(200);
    });
  });
});
