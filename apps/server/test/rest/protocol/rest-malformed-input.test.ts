import { Permission } from "@chat/domain";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

/**
 * Property: every write route answers malformed bodies and path parameters with a 4xx in the
 * spec's error shape, and writes nothing (a fingerprint of every table is unchanged).
 * Rate limits are off here so each request reaches validation; they have their own tests.
 */

type Kind = "string" | "int" | "bool" | "id" | "array" | "object" | "bits" | "time" | "components";

const button = { type: 2, style: 1, label: "b", custom_id: "b" };

/** Text PostgreSQL cannot store: NUL (anywhere in a string) and unpaired UTF-16 surrogates. */
const unstorable = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "name\u0000", "\ud800", "x\udc00y"),
  fc.tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })).map(([a, b]) => `${a}\u0000${b}`),
);

/** Values that are never valid for a field of `kind` (max lengths are covered by `tooLong`). */
const wrongFor: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.array(fc.integer(), { maxLength: 2 }), unstorable),
  int: fc.oneof(fc.constantFrom("abc", "", "1.5x"), fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.constant({}), fc.constant([]), fc.boolean(), fc.integer({ min: -1_000_000, max: -1 })),
  bool: fc.oneof(fc.constantFrom("yes", "maybe"), fc.integer({ min: 2, max: 100 }), fc.constant({}), fc.constant([])),
  id: fc.oneof(fc.constantFrom("abc", "-1", "01", "1e3", "0x1f", "", "999999999999999999999999", "1\u0000"), fc.constant({}), fc.constant([]), fc.boolean()),
  array: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant({}), fc.boolean()),
  object: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant([1, 2]), fc.boolean()),
  bits: fc.oneof(fc.constantFrom("abc", "-5", "1.5", "0x10"), fc.constant({}), fc.constant([]), fc.boolean(), fc.integer({ min: -1000, max: -1 })),
  time: fc.oneof(fc.constantFrom("not a time", "2026-13-45T99:00:00Z", ""), fc.constant({}), fc.boolean(), fc.constant([])),
  /** Message components that break one rule of the component records (and that bot libraries could not parse). */
  components: fc.oneof(
    fc.string({ maxLength: 5 }),
    fc.constant([{}]),
    fc.integer({ min: 0, max: 40 }).filter((type) => type !== 1).map((type) => [{ type, components: [button] }]),
    fc.integer({ min: 0, max: 40 }).filter((type) => ![2, 3, 5, 6, 7, 8].includes(type)).map((type) => [{ type: 1, components: [{ ...button, type }] }]),
    fc.constantFrom(
      [{ type: 1, components: [{ type: 1, components: [button] }] }],
      [{ type: 1, components: [] }],
      [{ type: 1, components: [{ type: 2, label: "no style", custom_id: "s" }] }],
      [{ type: 1, components: [{ type: 2, style: 5, label: "l", url: "javascript:alert(1)" }] }],
      [{ type: 1, components: [{ type: 3, custom_id: "no options" }] }],
      [{ type: 1, components: [button, { ...button, label: "same id" }] }],
      Array.from({ length: 6 }, () => ({ type: 1, components: [button] })),
    ),
  ),
};

/** The fields of a command record (POST and PATCH of application commands). */
const COMMAND_FIELDS: Record<string, Kind> = {
  name: "string",
  description: "string",
  type: "int",
  options: "array",
  default_member_permissions: "bits",
  nsfw: "bool",
  name_localizations: "object",
  contexts: "array",
};

interface WriteRoute {
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path with `{name}` placeholders filled from the fixture ids. */
  path: string;
  /** A body that would be accepted; each run breaks one of `fields` (or sends a non-object). */
  base?: unknown;
  fields?: Record<string, Kind>;
  /** Fields with a maximum length, to be sent one character too long. */
  maxLengths?: Record<string, number>;
  /** Whether the body must be a JSON array rather than an object. */
  arrayBody?: boolean;
}

