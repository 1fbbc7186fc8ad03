import { AUTOCOMPLETE_RESULT, type AutocompleteResultData, type EventBus, isPersonEvent } from "@chat/events";
import {
  type APIApplicationCommandInteractionDataOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import {
  type CommandDefinitions,
  type ReceivedAutocomplete,
  type RegisteredCommand,
  WaitableLog,
} from "./bot-interactions";
import type { BotLibrary } from "./bot-library";
import { CONFORMANCE_INTENTS, CONFORMANCE_PERMISSIONS, type LibraryUnderTest } from "./scenario";

/** A command whose string and integer options are filled by the bot's suggestions. */
const AUTOCOMPLETE_COMMANDS: CommandDefinitions = [
  {
    type: ApplicationCommandType.ChatInput,
    name: "order",
    description: "Orders fruit",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "fruit",
        description: "Which fruit",
        required: true,
        autocomplete: true,
      },
      { type: ApplicationCommandOptionType.Integer, name: "count", description: "How many", autocomplete: true },
      { type: ApplicationCommandOptionType.Boolean, name: "gift", description: "Wrapped" },
    ],
  },
];

/**
 * The autocomplete scenario every library runs (issue 13): a person types into options marked
 * `autocomplete` through the domain, as the web app does; the library reads the focused option
 * and what is typed so far, answers with callback 8 through its own call, and the person's tab
 * is told the choices (AUTOCOMPLETE_RESULT) while nothing is posted in the channel.
 */
export function describeAutocompleteConformance(library: LibraryUnderTest): void {
  describe(`${library.name} answers autocomplete the way a person sees it`, () => {
    const env = useTestServer({ world: CONFORMANCE_PERMISSIONS });
    let bot: BotLibrary;
    let order: RegisteredCommand;
    const results = new WaitableLog<AutocompleteResultData & { personId: string; tabId?: string }>(
      "AUTOCOMPLETE_RESULT",
    );
    let stop: () => void = () => {};
    const domain = () => env.t.server.ctx.domain;

    async function typing(options: APIApplicationCommandInteractionDataOption[]): Promise<ReceivedAutocomplete> {
      const { id } = await domain().interactions.autocomplete(env.world.owner.id, {
        channelId: env.world.text.id,
        commandId: BigInt(order.id),
        options,
        tabId: "typing-tab",
      });
      return bot.interactions.autocompletes.waitFor((a) => a.seen.id === id, "the person's typing");
    }
    const told = (id: string) => results.waitFor((r) => r.id === id, `the choices of ${id}`);

    beforeAll(async () => {
      stop = subscribeResults(env.t.server.ctx.bus, results);
      bot = library.create({ api: env.t.api, base: env.t.base, token: env.world.token, intents: CONFORMANCE_INTENTS });
      await bot.login();
      const [registered] = await bot.interactions.setGuildCommands(
        env.world.guild.id.toString(),
        AUTOCOMPLETE_COMMANDS,
      );
      if (!registered) throw new Error("the library registered no command");
      order = registered;
    });
    afterAll(async () => {
      stop();
      await bot?.destroy();
    });

    it("reads the focused string option and the options filled so far, and its choices reach the typing tab only", async () => {
      const before = (await domain().messages.history(env.world.text.id, env.world.owner.id, { limit: 5 })).messages
        .length;
      const interaction = await typing([
        { type: ApplicationCommandOptionType.Boolean, name: "gift", value: true },
        { type: ApplicationCommandOptionType.String, name: "fruit", value: "ap", focused: true },
      ]);
      expect(interaction.seen).toEqual({
        id: interaction.seen.id,
        commandName: "order",
        userId: env.world.owner.id.toString(),
        focused: { name: "fruit", value: "ap" },
        options: { gift: true },
      });
      const choices = [
        { name: "Apple", value: "apple" },
        { name: "Apricot", value: "apricot" },
      ];
      await interaction.respond(choices);
      expect(await told(interaction.seen.id)).toEqual({
        id: interaction.seen.id,
        channel_id: env.world.text.id.toString(),
        choices,
        personId: env.world.owner.id.toString(),
        tabId: "typing-tab",
      });
      expect(
        (await domain().messages.history(env.world.text.id, env.world.owner.id, { limit: 5 })).messages.length,
      ).toBe(before);
    });

    it("reads a focused integer option as typed (a string) and answers with integer choices", async () => {
      const interaction = await typing([
        { type: ApplicationCommandOptionType.Integer, name: "count", value: "1", focused: true } as never,
      ]);
      expect(interaction.seen.focused).toEqual({ name: "count", value: "1" });
      await interaction.respond([
        { name: "One", value: 1 },
        { name: "Twelve", value: 12 },
      ]);
      expect((await told(interaction.seen.id)).choices).toEqual([
        { name: "One", value: 1 },
        { name: "Twelve", value: 12 },
      ]);
    });

    it("a second answer to the same typing is refused (40060) through the library", async () => {
      const interaction = await typing([
        { type: ApplicationCommandOptionType.String, name: "fruit", value: "b", focused: true },
      ]);
      await interaction.respond([{ name: "Banana", value: "banana" }]);
      await expect(interaction.respond([{ name: "Blueberry", value: "blueberry" }])).rejects.toThrow();
      expect((await told(interaction.seen.id)).choices).toEqual([{ name: "Banana", value: "banana" }]);
    });
  });
}

function subscribeResults(
  bus: EventBus,
  log: WaitableLog<AutocompleteResultData & { personId: string; tabId?: string }>,
): () => void {
  return bus.subscribe((event) => {
    if (isPersonEvent(event) && event.t === AUTOCOMPLETE_RESULT) {
      const d = event.d as AutocompleteResultData;
      log.push({ ...d, personId: event.personId, ...(event.tabId ? { tabId: event.tabId } : {}) });
    }
  });
}
