import { FORM_OPEN, type FormOpenData } from "@chat/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { expectError } from "../../support/rest-fixtures";
import {
  type BotGateway,
  buttons,
  callback,
  type InteractionWorld,
  interactionWorld,
  PersonEvents,
  receivedBy,
} from "./interaction-fixtures";

/** A text input in a legacy action row, and a label holding a text input and one holding a select. */
const FORM = {
  custom_id: "feedback",
  title: "Tell us",
  components: [
    { type: 1, components: [{ type: 4, custom_id: "name", style: 1, label: "Name", max_length: 20 }] },
    {
      type: 18,
      label: "Story",
      description: "What happened",
      component: { type: 4, custom_id: "story", style: 2, min_length: 5, required: false },
    },
    {
      type: 18,
      id: 40,
      label: "Colour",
      component: {
        type: 3,
        custom_id: "colour",
        options: [
          { label: "Red", value: "red" },
          { label: "Blue", value: "blue" },
        ],
        max_values: 2,
      },
    },
  ],
};
const withField = (field: unknown) => ({ ...FORM, components: [field] });
const input = (extra: Record<string, unknown> = {}) => ({ type: 4, custom_id: "x", style: 1, label: "X", ...extra });

/** Spec: Form (modal), Component records (4, 18), Interaction lifecycle ("form opened -> form submitted"). */
describe("forms: callback 9 and form submissions", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let gateway: BotGateway;
  let events: PersonEvents;
  let ask: { id: string };
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    gateway = await w.connect();
    events = new PersonEvents(env.t.server.ctx.bus);
    ask = await w.command({ name: "ask", description: "asks" });
  });
  afterAll(async () => {
    events.close();
    await gateway.close();
  });

  const used = async (tabId?: string) => receivedBy(gateway, (await w.slash(ask.id, [], { tabId })).id);
  /** A slash command answered with FORM. */
  const opened = async (tabId?: string) => {
    const interaction = await used(tabId);
    expect((await callback(env.t, interaction, { type: 9, data: FORM })).status).toBe(204);
    return interaction;
  };
  const submit = (interactionId: string, answers: unknown, extra: { userId?: bigint; tabId?: string } = {}) =>
    w.domain.interactions.submitForm(extra.userId ?? w.member.id, {
      interactionId: BigInt(interactionId),
      answers,
      ...(extra.tabId ? { tabId: extra.tabId } : {}),
    });
  const GOOD = { name: "Ada", story: "It went well", colour: ["red", "blue"] };

  it("callback 9 opens the form in the tab that used the command only, numbering its components; the tab hears 'answered'", async () => {
    const interaction = await opened("tab-a");
    const event = await events.until((e) => e.t === FORM_OPEN && (e.d as FormOpenData).id === interaction.id);
    expect(event).toMatchObject({ personId: w.member.id.toString(), tabId: "tab-a" });
    const d = event.d as FormOpenData;
    expect(d.application).toEqual({
      id: w.app.application.id.toString(),
      name: w.app.application.name,
      icon_url: null,
    });
    expect(d.channel_id).toBe(w.text.id.toString());
    expect(d.form).toMatchObject({
      custom_id: "feedback",
      title: "Tell us",
      components: [
        { type: 1, id: 41, components: [{ type: 4, id: 42, custom_id: "name", label: "Name" }] },
        { type: 18, id: 43, label: "Story", description: "What happened", component: { type: 4, id: 44, style: 2 } },
        { type: 18, id: 40, component: { type: 3, id: 45, options: [{ value: "red" }, { value: "blue" }] } },
      ],
    });
    await events.status(interaction.id, "answered");
    expect((await w.row(interaction.id)).state).toBe("form_opened");
    await expectError(await callback(env.t, interaction, { type: 4, data: { content: "again" } }), 400, 40060);
  });

  const badForms: [string, unknown, string[]][] = [
    ["no custom_id", { title: "T", components: FORM.components }, ["custom_id"]],
    ["a title over 45 characters", { ...FORM, title: "t".repeat(46) }, ["title"]],
    ["no fields", { ...FORM, components: [] }, ["components"]],
    [
      "six fields",
      {
        ...FORM,
        components: Array.from({ length: 6 }, (_, i) => ({ type: 1, components: [input({ custom_id: `f${i}` })] })),
      },
      ["components"],
    ],
    [
      "a row of two text inputs",
      withField({ type: 1, components: [input(), input({ custom_id: "y" })] }),
      ["components", "0", "components"],
    ],
    [
      "a text input in a row without a label",
      withField({ type: 1, components: [{ type: 4, custom_id: "x", style: 1 }] }),
      ["components", "0", "components", "0", "label"],
    ],
    [
      "a button in a row",
      withField({ type: 1, components: [{ type: 2, style: 1, label: "b", custom_id: "b" }] }),
      ["components", "0", "components", "0"],
    ],
    [
      "a text input of style 3",
      withField({ type: 1, components: [input({ style: 3 })] }),
      ["components", "0", "components", "0", "style"],
    ],
    [
      "max_length over 4000",
      withField({ type: 1, components: [input({ max_length: 4001 })] }),
      ["components", "0", "components", "0", "max_length"],
    ],
    [
      "min_length above max_length",
      withField({ type: 1, components: [input({ min_length: 9, max_length: 3 })] }),
      ["components", "0", "components", "0", "min_length"],
    ],
    [
      "a value over 4000 characters",
      withField({ type: 1, components: [input({ value: "v".repeat(4001) })] }),
      ["components", "0", "components", "0", "value"],
    ],
    [
      "a placeholder over 100 characters",
      withField({ type: 1, components: [input({ placeholder: "p".repeat(101) })] }),
      ["components", "0", "components", "0", "placeholder"],
    ],
    [
      "required that is not a boolean",
      withField({ type: 1, components: [input({ required: "yes" })] }),
      ["components", "0", "components", "0", "required"],
    ],
    [
      "a label holding a button",
      withField({ type: 18, label: "L", component: { type: 2, style: 1, label: "b", custom_id: "b" } }),
      ["components", "0", "component"],
    ],
    ["a label without its label", withField({ type: 18, component: input() }), ["components", "0", "label"]],
    [
      "a label description over 100 characters",
      withField({ type: 18, label: "L", description: "d".repeat(101), component: input() }),
      ["components", "0", "description"],
    ],
    [
      "a select in a label without options",
      withField({ type: 18, label: "L", component: { type: 3, custom_id: "s", options: [] } }),
      ["components", "0", "component", "options"],
    ],
    ["an unknown field type", withField({ type: 17, components: [] }), ["components", "0"]],
    [
      "two fields with the same custom_id",
      {
        ...FORM,
        components: [
          { type: 1, components: [input()] },
          { type: 18, label: "L", component: input({ label: undefined }) },
        ],
      },
      ["components", "1", "component", "custom_id"],
    ],
  ];
  for (const [what, form, path] of badForms) {
    it(`refuses a form with ${what}: 50035 naming ${path.join(".")}, the interaction left to answer`, async () => {
      const interaction = await used();
      const refused = await expectError(await callback(env.t, interaction, { type: 9, data: form }), 400, 50035);
      let node: unknown = refused.errors;
      for (const key of path) node = (node as Record<string, unknown>)[key];
      expect(node, JSON.stringify(refused.errors)).toHaveProperty("_errors");
      expect((await w.row(interaction.id)).state).toBe("delivered");
    });
  }

  it("submitting delivers a type 5 interaction in the form's structure to the session that opened it", async () => {
    const interaction = await opened();
    const { id } = await submit(interaction.id, GOOD, { tabId: "tab-a" });
    const submitted = await receivedBy(gateway, id);
    expect(submitted).toMatchObject({
      type: 5,
      guild_id: w.guild.id.toString(),
      channel_id: w.text.id.toString(),
      member: { user: { id: w.member.id.toString() } },
      data: {
        custom_id: "feedback",
        components: [
          { type: 1, id: 41, components: [{ type: 4, id: 42, custom_id: "name", value: "Ada" }] },
          { type: 18, id: 43, component: { type: 4, id: 44, custom_id: "story", value: "It went well" } },
          { type: 18, id: 40, component: { type: 3, id: 45, custom_id: "colour", values: ["red", "blue"] } },
        ],
      },
    });
    expect(submitted).not.toHaveProperty("message");
    expect((await w.row(id)).sessionId).toBe((await w.row(interaction.id)).sessionId);
    expect((await w.row(interaction.id)).state).toBe("submitted");
    expect(
      (await callback(env.t, submitted as { id: string; token: string }, { type: 4, data: { content: "thanks Ada" } }))
        .status,
    ).toBe(204);
    await events.status(id, "answered");
  });

  it("a form submit from a command may be answered with 6; 7 has no message to edit; 9 is refused", async () => {
    const first = await receivedBy(gateway, (await submit((await opened()).id, GOOD)).id);
    await expectError(await callback(env.t, first, { type: 9, data: FORM }), 400, 50035);
    await expectError(await callback(env.t, first, { type: 7, data: { content: "x" } }), 400, 50035);
    expect((await callback(env.t, first, { type: 6 })).status).toBe(204);
    expect((await w.row(first.id)).state).toBe("answered");
  });

  it("a form opened from a button: its submit carries the message, and callback 7 edits that message", async () => {
    const message = await w.botMessage({ content: "press to answer", components: [buttons("open")] });
    const click = await receivedBy(gateway, (await w.click(message.id, "open")).id);
    expect((await callback(env.t, click, { type: 9, data: FORM })).status).toBe(204);
    const submitted = await receivedBy(gateway, (await submit(click.id, GOOD)).id);
    expect(submitted).toMatchObject({ type: 5, message: { id: message.id, content: "press to answer" } });
    expect(
      (await callback(env.t, submitted, { type: 7, data: { content: "answered by Ada", components: [] } })).status,
    ).toBe(204);
    const edited = await (await w.bot.get(`/channels/${w.text.id}/messages/${message.id}`)).json();
    expect(edited).toMatchObject({ content: "answered by Ada", components: [] });
  });

  const badAnswers: [string, unknown, string][] = [
    ["a required text input left empty", { ...GOOD, name: "" }, "name"],
    ["a required text input missing", { story: "fine story", colour: ["red"] }, "name"],
    ["a text over its max_length", { ...GOOD, name: "n".repeat(21) }, "name"],
    ["a text under its min_length", { ...GOOD, story: "shrt" }, "story"],
    ["a required select with no values", { ...GOOD, colour: [] }, "colour"],
    ["a select value not offered", { ...GOOD, colour: ["green"] }, "colour"],
    ["repeated select values", { ...GOOD, colour: ["red", "red"] }, "colour"],
    ["values for a text input", { ...GOOD, name: ["Ada"] }, "name"],
    ["a field the form does not have", { ...GOOD, extra: "x" }, "extra"],
  ];
  for (const [what, answers, field] of badAnswers) {
    it(`refuses ${what}: 50035 naming answers.${field}, the form still open`, async () => {
      const interaction = await opened();
      await expect(submit(interaction.id, answers)).rejects.toMatchObject({
        code: 50035,
        errors: { answers: { [field]: expect.anything() } },
      });
      expect((await w.row(interaction.id)).state).toBe("form_opened");
    });
  }

  it("an optional text input may be left empty (its value is an empty string)", async () => {
    const submitted = await receivedBy(
      gateway,
      (await submit((await opened()).id, { name: "Ada", colour: ["blue"] })).id,
    );
    expect(submitted.data.components[1]).toEqual({
      type: 18,
      id: 43,
      component: { type: 4, id: 44, custom_id: "story", value: "" },
    });
  });

  it("a form is submitted once (then 40060), only by its person (others: 10062), never for an interaction without a form", async () => {
    const interaction = await opened();
    const stranger = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(w.guild.id, stranger.id);
    await expect(submit(interaction.id, GOOD, { userId: stranger.id })).rejects.toMatchObject({ code: 10062 });
    await expect(submit(interaction.id, GOOD, { userId: w.owner.id })).rejects.toMatchObject({ code: 10062 });
    await submit(interaction.id, GOOD);
    await expect(submit(interaction.id, GOOD)).rejects.toMatchObject({ code: 40060 });
    const plain = await used();
    await expect(submit(plain.id, GOOD)).rejects.toMatchObject({ code: 10062 });
    await expect(submit("1234567", GOOD)).rejects.toMatchObject({ code: 10062 });
  });

  it("two submits at once: exactly one is delivered, the other is 40060", async () => {
    const interaction = await opened();
    const results = await Promise.allSettled([submit(interaction.id, GOOD), submit(interaction.id, GOOD)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: 40060 } });
  });

  it("a form past its 15 minutes is gone (10062)", async () => {
    const interaction = await opened();
    await env.t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "expiresAt" = clock_timestamp() - interval '1 second' WHERE "id" = ${BigInt(interaction.id)}`;
    await expect(submit(interaction.id, GOOD)).rejects.toMatchObject({ code: 10062 });
  });

  it("a submission the bot does not answer in 3 seconds fails and gives the form back to submit again", async () => {
    const interaction = await opened();
    const { id } = await submit(interaction.id, GOOD, { tabId: "tab-a" });
    await receivedBy(gateway, id);
    await env.t.server.ctx.database.prisma
      .$executeRaw`UPDATE "Interaction" SET "deadlineAt" = clock_timestamp() - interval '1 second' WHERE "id" = ${BigInt(id)}`;
    await w.domain.interactions.expireOverdue();
    await events.status(id, "failed");
    expect((await w.row(interaction.id)).state).toBe("form_opened");
    const again = await receivedBy(gateway, (await submit(interaction.id, GOOD)).id);
    expect((await callback(env.t, again, { type: 4, data: { content: "late but here" } })).status).toBe(204);
  });

  it("with two sessions of the bot, the submission goes to the one that opened the form", async () => {
    const second = await w.connect();
    try {
      for (let i = 0; i < 4; i++) {
        const { id } = await w.slash(ask.id);
        const opener = await w.row(id).then(async (row) => {
          for (let tries = 0; !row.sessionId && tries < 100; tries++) {
            await new Promise((r) => setTimeout(r, 10));
            row = await w.row(id);
          }
          return row;
        });
        const holder = opener.sessionId === second.sessionId ? second : gateway;
        const interaction = await receivedBy(holder, id);
        expect((await callback(env.t, interaction, { type: 9, data: FORM })).status).toBe(204);
        const submitted = await receivedBy(holder, (await submit(id, GOOD)).id);
        expect((await w.row(submitted.id)).sessionId).toBe(opener.sessionId);
        await callback(env.t, submitted, { type: 6 });
      }
    } finally {
      await second.close();
    }
  });
});
