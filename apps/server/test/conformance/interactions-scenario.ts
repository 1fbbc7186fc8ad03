import type { EventBus } from "@chat/events";
import {
  type APIApplicationCommandInteractionDataOption,
  type APIMessage,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  MessageFlags,
  MessageType,
} from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { fixtures } from "../support/rest-fixtures";
import {
  type CommandDefinitions,
  type InteractionMessage,
  type ReceivedInteraction,
  type RegisteredCommand,
  type SeenCommandOption,
  WaitableLog,
} from "./bot-interactions";
import type { BotLibrary } from "./bot-library";
import { CONFORMANCE_INTENTS, CONFORMANCE_PERMISSIONS, type LibraryUnderTest } from "./scenario";

/** The commands every library registers: a slash command with options, one with subcommands, a user and a message command. */
export const SCENARIO_COMMANDS: CommandDefinitions = [
  {
    type: ApplicationCommandType.ChatInput,
    name: "echo",
    description: "Says it back",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "text",
        description: "What to say",
        required: true,
        max_length: 100,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: "times",
        description: "How many times",
        min_value: 1,
        max_value: 3,
      },
      { type: ApplicationCommandOptionType.Boolean, name: "loud", description: "In capitals" },
      { type: ApplicationCommandOptionType.User, name: "whom", description: "Who it is for" },
      { type: ApplicationCommandOptionType.Attachment, name: "file", description: "A file to look at" },
    ],
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: "poll",
    description: "Polls",
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: "create",
        description: "Starts a poll",
        options: [
          { type: ApplicationCommandOptionType.String, name: "question", description: "The question", required: true },
          {
            type: ApplicationCommandOptionType.String,
            name: "answer",
            description: "Your own answer",
            choices: [
              { name: "Yes", value: "yes" },
              { name: "No", value: "no" },
            ],
          },
        ],
      },
      { type: ApplicationCommandOptionType.Subcommand, name: "close", description: "Ends the poll" },
    ],
  },
  { type: ApplicationCommandType.User, name: "Wave at" },
  { type: ApplicationCommandType.Message, name: "Quote" },
];

/** The options of a registered command as the scenario defined them. */
function defined(
  options: readonly {
    type: number;
    name: string;
    required?: boolean;
    choices?: { value: string | number }[];
    options?: unknown[];
  }[] = [],
): SeenCommandOption[] {
  return options.map((o) => ({
    type: o.type,
    name: o.name,
    required: o.required ?? false,
    choices: (o.choices ?? []).map((c) => c.value),
    options: defined((o.options ?? []) as Parameters<typeof defined>[0]),
  }));
}

/** The panel a message command answers with: two buttons, then a string select. */
const PANEL: Omit<InteractionMessage, "content"> = {
  buttons: [
    { customId: "count", label: "Count", style: "primary" },
    { customId: "slow", label: "Slowly", style: "secondary" },
  ],
  select: {
    customId: "colour",
    placeholder: "Pick colours",
    minValues: 1,
    maxValues: 2,
    options: [
      { label: "Red", value: "red" },
      { label: "Green", value: "green" },
      { label: "Blue", value: "blue" },
    ],
  },
};

interface PersonEventSeen {
  personId: string;
  t: string;
  d: { id?: string; channel_id?: string; status?: string; content?: string; flags?: number } & Partial<APIMessage>;
}

/** Events addressed to people (INTERACTION_UPDATE, EPHEMERAL_MESSAGE_*), as the web app's live streams receive them from the bus. */
function personEvents(bus: EventBus) {
  const log = new WaitableLog<PersonEventSeen>("person event");
  const stop = bus.subscribe((event) => {
    if (event.personId !== undefined)
      log.push({ personId: event.personId, t: event.t, d: event.d as PersonEventSeen["d"] });
  });
  return { log, stop };
}

/**
 * The interactions scenario every library runs: a person (the guild's owner) uses the bot's
 * commands and components through the domain, as the web app does; the bot answers through
 * its library's own interaction API; the checks read what the person sees (the channel's
 * history as the web app loads it, and the events addressed to the person).
 */
