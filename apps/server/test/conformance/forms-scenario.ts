import { FORM_OPEN, type FormOpenData } from "@chat/events";
import { ApplicationCommandType, ComponentType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { type FormDefinition, type ReceivedInteraction, type RegisteredCommand, WaitableLog } from "./bot-interactions";
import type { BotLibrary } from "./bot-library";
import { CONFORMANCE_INTENTS, CONFORMANCE_PERMISSIONS, type LibraryUnderTest } from "./scenario";

/** Labels (a short text input with a description, a string select) and a legacy row (an optional paragraph). */
const LABELLED_FORM: FormDefinition = {
  customId: "feedback",
  title: "Feedback",
  fields: [
    {
      layout: "label",
      label: "Your name",
      description: "As it should be said",
      input: { kind: "text", customId: "name", style: "short", required: true, maxLength: 40 },
    },
    {
      layout: "label",
      label: "Dishes",
      input: {
        kind: "select",
        customId: "dishes",
        maxValues: 2,
        options: [
          { label: "Soup", value: "soup" },
          { label: "Curry", value: "curry" },
          { label: "Cake", value: "cake" },
        ],
      },
    },
    {
      layout: "row",
      label: "Anything else",
      input: { kind: "text", customId: "story", style: "paragraph", required: false },
    },
  ],
};

/** For libraries without label components: legacy rows of text inputs only. */
const ROWS_FORM: FormDefinition = {
  customId: "feedback",
  title: "Feedback",
  fields: [
    {
      layout: "row",
      label: "Your name",
      input: { kind: "text", customId: "name", style: "short", required: true, maxLength: 40, placeholder: "Ada" },
    },
    {
      layout: "row",
      label: "Anything else",
      input: { kind: "text", customId: "story", style: "paragraph", required: false },
    },
  ],
};

/**
 * The forms scenario every library runs (issue 13): the bot answers a slash command and a
 * button with a form built with its library's own modal API; the person (through the domain,
 * as the web app does) sees it opened, submits answers, and the bot reads them with its
 * library's getters and answers the submission (a reply; an update of the button's message).
 */
export function describeFormConformance(library: LibraryUnderTest): void {
  describe(`${library.name} opens forms and reads their answers`, () => {
    const env = useTestServer({ world: CONFORMANCE_PERMISSIONS });
    let bot: BotLibrary;
    let form: FormDefinition;
    let ask: RegisteredCommand;
    const opened = new WaitableLog<FormOpenData & { personId: string }>("FORM_OPEN");
    let stop: () => void = () => {};
    const domain = () => env.t.server.ctx.domain;
    const owner = () => env.world.owner.id;
    const received = (id: string, what: string) => bot.interactions.received.waitFor((i) => i.seen.id === id, what);
    const answers = () =>
      bot.interactions.formLabels
        ? { name: "Ada", dishes: ["soup", "cake"], story: "More rice" }
        : { name: "Ada", story: "More rice" };

    beforeAll(async () => {
      stop = env.t.server.ctx.bus.subscribe((event) => {
        if (event.t === FORM_OPEN && event.personId)
          opened.push({ ...(event.d as FormOpenData), personId: event.personId });
      });
      bot = library.create({ api: env.t.api, base: env.t.base, token: env.world.token, intents: CONFORMANCE_INTENTS });
      await bot.login();
      form = bot.interactions.formLabels ? LABELLED_FORM : ROWS_FORM;
      [ask] = (await bot.interactions.setGuildCommands(env.world.guild.id.toString(), [
        { type: ApplicationCommandType.ChatInput, name: "ask", description: "Asks" },
      ])) as [RegisteredCommand];
    });
    afterAll(async () => {
      stop();
      await bot?.destroy();
    });

    /** Opens the form with the library, and answers what the person was shown. */
    async function open(interaction: ReceivedInteraction): Promise<FormOpenData> {
      await interaction.showForm(form);
      return opened.waitFor(
        (e) => e.id === interaction.seen.id && e.personId === owner().toString(),
        `the form of ${interaction.seen.id}`,
      );
    }
    async function submit(interactionId: string): Promise<ReceivedInteraction> {
      const submitted = await domain().interactions.submitForm(owner(), {
        interactionId: BigInt(interactionId),
        answers: answers(),
      });
      return received(submitted.id, "the form's submission");
    }

    it("answers a slash command with a form; the person's answers reach the bot, read with its library's getters", async () => {
      const used = await domain().interactions.useCommand(owner(), {
        channelId: env.world.text.id,
        commandId: BigInt(ask.id),
      });
      const interaction = await received(used.id, "the use of /ask");
      const shown = await open(interaction);
      expect(shown.form).toMatchObject({ custom_id: "feedback", title: "Feedback" });
      const kinds = shown.form.components.map((c) => c.type);
      expect(kinds).toEqual(
        bot.interactions.formLabels
          ? [ComponentType.Label, ComponentType.Label, ComponentType.ActionRow]
          : [ComponentType.ActionRow, ComponentType.ActionRow],
      );
      if (bot.interactions.formLabels) {
        expect(shown.form.components[0]).toMatchObject({
          label: "Your name",
          description: "As it should be said",
          component: { type: ComponentType.TextInput, custom_id: "name", style: 1, max_length: 40 },
        });
        expect(shown.form.components[1]).toMatchObject({
          component: { type: ComponentType.StringSelect, custom_id: "dishes", max_values: 2 },
        });
      }
      const submitted = await submit(used.id);
      expect(submitted.seen).toMatchObject({
        kind: "form",
        customId: "feedback",
        userId: owner().toString(),
        channelId: env.world.text.id.toString(),
        fields: answers(),
      });
      expect(submitted.seen.messageId).toBeUndefined();
      if (bot.interactions.formSubmitsAwaited)
        await bot.interactions.formSubmitsAwaited.waitFor(
          (id) => id === submitted.seen.id,
          "awaitModalSubmit's answer",
        );
      const reply = await submitted.reply({ content: "Thanks Ada" });
      expect(reply.content).toBe("Thanks Ada");
      const [latest] = (await domain().messages.history(env.world.text.id, owner(), { limit: 1 })).messages;
      expect(latest).toMatchObject({ content: "Thanks Ada", interaction_metadata: { id: submitted.seen.id, type: 5 } });
      await expect(
        domain().interactions.submitForm(owner(), { interactionId: BigInt(used.id), answers: answers() }),
      ).rejects.toMatchObject({ code: 40060 });
      expect(bot.problems()).toEqual([]);
    });

    it("answers a button with a form; the submission carries the message, and its update edits that message", async () => {
      const used = await domain().interactions.useCommand(owner(), {
        channelId: env.world.text.id,
        commandId: BigInt(ask.id),
      });
      const panel = await (await received(used.id, "the use of /ask")).reply({
        content: "Tell us",
        buttons: [{ customId: "open", label: "Open the form", style: "primary" }],
      });
      const clicked = await domain().interactions.useComponent(owner(), {
        channelId: env.world.text.id,
        messageId: BigInt(panel.id),
        customId: "open",
      });
      const click = await received(clicked.id, "the click");
      await open(click);
      const submitted = await submit(clicked.id);
      expect(submitted.seen).toMatchObject({
        kind: "form",
        customId: "feedback",
        messageId: panel.id,
        fields: answers(),
      });
      await submitted.update({ content: "Answered by Ada" });
      const edited = await domain().messages.get(env.world.text.id, BigInt(panel.id), owner());
      expect(edited).toMatchObject({ content: "Answered by Ada" });
      expect(bot.problems()).toEqual([]);
    });
  });
}
