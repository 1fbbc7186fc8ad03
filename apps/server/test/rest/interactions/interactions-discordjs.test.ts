import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  StringSelectMenuBuilder,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { type InteractionWorld, interactionWorld, PersonEvents } from "./interaction-fixtures";

/**
 * An unmodified discord.js 14 bot answers people's commands and clicks with its own methods:
 * reply, deferReply + editReply, followUp, ephemeral replies, update, deferUpdate + editReply, a
 * select. (The four libraries' scenario lives in the conformance suite; this checks the
 * server's side of the wire against the strictest everyday user of it.)
 */
describe("a discord.js bot answers interactions", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let client: Client;
  let events: PersonEvents;
  const next = new Map<string, (interaction: Interaction) => Promise<void>>();
  const failures: unknown[] = [];

  beforeAll(async () => {
    w = await interactionWorld(env.t);
    events = new PersonEvents(env.t.server.ctx.bus);
    client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
      rest: { api: env.t.api, version: "10" },
    });
    client.on(Events.InteractionCreate, (interaction) => {
      const key = interaction.isChatInputCommand()
        ? interaction.commandName
        : interaction.isMessageComponent()
          ? interaction.customId
          : "?";
      const handler = next.get(key);
      handler?.(interaction).catch((error) => failures.push(error));
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(w.token);
    await ready;
  });
  afterAll(async () => {
    events.close();
    await client?.destroy();
  });

  /** Runs `handler` for the next interaction named `key` and resolves once it has finished. */
  const handle = (key: string, handler: (interaction: Interaction) => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      next.set(key, async (interaction) => {
        try {
          await handler(interaction);
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });

  it("replies, defers and edits, follows up, and replies ephemerally to slash commands", async () => {
    const echo = await w.command({
      name: "echo",
      description: "echo",
      options: [{ type: 3, name: "text", description: "t", required: true }],
    });
    const answered = handle("echo", async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error("not a command");
      expect(interaction.options.getString("text")).toBe("hello");
      expect(interaction.user.id).toBe(w.member.id.toString());
      const reply = await interaction.reply({
        content: `echo: ${interaction.options.getString("text")}`,
        withResponse: true,
      });
      expect(reply.resource?.message?.content).toBe("echo: hello");
      const follow = await interaction.followUp({ content: "and a follow-up" });
      expect(follow.interactionMetadata?.user.id).toBe(w.member.id.toString());
      const secret = await interaction.followUp({ content: "just for you", flags: MessageFlags.Ephemeral });
      expect(secret.flags.has(MessageFlags.Ephemeral)).toBe(true);
    });
    const { id } = await w.slash(echo.id, [{ name: "text", type: 3, value: "hello" }]);
    await answered;
    await events.status(id, "answered");

    const slow = await w.command({ name: "slow", description: "thinks first" });
    const deferred = handle("slow", async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error("not a command");
      await interaction.deferReply();
      const edited = await interaction.editReply({ content: "thought about it" });
      expect(edited.content).toBe("thought about it");
      expect((await interaction.fetchReply()).content).toBe("thought about it");
    });
    const slowUse = await w.slash(slow.id);
    await deferred;
    await events.status(slowUse.id, "deferred");
    await events.status(slowUse.id, "answered");
  });

  it("updates a button's message, and defers an update then edits the reply; reads a select's values", async () => {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId("update").setLabel("Update").setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId("later").setLabel("Later").setStyle(ButtonStyle.Secondary),
    );
    const select = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId("flavour")
        .setMaxValues(2)
        .addOptions({ label: "Mint", value: "mint" }, { label: "Lime", value: "lime" }, { label: "Fig", value: "fig" }),
    );
    const channel = await client.channels.fetch(w.text.id.toString());
    if (!channel?.isSendable()) throw new Error("not a text channel");
    const message = await channel.send({ content: "controls", components: [row, select] });

    const updated = handle("update", async (interaction) => {
      if (!interaction.isButton()) throw new Error("not a button");
      expect(interaction.message.id).toBe(message.id);
      await interaction.update({ content: "updated by the button" });
    });
    await w.click(message.id, "update");
    await updated;
    expect((await channel.messages.fetch({ message: message.id, force: true })).content).toBe("updated by the button");

    const later = handle("later", async (interaction) => {
      if (!interaction.isButton()) throw new Error("not a button");
      await interaction.deferUpdate();
      await interaction.editReply({ content: "edited after deferUpdate" });
    });
    await w.click(message.id, "later");
    await later;
    expect((await channel.messages.fetch({ message: message.id, force: true })).content).toBe(
      "edited after deferUpdate",
    );

    const picked = handle("flavour", async (interaction) => {
      if (!interaction.isStringSelectMenu()) throw new Error("not a select");
      expect(interaction.values).toEqual(["lime", "fig"]);
      await interaction.reply({ content: `picked ${interaction.values.join(" and ")}`, flags: MessageFlags.Ephemeral });
    });
    await w.click(message.id, "flavour", ["lime", "fig"]);
    await picked;
    expect(failures).toEqual([]);
  });
});