export function describeInteractionConformance(library: LibraryUnderTest): void {
  describe(`${library.name} answers interactions the way a person sees them`, () => {
    const env = useTestServer({ world: CONFORMANCE_PERMISSIONS });
    let bot: BotLibrary;
    let events: ReturnType<typeof personEvents>;
    let ada: { id: bigint; username: string };
    let commands: Record<string, RegisteredCommand>;
    let panelId: string;
    let ephemeralId: string;
    const owner = () => env.world.owner.id.toString();
    const channel = () => env.world.text.id.toString();
    const domain = () => env.t.server.ctx.domain;
    const history = async () =>
      (await domain().messages.history(env.world.text.id, env.world.owner.id, { limit: 20 })).messages;
    const seenAs = (messageId: string) =>
      domain().messages.get(env.world.text.id, BigInt(messageId), env.world.owner.id);

    const received = (id: string, what: string) => bot.interactions.received.waitFor((i) => i.seen.id === id, what);
    async function useCommand(
      name: string,
      input: { options?: APIApplicationCommandInteractionDataOption[]; targetId?: string },
    ): Promise<ReceivedInteraction> {
      const command = commands[name];
      if (!command) throw new Error(`no registered command ${name}`);
      const used = await domain().interactions.useCommand(env.world.owner.id, {
        channelId: env.world.text.id,
        commandId: BigInt(command.id),
        options: input.options,
        targetId: input.targetId === undefined ? undefined : BigInt(input.targetId),
      });
      return received(used.id, `the person's use of ${name}`);
    }
    async function useComponent(
      customId: string,
      values?: string[],
      messageId = panelId,
    ): Promise<ReceivedInteraction> {
      const used = await domain().interactions.useComponent(env.world.owner.id, {
        channelId: env.world.text.id,
        messageId: BigInt(messageId),
        customId,
        values,
      });
      return received(used.id, `the person's use of ${customId}`);
    }
    const status = (interactionId: string, value: string) =>
      events.log.waitFor(
        (e) =>
          e.personId === owner() && e.t === "INTERACTION_UPDATE" && e.d.id === interactionId && e.d.status === value,
        `INTERACTION_UPDATE ${value} of ${interactionId}`,
      );
    const base = () => ({
      applicationId: env.world.app.application.id.toString(),
      guildId: env.world.guild.id.toString(),
      channelId: channel(),
      userId: owner(),
    });

    beforeAll(async () => {
      events = personEvents(env.t.server.ctx.bus);
      const person = await env.t.seed.person();
      await domain().members.addPerson(env.world.guild.id, person.id);
      ada = { id: person.id, username: person.username };
      bot = library.create({ api: env.t.api, base: env.t.base, token: env.world.token, intents: CONFORMANCE_INTENTS });
      await bot.login();
    });
    afterAll(async () => {
      events?.stop();
      await bot?.destroy();
    });

    it("registers guild commands (slash with options and subcommands, user, message) and reads them back", async () => {
      const registered = await bot.interactions.setGuildCommands(env.world.guild.id.toString(), SCENARIO_COMMANDS);
      const applicationId = env.world.app.application.id.toString();
      const expected = SCENARIO_COMMANDS.map((c) => ({
        id: expect.any(String),
        applicationId,
        type: c.type,
        name: c.name,
        options: "options" in c ? defined(c.options) : [],
      }));
      expect([...registered].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        [...expected].sort((a, b) => a.name.localeCompare(b.name)),
      );
      commands = Object.fromEntries(registered.map((c) => [c.name, c]));
      const listed = await fetch(`${env.t.base}/applications/${applicationId}/guilds/${env.world.guild.id}/commands`, {
        headers: { authorization: `Bot ${env.world.token}` },
      });
      expect(((await listed.json()) as { id: string }[]).map((c) => c.id).sort()).toEqual(
        registered.map((c) => c.id).sort(),
      );
    });

    it("receives a slash command with the options the person gave, replies, and the person sees the reply under their use of it", async () => {
      const interaction = await useCommand("echo", {
        options: [
          { type: ApplicationCommandOptionType.String, name: "text", value: "hello there" },
          { type: ApplicationCommandOptionType.Integer, name: "times", value: 2 },
          { type: ApplicationCommandOptionType.Boolean, name: "loud", value: true },
          { type: ApplicationCommandOptionType.User, name: "whom", value: ada.id.toString() },
        ],
      });
      expect(interaction.seen).toEqual({
        ...base(),
        id: interaction.seen.id,
        kind: "slash",
        commandId: commands.echo?.id,
        commandName: "echo",
        subcommand: null,
        options: { text: "hello there", times: 2, loud: true, whom: ada.id.toString() },
        users: { [ada.id.toString()]: ada.username },
      });
      const sent = await interaction.reply({ content: "HELLO THERE HELLO THERE" });
      await status(interaction.seen.id, "answered");
      const [reply] = await history();
      expect(sent).toMatchObject({
        id: reply?.id,
        channelId: channel(),
        authorId: env.world.botUserId.toString(),
        content: "HELLO THERE HELLO THERE",
      });
      expect(reply).toMatchObject({
        type: MessageType.ChatInputCommand,
        content: "HELLO THERE HELLO THERE",
        author: { id: env.world.botUserId.toString() },
        interaction_metadata: { id: interaction.seen.id, type: 2, user: { id: owner() } },
        interaction: { id: interaction.seen.id, type: 2, name: "echo", user: { id: owner() } },
      });
      // The library itself takes the reply's MESSAGE_CREATE (interaction_metadata and all).
      const echoed = await bot.received.waitFor((m) => m.id === reply?.id, "the reply");
      expect(echoed.content).toBe("HELLO THERE HELLO THERE");
    });

    it("receives an attachment option: the library reads the file from resolved, and its URL downloads the bytes the person uploaded", async () => {
      const data = new Uint8Array([
        ...new TextEncoder().encode("conformance file\n"),
        ...crypto.getRandomValues(new Uint8Array(300)),
      ]);
      const upload = await domain().uploads.create(env.world.owner.id, {
        channelId: env.world.text.id,
        filename: "notes.txt",
        contentType: "text/plain",
        data,
      });
      const interaction = await useCommand("echo", {
        options: [
          { type: ApplicationCommandOptionType.String, name: "text", value: "look" },
          { type: ApplicationCommandOptionType.Attachment, name: "file", value: upload.id },
        ],
      });
      expect(interaction.seen.options).toEqual({ text: "look", file: upload.id });
      const attachment = interaction.seen.attachments?.[upload.id];
      expect(attachment).toEqual({
        filename: "notes.txt",
        size: data.byteLength,
        contentType: "text/plain",
        url: expect.stringContaining(`/ephemeral-attachments/${env.world.app.application.id}/${upload.id}/notes.txt?`),
      });
      const download = await fetch(attachment?.url as string);
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(data);
      await interaction.reply({ content: `${attachment?.filename} (${attachment?.size} bytes)` });
      await status(interaction.seen.id, "answered");
      const [reply] = await history();
      expect(reply?.content).toBe(`notes.txt (${data.byteLength} bytes)`);
    });

    it("defers a subcommand (the person sees it thinking), then fills it by editing @original, then follows up", async () => {
      const interaction = await useCommand("poll", {
        options: [
          {
            type: ApplicationCommandOptionType.Subcommand,
            name: "create",
            options: [
              { type: ApplicationCommandOptionType.String, name: "question", value: "Lunch?" },
              { type: ApplicationCommandOptionType.String, name: "answer", value: "yes" },
            ],
          },
        ],
      });
      expect(interaction.seen).toMatchObject({
        kind: "slash",
        commandName: "poll",
        subcommand: "create",
        options: { question: "Lunch?", answer: "yes" },
      });
      await interaction.defer({ ephemeral: false });
      await status(interaction.seen.id, "deferred");
      const [thinking] = await history();
      expect(thinking).toMatchObject({
        type: MessageType.ChatInputCommand,
        content: "",
        interaction_metadata: { id: interaction.seen.id, user: { id: owner() } },
      });
      expect((thinking?.flags ?? 0) & MessageFlags.Loading).toBe(MessageFlags.Loading);

      const edited = await interaction.editReply("Poll: Lunch? (you said yes)");
      expect(edited).toMatchObject({
        id: thinking?.id,
        content: "Poll: Lunch? (you said yes)",
        authorId: env.world.botUserId.toString(),
      });
      const filled = await seenAs(edited.id);
      expect(filled).toMatchObject({ content: "Poll: Lunch? (you said yes)", type: MessageType.ChatInputCommand });
      expect((filled.flags ?? 0) & MessageFlags.Loading).toBe(0);

      const followUp = await interaction.followUp({ content: "Vote with the buttons below" });
      const [newest] = await history();
      expect(newest).toMatchObject({
        content: "Vote with the buttons below",
        author: { id: env.world.botUserId.toString() },
        channel_id: channel(),
      });
      expect(newest?.id).not.toBe(edited.id);
      if (followUp !== null) expect(followUp).toMatchObject({ id: newest?.id, content: "Vote with the buttons below" });
    });

    it("replies ephemerally to a user command: only the person who used it gets the message, and it is not in the channel", async () => {
      const before = (await history()).map((m) => m.id);
      const interaction = await useCommand("Wave at", { targetId: ada.id.toString() });
      expect(interaction.seen).toEqual({
        ...base(),
        id: interaction.seen.id,
        kind: "user",
        commandId: commands["Wave at"]?.id,
        commandName: "Wave at",
        targetId: ada.id.toString(),
        users: { [ada.id.toString()]: ada.username },
      });
      const sent = await interaction.reply({
        content: `You waved at ${ada.username}`,
        ephemeral: true,
        buttons: [{ customId: "again", label: "Wave again", style: "primary" }],
      });
      await status(interaction.seen.id, "answered");
      const ephemeral = await events.log.waitFor(
        (e) => e.t === "EPHEMERAL_MESSAGE_CREATE" && e.d.content === `You waved at ${ada.username}`,
        "the ephemeral reply",
      );
      expect(ephemeral.personId).toBe(owner());
      expect(sent).toMatchObject({
        id: ephemeral.d.id,
        content: `You waved at ${ada.username}`,
        authorId: env.world.botUserId.toString(),
      });
      expect(ephemeral.d).toMatchObject({
        channel_id: channel(),
        author: { id: env.world.botUserId.toString() },
        type: MessageType.ContextMenuCommand,
      });
      expect((ephemeral.d.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(ephemeral.d.components).toMatchObject([
        { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, custom_id: "again" }] },
      ]);
      ephemeralId = sent.id;
      expect(
        events.log.all().filter((e) => e.personId === ada.id.toString() && e.t.startsWith("EPHEMERAL_MESSAGE")),
      ).toEqual([]);
      expect((await history()).map((m) => m.id)).toEqual(before);
    });

    it("takes a click on a button of the ephemeral reply and updates it for that person only (callback type 7)", async () => {
      const before = (await history()).map((m) => m.id);
      const click = await useComponent("again", undefined, ephemeralId);
      expect(click.seen).toEqual({
        ...base(),
        id: click.seen.id,
        kind: "button",
        customId: "again",
        messageId: ephemeralId,
      });
      await click.update({ content: `You waved at ${ada.username} twice` });
      await status(click.seen.id, "answered");
      const updated = await events.log.waitFor(
        (e) =>
          e.t === "EPHEMERAL_MESSAGE_UPDATE" &&
          e.d.id === ephemeralId &&
          e.d.content === `You waved at ${ada.username} twice`,
        "the ephemeral message updated",
      );
      expect(updated.personId).toBe(owner());
      expect((updated.d.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(
        events.log.all().filter((e) => e.personId === ada.id.toString() && e.t.startsWith("EPHEMERAL_MESSAGE")),
      ).toEqual([]);
      expect((await history()).map((m) => m.id)).toEqual(before);
    });

    it("defers ephemerally (only the person sees it thinking), then fills it by editing @original", async () => {
      const interaction = await useCommand("echo", {
        options: [{ type: ApplicationCommandOptionType.String, name: "text", value: "psst" }],
      });
      expect(interaction.seen).toMatchObject({
        kind: "slash",
        commandName: "echo",
        subcommand: null,
        options: { text: "psst" },
        users: {},
      });
      await interaction.defer({ ephemeral: true });
      await status(interaction.seen.id, "deferred");
      const thinking = await events.log.waitFor(
        (e) => e.t === "EPHEMERAL_MESSAGE_CREATE" && e.d.interaction_metadata?.id === interaction.seen.id,
        "the ephemeral thinking message",
      );
      expect(thinking.personId).toBe(owner());
      expect(thinking.d).toMatchObject({ content: "", flags: MessageFlags.Ephemeral | MessageFlags.Loading });
      const edited = await interaction.editReply("psst, quietly");
      expect(edited).toMatchObject({ id: thinking.d.id, content: "psst, quietly" });
      const filled = await events.log.waitFor(
        (e) => e.t === "EPHEMERAL_MESSAGE_UPDATE" && e.d.id === thinking.d.id && e.d.content === "psst, quietly",
        "the ephemeral reply filled",
      );
      expect(filled.d.flags).toBe(MessageFlags.Ephemeral);
      expect((await history()).some((m) => m.id === thinking.d.id)).toBe(false);
    });

    it("answers a message command on a person's message with buttons and a select", async () => {
      const target = await fixtures(env.t).personMessage(env.world.text.id, ada.id, "Quote me on this");
      const interaction = await useCommand("Quote", { targetId: target.id });
      expect(interaction.seen).toEqual({
        ...base(),
        id: interaction.seen.id,
        kind: "message",
        commandId: commands.Quote?.id,
        commandName: "Quote",
        targetId: target.id,
        targetContent: "Quote me on this",
      });
      const sent = await interaction.reply({ content: "“Quote me on this”", ...PANEL });
      await status(interaction.seen.id, "answered");
      const [panel] = await history();
      expect(sent).toMatchObject({ id: panel?.id, content: "“Quote me on this”" });
      expect(panel).toMatchObject({
        type: MessageType.ContextMenuCommand,
        content: "“Quote me on this”",
        interaction_metadata: { id: interaction.seen.id, type: 2, user: { id: owner() } },
      });
      expect(panel?.components).toMatchObject([
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, custom_id: "count", label: "Count" },
            { type: ComponentType.Button, custom_id: "slow", label: "Slowly" },
          ],
        },
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.StringSelect,
              custom_id: "colour",
              min_values: 1,
              max_values: 2,
              options: [{ value: "red" }, { value: "green" }, { value: "blue" }],
            },
          ],
        },
      ]);
      panelId = panel?.id ?? "";
    });

    it("takes a button click and updates the message in place (callback type 7)", async () => {
      const click = await useComponent("count");
      expect(click.seen).toEqual({
        ...base(),
        id: click.seen.id,
        kind: "button",
        customId: "count",
        messageId: panelId,
      });
      await click.update({ content: "Counted 1", ...PANEL });
      await status(click.seen.id, "answered");
      const panel = await seenAs(panelId);
      expect(panel).toMatchObject({ id: panelId, content: "Counted 1" });
      expect(panel.components?.length).toBe(2);
      expect((await history())[0]?.id).toBe(panelId);
    });

    it("takes a button click with deferUpdate (callback type 6), then edits the clicked message through @original", async () => {
      const click = await useComponent("slow");
      expect(click.seen).toMatchObject({ kind: "button", customId: "slow", messageId: panelId, userId: owner() });
      await click.deferUpdate();
      await status(click.seen.id, "answered");
      expect(await seenAs(panelId)).toMatchObject({ content: "Counted 1" });
      const edited = await click.editReply("Done, slowly");
      expect(edited).toMatchObject({ id: panelId, content: "Done, slowly" });
      expect(await seenAs(panelId)).toMatchObject({ content: "Done, slowly" });
      expect((await history())[0]?.id).toBe(panelId);
    });

    it("hands the values picked in a string select to the library, and the reply shows them", async () => {
      const pick = await useComponent("colour", ["red", "blue"]);
      expect(pick.seen).toEqual({
        ...base(),
        id: pick.seen.id,
        kind: "select",
        customId: "colour",
        messageId: panelId,
        values: ["red", "blue"],
      });
      const sent = await pick.reply({ content: "You picked red and blue" });
      await status(pick.seen.id, "answered");
      const [reply] = await history();
      expect(sent).toMatchObject({ id: reply?.id, content: "You picked red and blue" });
      expect(reply).toMatchObject({
        content: "You picked red and blue",
        author: { id: env.world.botUserId.toString() },
        interaction_metadata: { id: pick.seen.id, type: 3, user: { id: owner() } },
      });
    });

    it("never left the person with a failed interaction, and the library reported no warning or error", () => {
      expect(events.log.all().filter((e) => e.t === "INTERACTION_UPDATE" && e.d.status === "failed")).toEqual([]);
      expect(bot.problems()).toEqual([]);
    });
  });
}
