import { AUTOCOMPLETE_RESULT, type AutocompleteResultData, type PersonEvent } from "@chat/events";
import { ApiError } from "@chat/domain";
import type { APIApplicationCommandAutocompleteGuildInteraction } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { expectError, fixtures } from "../../support/rest-fixtures";
import { expectFieldError } from "../commands/rest-commands-fixtures";
import {
  type BotGateway,
  callback,
  type InteractionWorld,
  interactionWorld,
  PersonEvents,
  receivedBy,
  webhook,
} from "./interaction-fixtures";

const CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback";

/**
 * Spec: Interaction object (type 4 autocomplete), Callback types (8, autocomplete only), Limits
 * ("Autocomplete result up to 25 choices"). The person's request is checked before delivery;
 * the bot's choices go to the tab typing and nowhere else.
 */
describe("autocomplete", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let gateway: BotGateway;
  let events: PersonEvents;
  let find: { id: string };
  let outsider: bigint;
  let hidden: bigint;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    gateway = await w.connect();
    events = new PersonEvents(env.t.server.ctx.bus);
    find = await w.command({
      name: "find",
      description: "find things",
      options: [
        { type: 3, name: "query", description: "what", autocomplete: true, required: true },
        { type: 5, name: "loud", description: "b", required: true },
        { type: 4, name: "count", description: "how many", autocomplete: true, min_value: 1, max_value: 5 },
        { type: 10, name: "ratio", description: "how much", autocomplete: true },
        { type: 3, name: "plain", description: "no autocomplete", min_length: 3 },
        { type: 6, name: "who", description: "a member" },
      ],
    });
    outsider = (await env.t.seed.person()).id;
    const f = fixtures(env.t);
    const secret = await f.channel(w.guild.id, { name: "secret" });
    await f.hideFromEveryone(secret.id, w.guild.id);
    hidden = secret.id;
  });
  afterAll(async () => {
    events.close();
    await gateway.close();
  });

  const typing = (
    options: unknown[],
    extra: { tabId?: string; commandId?: string; userId?: bigint; channelId?: bigint } = {},
  ) =>
    w.domain.interactions.autocomplete(extra.userId ?? w.member.id, {
      channelId: extra.channelId ?? w.text.id,
      commandId: BigInt(extra.commandId ?? find.id),
      options: options as never,
      tabId: extra.tabId,
    });
  /** The member typing `typed` into `query`, as the bot received it. */
  const typed = async (typedSoFar = "ap", tabId?: string) =>
    receivedBy(gateway, (await typing([{ name: "query", type: 3, value: typedSoFar, focused: true }], { tabId })).id);
  const choicesFor = (id: string) =>
    events.until((e) => e.t === AUTOCOMPLETE_RESULT && (e.d as AutocompleteResultData).id === id) as Promise<
      PersonEvent<typeof AUTOCOMPLETE_RESULT>
    >;
  const count = () => env.t.server.ctx.database.prisma.interaction.count();
  const channelMessages = async () =>
    (await (await w.bot.get(`/channels/${w.text.id}/messages?limit=100`)).json()) as { id: string }[];

  it("delivers a type 4 interaction with the focused option, what is typed so far, and the other options filled so far", async () => {
    const { id } = await typing(
      [
        { name: "loud", type: 5, value: true },
        { name: "who", type: 6, value: w.owner.id.toString() },
        { name: "count", type: 4, value: "3", focused: true },
      ],
      { tabId: "tab-a" },
    );
    const d = (await receivedBy(gateway, id)) as unknown as APIApplicationCommandAutocompleteGuildInteraction;
    expect(d).toMatchObject({
      type: 4,
      guild_id: w.guild.id.toString(),
      channel_id: w.text.id.toString(),
      member: { user: { id: w.member.id.toString() } },
      data: {
        id: find.id,
        name: "find",
        type: 1,
        options: [
          { name: "loud", type: 5, value: true },
          { name: "who", type: 6, value: w.owner.id.toString() },
          // A partially typed number arrives as the string typed, as the reference platform sends it.
          { name: "count", type: 4, value: "3", focused: true },
        ],
        resolved: { users: { [w.owner.id.toString()]: { id: w.owner.id.toString() } } },
      },
    });
    expect((await w.row(id)).state).toBe("delivered");
  });

  it("callback 8 tells the tab typing its choices (204), posts nothing, and answers the interaction", async () => {
    const before = await channelMessages();
    const interaction = await typed("ap", "tab-b");
    const choices = [
      { name: "Apple", value: "apple" },
      { name: "Apricot", value: "apricot" },
    ];
    const res = await callback(env.t, interaction, { type: 8, data: { choices } });
    expect(res.status).toBe(204);
    const told = await choicesFor(interaction.id);
    expect(told).toMatchObject({
      d: { id: interaction.id, channel_id: w.text.id.toString(), choices },
      personId: w.member.id.toString(),
      tabId: "tab-b",
    });
    expect((await w.row(interaction.id)).state).toBe("answered");
    expect((await w.row(interaction.id)).callbackType).toBe(8);
    expect(await channelMessages()).toEqual(before);
    expect(events.updatesOf(interaction.id)).toEqual([]);
  });

  it("callback 8 with_response=true answers the interaction only, as the reference's schema says; no choices is fine", async () => {
    const interaction = await typed("");
    const body = await (
      await callback(env.t, interaction, { type: 8, data: { choices: [] } }, "?with_response=true")
    ).json();
    expect(validateResponse("post", CALLBACK, 200, body)).toEqual([]);
    expect(body).toEqual({ interaction: { id: interaction.id, type: 4 } });
    expect((await choicesFor(interaction.id)).d.choices).toEqual([]);
  });

  it("takes integer choices for an integer option and numbers for a number option (name_localizations allowed)", async () => {
    const integer = await receivedBy(
      gateway,
      (await typing([{ name: "count", type: 4, value: "", focused: true }])).id,
    );
    expect(
      (
        await callback(env.t, integer, {
          type: 8,
          data: { choices: [{ name: "Two", value: 2, name_localizations: { fr: "Deux" } }] },
        })
      ).status,
    ).toBe(204);
    expect((await choicesFor(integer.id)).d.choices).toEqual([{ name: "Two", value: 2 }]);
    const number = await receivedBy(
      gateway,
      (await typing([{ name: "ratio", type: 10, value: "0.", focused: true }])).id,
    );
    expect((await callback(env.t, number, { type: 8, data: { choices: [{ name: "Half", value: 0.5 }] } })).status).toBe(
      204,
    );
    expect((await choicesFor(number.id)).d.choices).toEqual([{ name: "Half", value: 0.5 }]);
  });

  const choice = (i: number) => ({ name: `choice ${i}`, value: `v${i}` });
  const choiceRules: [string, "query" | "count" | "ratio", unknown, string][] = [
    ["26 choices", "query", { choices: Array.from({ length: 26 }, (_, i) => choice(i)) }, "data.choices"],
    ["no choices field", "query", {}, "data.choices"],
    ["no data", "query", undefined, "data"],
    ["an empty choice name", "query", { choices: [choice(0), { name: "", value: "x" }] }, "data.choices.1.name"],
    [
      "a choice name of 101 characters",
      "query",
      { choices: [{ name: "n".repeat(101), value: "x" }] },
      "data.choices.0.name",
    ],
    [
      "a string value of 101 characters",
      "query",
      { choices: [choice(0), choice(1), choice(2), { name: "long", value: "v".repeat(101) }] },
      "data.choices.3.value",
    ],
    ["a number value for a string option", "query", { choices: [{ name: "one", value: 1 }] }, "data.choices.0.value"],
    [
      "a string value for an integer option",
      "count",
      { choices: [{ name: "one", value: "1" }] },
      "data.choices.0.value",
    ],
    ["a fraction for an integer option", "count", { choices: [{ name: "half", value: 1.5 }] }, "data.choices.0.value"],
    [
      "a string value for a number option",
      "ratio",
      { choices: [{ name: "half", value: "0.5" }] },
      "data.choices.0.value",
    ],
    ["a choice without a value", "query", { choices: [{ name: "nothing" }] }, "data.choices.0.value"],
  ];
  for (const [what, option, data, path] of choiceRules) {
    it(`refuses callback 8 with ${what} (50035 at ${path}) and leaves the interaction to be answered`, async () => {
      const type = { query: 3, count: 4, ratio: 10 }[option];
      const interaction = await receivedBy(
        gateway,
        (await typing([{ name: option, type, value: "", focused: true }])).id,
      );
      const refused = await expectError(
        await callback(env.t, interaction, { type: 8, ...(data === undefined ? {} : { data }) }),
        400,
        50035,
      );
      expectFieldError(refused.errors, path);
      expect((await w.row(interaction.id)).state).toBe("delivered");
      expect((await callback(env.t, interaction, { type: 8, data: { choices: [] } })).status).toBe(204);
    });
  }

  for (const type of [4, 5, 6, 7, 9]) {
    it(`refuses callback ${type} for an autocomplete interaction (8 only) with 50035 at type`, async () => {
      const interaction = await typed();
      const refused = await expectError(
        await callback(env.t, interaction, { type, data: { content: "x" } }),
        400,
        50035,
      );
      expectFieldError(refused.errors, "type");
      expect((await w.row(interaction.id)).state).toBe("delivered");
    });
  }

  it("gives the token no webhook: a follow-up or @original after the choices is 10015, and nothing is posted", async () => {
    const interaction = await typed();
    expect((await callback(env.t, interaction, { type: 8, data: { choices: [choice(1)] } })).status).toBe(204);
    const before = await channelMessages();
    await expectError(
      await webhook(env.t, interaction.application_id, interaction.token, "POST", "", { content: "sneaky" }),
      404,
      10015,
    );
    await expectError(
      await webhook(env.t, interaction.application_id, interaction.token, "GET", "/messages/@original"),
      404,
      10015,
    );
    expect(await channelMessages()).toEqual(before);
  });

  it("answers once: a second callback 8 is 40060", async () => {
    const interaction = await typed();
    expect((await callback(env.t, interaction, { type: 8, data: { choices: [choice(1)] } })).status).toBe(204);
    await expectError(await callback(env.t, interaction, { type: 8, data: { choices: [choice(2)] } }), 400, 40060);
  });

  it("answers 10062 after 3 seconds, and the tab hears it failed (its list says loading failed)", async () => {
    const interaction = await typed("late", "tab-late");
    await env.t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "deadlineAt" = clock_timestamp() - interval '1 millisecond' WHERE id = ${BigInt(interaction.id)}`;
    await expectError(await callback(env.t, interaction, { type: 8, data: { choices: [] } }), 404, 10062);
    const failed = await events.status(interaction.id, "failed");
    expect(failed).toMatchObject({ personId: w.member.id.toString(), tabId: "tab-late" });
  });

  const refusedRequest = async (options: unknown[], path: string, extra: Parameters<typeof typing>[1] = {}) => {
    const before = await count();
    const error = await typing(options, extra).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50035);
    expectFieldError((error as ApiError).errors, path);
    expect(await count()).toBe(before);
  };
  const requestRules: [string, () => unknown[], string][] = [
    ["no focused option", () => [{ name: "query", type: 3, value: "a" }], "options"],
    ["no options at all", () => [], "options"],
    [
      "two focused options",
      () => [
        { name: "query", type: 3, value: "a", focused: true },
        { name: "count", type: 4, value: "1", focused: true },
      ],
      "options",
    ],
    [
      "a focused option without autocomplete",
      () => [{ name: "plain", type: 3, value: "a", focused: true }],
      "options.0.focused",
    ],
    ["a focused user option", () => [{ name: "who", type: 6, value: "1", focused: true }], "options.0.focused"],
    [
      "a focused option the command does not have",
      () => [{ name: "nope", type: 3, value: "a", focused: true }],
      "options.0.name",
    ],
    [
      "a focused option of the wrong type",
      () => [{ name: "query", type: 4, value: "1", focused: true }],
      "options.0.type",
    ],
    [
      "a focused value that is not a string",
      () => [{ name: "count", type: 4, value: 3, focused: true }],
      "options.0.value",
    ],
    [
      "another option's value broken",
      () => [
        { name: "plain", type: 3, value: "ab" },
        { name: "query", type: 3, value: "a", focused: true },
      ],
      "options.0.value",
    ],
    [
      "a user who is not a member",
      () => [
        { name: "who", type: 6, value: outsider.toString() },
        { name: "query", type: 3, value: "a", focused: true },
      ],
      "options.0.value",
    ],
  ];
  for (const [what, options, path] of requestRules) {
    it(`refuses a request with ${what} (50035 at ${path}), writing nothing`, async () => {
      await refusedRequest(options(), path);
    });
  }

  it("refuses a focused option in a command used (focus is for autocomplete only)", async () => {
    await expect(
      w.slash(find.id, [
        { name: "loud", type: 5, value: true },
        { name: "query", type: 3, value: "apple", focused: true },
      ]),
    ).rejects.toMatchObject({
      code: 50035,
      errors: { options: { 1: { focused: expect.anything() } } },
    });
  });

  it("finds the focused option under a subcommand", async () => {
    const nested = await w.command({
      name: "tags",
      description: "d",
      options: [
        {
          type: 1,
          name: "show",
          description: "s",
          options: [{ type: 3, name: "tag", description: "t", autocomplete: true, required: true }],
        },
      ],
    });
    const { id } = await typing(
      [{ name: "show", type: 1, options: [{ name: "tag", type: 3, value: "ru", focused: true }] }],
      { commandId: nested.id },
    );
    const d = await receivedBy(gateway, id);
    expect(d.data.options).toEqual([
      { name: "show", type: 1, options: [{ name: "tag", type: 3, value: "ru", focused: true }] },
    ]);
  });

  it("is refused as the command would be: in a channel the person cannot see, or for a command they cannot use", async () => {
    await expect(
      typing([{ name: "query", type: 3, value: "a", focused: true }], { channelId: hidden }),
    ).rejects.toMatchObject({ code: 10003 });
    await expect(
      typing([{ name: "query", type: 3, value: "a", focused: true }], { userId: outsider }),
    ).rejects.toBeInstanceOf(ApiError);
    const user = await w.command({ name: "High five", type: 2 });
    await expect(
      typing([{ name: "query", type: 3, value: "a", focused: true }], { commandId: user.id }),
    ).rejects.toMatchObject({ code: 50035 });
  });

  it("refuses registering an option with both autocomplete and choices (50035), as the reference platform does", async () => {
    const res = await w.bot.post(`/applications/${w.app.application.id}/guilds/${w.guild.id}/commands`, {
      name: "both",
      description: "d",
      options: [{ type: 3, name: "x", description: "x", autocomplete: true, choices: [{ name: "a", value: "a" }] }],
    });
    const body = await expectError(res, 400, 50035);
    expectFieldError(body.errors, "options.0.autocomplete");
  });
});