describe("malformed input to every write route", () => {
  const env = useTestServer({ server: { rateLimits: false, housekeepingIntervalMs: 0 }, world: false });
  let ids: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    const world = await env.t.seed.world(Permission.Administrator);
    token = world.token;
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(world.guild.id, person.id);
    const auth = { authorization: `Bot ${token}`, "content-type": "application/json" };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${env.t.base}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} set-up failed: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    const message = await call("POST", `/channels/${world.text.id}/messages`, { content: "target" });
    const thread = await call("POST", `/channels/${world.text.id}/threads`, { name: "a thread" });
    const role = await call("POST", `/guilds/${world.guild.id}/roles`, { name: "below the bot" });
    const event = await call("POST", `/guilds/${world.guild.id}/scheduled-events`, {
      name: "Later",
      privacy_level: 2,
      entity_type: 3,
      entity_metadata: { location: "The park" },
      scheduled_start_time: new Date(Date.now() + 86_400_000).toISOString(),
      scheduled_end_time: new Date(Date.now() + 90_000_000).toISOString(),
    });
    const command = await call("POST", `/applications/${world.app.application.id}/guilds/${world.guild.id}/commands`, { name: "target", description: "a command" });
    ids = {
      application: world.app.application.id.toString(),
      command: command.id,
      guild: world.guild.id.toString(),
      channel: world.text.id.toString(),
      message: message.id,
      thread: thread.id,
      role: role.id,
      user: person.id.toString(),
      event: event.id,
    };
  });

  const future = () => new Date(Date.now() + 86_400_000).toISOString();

  const routes = (): WriteRoute[] => [
    {
      method: "POST",
      path: "/channels/{channel}/messages",
      base: { content: "hello" },
      fields: { content: "string", embeds: "array", allowed_mentions: "object", message_reference: "object", flags: "int", components: "components" },
      maxLengths: { content: 2000 },
    },
    {
      method: "PATCH",
      path: "/channels/{channel}/messages/{message}",
      base: { content: "edited" },
      fields: { content: "string", embeds: "array", flags: "int", components: "components" },
      maxLengths: { content: 2000 },
    },
    { method: "POST", path: "/channels/{channel}/messages/bulk-delete", base: { messages: ["{message}", "{message}"] }, fields: { messages: "array" } },
    { method: "PATCH", path: "/channels/{channel}", base: { topic: "a topic" }, fields: { name: "string", topic: "string", nsfw: "bool", parent_id: "id", permission_overwrites: "array" }, maxLengths: { name: 100, topic: 1024 } },
    { method: "PUT", path: "/channels/{channel}/permissions/{role}", base: { type: 0, allow: "0", deny: "0" }, fields: { type: "int", allow: "bits", deny: "bits" } },
    { method: "POST", path: "/guilds/{guild}/channels", base: { name: "new-channel", type: 0 }, fields: { name: "string", type: "int", topic: "string", nsfw: "bool", parent_id: "id" }, maxLengths: { name: 100 } },
    { method: "POST", path: "/channels/{channel}/threads", base: { name: "thread name" }, fields: { name: "string", auto_archive_duration: "int" }, maxLengths: { name: 100 } },
    { method: "POST", path: "/channels/{channel}/messages/{message}/threads", base: { name: "thread name" }, fields: { name: "string" }, maxLengths: { name: 100 } },
    { method: "PATCH", path: "/channels/{thread}", base: { name: "renamed" }, fields: { name: "string", archived: "bool" }, maxLengths: { name: 100 } },
    { method: "PATCH", path: "/guilds/{guild}/members/{user}", base: { roles: [] }, fields: { roles: "array" } },
    { method: "POST", path: "/guilds/{guild}/roles", base: { name: "r" }, fields: { name: "string", permissions: "bits", color: "int", hoist: "bool", mentionable: "bool" }, maxLengths: { name: 100 } },
    { method: "PATCH", path: "/guilds/{guild}/roles/{role}", base: { name: "r2" }, fields: { name: "string", permissions: "bits", color: "int", hoist: "bool", mentionable: "bool" }, maxLengths: { name: 100 } },
    { method: "PATCH", path: "/guilds/{guild}/roles", arrayBody: true },
    { method: "PUT", path: "/guilds/{guild}/bans/{user}", base: {}, fields: { delete_message_seconds: "int" } },
    { method: "POST", path: "/channels/{channel}/invites", base: { max_age: 60 }, fields: { max_age: "int", max_uses: "int", temporary: "bool" } },
    {
      method: "POST",
      path: "/guilds/{guild}/scheduled-events",
      base: { name: "E", privacy_level: 2, entity_type: 3, entity_metadata: { location: "here" }, scheduled_start_time: future(), scheduled_end_time: new Date(Date.now() + 90_000_000).toISOString() },
      fields: { name: "string", privacy_level: "int", entity_type: "int", scheduled_start_time: "time", scheduled_end_time: "time", entity_metadata: "object", description: "string", recurrence_rule: "object" },
      maxLengths: { name: 100, description: 1000 },
    },
    { method: "PATCH", path: "/guilds/{guild}/scheduled-events/{event}", base: { name: "Renamed" }, fields: { name: "string", status: "int", scheduled_start_time: "time", description: "string" }, maxLengths: { name: 100 } },
    { method: "PATCH", path: "/users/@me", base: {}, fields: { username: "string", avatar: "string" }, maxLengths: { username: 32 } },
    { method: "POST", path: "/users/@me/channels", base: { recipient_id: "{user}" }, fields: { recipient_id: "id" } },
    ...["/applications/{application}/commands", "/applications/{application}/guilds/{guild}/commands"].flatMap((path): WriteRoute[] => [
      { method: "POST", path, base: { name: "cmd", description: "a command" }, fields: COMMAND_FIELDS, maxLengths: { name: 32, description: 100 } },
      { method: "PUT", path, arrayBody: true },
    ]),
    { method: "PATCH", path: "/applications/{application}/guilds/{guild}/commands/{command}", base: { description: "edited" }, fields: COMMAND_FIELDS, maxLengths: { name: 32, description: 100 } },
  ];

  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? name);
  const fillBody = (value: unknown): unknown => JSON.parse(fill(JSON.stringify(value)));

  /** One string summarising every table's rows: equal before and after means nothing was written. */
  async function fingerprint(): Promise<string> {
    const db = env.t.server.ctx.database.prisma;
    const tables = await db.$queryRawUnsafe<{ name: string }[]>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1",
    );
    const parts = tables.map((row) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${row.name}" t)`);
    const [result] = await db.$queryRawUnsafe<{ print: string }[]>(`SELECT concat_ws(',', ${parts.join(", ")}) AS print`);
    return result?.print ?? "";
  }

  async function send(method: string, path: string, body: unknown) {
    const response = await fetch(`${env.t.base}${path}`, {
      method,
      headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, body: json as { message?: unknown; code?: unknown; errors?: unknown } | null };
  }

  function expectSpecError(result: Awaited<ReturnType<typeof send>>, what: string) {
    expect(result.status, what).toBeGreaterThanOrEqual(400);
    expect(result.status, what).toBeLessThan(500);
    expect(typeof result.body?.message, what).toBe("string");
    expect(typeof result.body?.code, what).toBe("number");
    if (result.body?.code === 50035 && result.body.errors !== undefined) expect(typeof result.body.errors, what).toBe("object");
  }

  /** A body for `route` that breaks exactly one rule. */
  function brokenBody(route: WriteRoute): fc.Arbitrary<unknown> {
    const notAnObject = route.arrayBody
      ? fc.oneof(fc.constant({}), fc.integer(), fc.string({ maxLength: 5 }), fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null)), { minLength: 1, maxLength: 3 }))
      : fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.array(fc.integer(), { maxLength: 3 }), fc.boolean());
    const options: fc.Arbitrary<unknown>[] = [notAnObject];
    const base = (route.base ?? {}) as Record<string, unknown>;
    for (const [field, kind] of Object.entries(route.fields ?? {})) {
      options.push(wrongFor[kind].map((value) => ({ ...base, [field]: value })));
    }
    // Every route, also one without string fields: unstorable text in a key, in an unknown field, in each string of the base.
    options.push(unstorable.map((bad) => (route.arrayBody ? [{ name: bad, description: bad }] : { ...base, [bad]: "value" })));
    options.push(unstorable.map((bad) => (route.arrayBody ? [bad] : { ...base, note: bad })));
    for (const [field, value] of Object.entries(base)) {
      if (typeof value === "string") options.push(unstorable.map((bad) => ({ ...base, [field]: `${value}${bad}` })));
    }
    for (const [field, max] of Object.entries(route.maxLengths ?? {})) {
      options.push(fc.integer({ min: max + 1, max: max + 50 }).map((length) => ({ ...base, [field]: "x".repeat(length) })));
    }
    return fc.oneof(...options);
  }

  it("answers every broken body with a 4xx in the error shape and writes nothing", async () => {
    for (const route of routes()) {
      const before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(brokenBody(route), async (body) => {
          const path = fill(route.path);
          const result = await send(route.method, path, fillBody(body));
          expectSpecError(result, `${route.method} ${route.path} with ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: 15 },
      );
      expect(await fingerprint(), `${route.method} ${route.path} wrote something`).toBe(before);
    }
  });

  it("answers malformed path ids with a 4xx in the error shape and writes nothing", async () => {
    const badId = fc.constantFrom("abc", "-1", "01", "1e3", "0x1f", "999999999999999999999999", "%20", "1.5");
    const pathRoutes = [
      ...routes().map((r) => ({ method: r.method, path: r.path, body: r.base ?? [] })),
      { method: "DELETE" as const, path: "/channels/{channel}/messages/{message}", body: undefined },
      { method: "DELETE" as const, path: "/channels/{channel}", body: undefined },
      { method: "PUT" as const, path: "/channels/{channel}/messages/{message}/reactions/%F0%9F%91%8D/@me", body: undefined },
      { method: "PUT" as const, path: "/channels/{channel}/pins/{message}", body: undefined },
      { method: "PUT" as const, path: "/guilds/{guild}/members/{user}/roles/{role}", body: undefined },
      { method: "DELETE" as const, path: "/guilds/{guild}/members/{user}", body: undefined },
      { method: "DELETE" as const, path: "/guilds/{guild}/roles/{role}", body: undefined },
      { method: "DELETE" as const, path: "/guilds/{guild}/scheduled-events/{event}", body: undefined },
      { method: "PUT" as const, path: "/channels/{thread}/thread-members/@me", body: undefined },
      { method: "DELETE" as const, path: "/applications/{application}/guilds/{guild}/commands/{command}", body: undefined },
    ];
    const before = await fingerprint();
    for (const route of pathRoutes) {
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      if (placeholders.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...placeholders), badId, async (which, bad) => {
          const path = route.path.replace(`{${which}}`, bad);
          const result = await send(route.method, fill(path), route.body === undefined ? undefined : fillBody(route.body));
          expectSpecError(result, `${route.method} ${path}`);
        }),
        { numRuns: 6 },
      );
    }
    expect(await fingerprint()).toBe(before);
  });
});
