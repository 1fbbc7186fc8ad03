import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { expectError, fixtures } from "../../support/rest-fixtures";

/** Each URL of an embed, as the field path a 50035 names and an embed holding `url` there. */
const FIELDS: { path: string; picture: boolean; embed: (url: string) => Record<string, unknown> }[] = [
  { path: "url", picture: false, embed: (url) => ({ title: "t", url }) },
  { path: "author.url", picture: false, embed: (url) => ({ author: { name: "a", url } }) },
  { path: "author.icon_url", picture: true, embed: (url) => ({ author: { name: "a", icon_url: url } }) },
  { path: "footer.icon_url", picture: true, embed: (url) => ({ footer: { text: "f", icon_url: url } }) },
  { path: "image.url", picture: true, embed: (url) => ({ image: { url } }) },
  { path: "thumbnail.url", picture: true, embed: (url) => ({ thumbnail: { url } }) },
];

const BAD_SCHEMES = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/png;base64,AAAA",
  "vbscript:x",
  "file:///etc/passwd",
  "ftp://example.org/x.png",
];

/** The `_errors` of the field at `embeds.<index>.<path>` of a 50035 body. */
function fieldErrors(body: { errors: Record<string, unknown> }, index: number, path: string): unknown {
  let node: unknown = (body.errors.embeds as Record<string, unknown> | undefined)?.[String(index)];
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { _errors?: unknown } | undefined)?._errors;
}

/** Embed URLs are links or pictures a client opens or loads: http and https only, plus attachment:// for pictures (spec: embeds). */
describe("embed URLs only take http, https and (for pictures) attachment://", () => {
  // Many sends in a row: the per-channel send limit is not what these tests look at.
  const env = useTestServer({ server: { rateLimits: false } });
  let n = 0;
  const newChannel = async () => (await fixtures(env.t).channel(env.world.guild.id, { name: `embed-urls-${++n}` })).id;
  const messagesIn = async (channel: bigint) =>
    (await (await env.bot.get(`/channels/${channel}/messages`)).json()) as unknown[];

  it("refuses javascript:, data: and every other scheme in each embed URL field with 50035 naming the field, storing nothing", async () => {
    const channel = await newChannel();
    for (const field of FIELDS) {
      for (const url of BAD_SCHEMES) {
        const body = await expectError(
          await env.bot.post(`/channels/${channel}/messages`, { embeds: [{ title: "ok" }, field.embed(url)] }),
          400,
          50035,
        );
        expect(fieldErrors(body, 1, field.path), `${field.path} = ${JSON.stringify(url)}`).toEqual([
          {
            code: "URL_TYPE_INVALID_SCHEME",
            message: expect.stringMatching(/^Scheme "\w+" is not supported\. Scheme must be one of \(/),
          },
        ]);
      }
    }
    expect(await messagesIn(channel)).toEqual([]);
  });

  it("answers the reference's message: http/https for links, and attachment too for pictures", async () => {
    const channel = await newChannel();
    const link = await expectError(
      await env.bot.post(`/channels/${channel}/messages`, {
        embeds: [{ author: { name: "a", url: "javascript:alert(1)" } }],
      }),
      400,
      50035,
    );
    expect(fieldErrors(link, 0, "author.url")).toEqual([
      {
        code: "URL_TYPE_INVALID_SCHEME",
        message: `Scheme "javascript" is not supported. Scheme must be one of ('http', 'https').`,
      },
    ]);
    const picture = await expectError(
      await env.bot.post(`/channels/${channel}/messages`, {
        embeds: [{ image: { url: "data:image/png;base64,AAAA" } }],
      }),
      400,
      50035,
    );
    expect(fieldErrors(picture, 0, "image.url")).toEqual([
      {
        code: "URL_TYPE_INVALID_SCHEME",
        message: `Scheme "data" is not supported. Scheme must be one of ('http', 'https', 'attachment').`,
      },
    ]);
    const malformed = await expectError(
      await env.bot.post(`/channels/${channel}/messages`, { embeds: [{ url: "not a url" }] }),
      400,
      50035,
    );
    expect(fieldErrors(malformed, 0, "url")).toEqual([
      { code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL." },
    ]);
  });

  it("refuses attachment:// where it names no picture (the embed's url and the author's url)", async () => {
    const channel = await newChannel();
    for (const field of FIELDS.filter((f) => !f.picture)) {
      const body = await expectError(
        await env.bot.post(`/channels/${channel}/messages`, { embeds: [field.embed("attachment://x.png")] }),
        400,
        50035,
      );
      expect(fieldErrors(body, 0, field.path)).toEqual([
        { code: "URL_TYPE_INVALID_SCHEME", message: expect.any(String) },
      ]);
    }
    expect(await messagesIn(channel)).toEqual([]);
  });

  it("refuses a bad scheme in an edit too, leaving the message as it was", async () => {
    const channel = await newChannel();
    const sent = (await (
      await env.bot.post(`/channels/${channel}/messages`, { embeds: [{ title: "safe", url: "https://example.org/" }] })
    ).json()) as { id: string };
    for (const field of FIELDS) {
      const body = await expectError(
        await env.bot.patch(`/channels/${channel}/messages/${sent.id}`, {
          embeds: [field.embed("javascript:alert(1)")],
        }),
        400,
        50035,
      );
      expect(fieldErrors(body, 0, field.path)).toEqual([
        { code: "URL_TYPE_INVALID_SCHEME", message: expect.any(String) },
      ]);
    }
    const stored = (await (await env.bot.get(`/channels/${channel}/messages/${sent.id}`)).json()) as {
      embeds: unknown[];
    };
    expect(stored.embeds).toEqual([{ type: "rich", title: "safe", url: "https://example.org/" }]);
  });

  it("accepts http and https in every embed URL field, and attachment:// in the picture fields", async () => {
    const channel = await newChannel();
    for (const field of FIELDS) {
      for (const url of [
        "http://example.org/a.png",
        "https://example.org/a.png?x=1#y",
        ...(field.picture ? ["attachment://chart.png"] : []),
      ]) {
        const res = await env.bot.post(`/channels/${channel}/messages`, { embeds: [field.embed(url)] });
        expect(res.status, `${field.path} = ${url}`).toBe(200);
        const message = (await res.json()) as { embeds: Record<string, unknown>[] };
        expect(message.embeds[0]).toMatchObject(field.embed(url));
      }
    }
  });

  it("keeps only the url of an image or thumbnail, not a proxy_url given by the sender", async () => {
    const channel = await newChannel();
    const res = await env.bot.post(`/channels/${channel}/messages`, {
      embeds: [{ image: { url: "https://example.org/a.png", proxy_url: "javascript:alert(1)" } }],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { embeds: unknown[] }).embeds).toEqual([
      { type: "rich", image: { url: "https://example.org/a.png" } },
    ]);
  });
});
