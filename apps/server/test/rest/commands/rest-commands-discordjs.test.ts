import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  Client,
  ContextMenuCommandBuilder,
  Events,
  GatewayIntentBits,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";

/** An unmodified discord.js 14 bot registers, reads, edits and deletes its commands through its own methods. */
describe("a discord.js bot manages its application commands", () => {
  const env = useTestServer();
  let client: Client;

  beforeAll(async () => {
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: env.t.api, version: "10" } });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(env.world.token);
    await ready;
  });

  afterAll(async () => {
    await client?.destroy();
  });

  it("sets global commands (builders and plain data), creates a guild command, and fetches both", async () => {
    const echo = new SlashCommandBuilder()
      .setName("echo")
      .setDescription("Repeats what you say")
      .setDefaultMemberPermissions(PermissionFlagsBits.ManageMessages)
      .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
      .addStringOption((o) => o.setName("text").setDescription("what to say").setRequired(true).setMaxLength(200))
      .addChannelOption((o) =>
        o.setName("where").setDescription("which channel").addChannelTypes(ChannelType.GuildText),
      )
      .addIntegerOption((o) =>
        o
          .setName("times")
          .setDescription("how often")
          .addChoices({ name: "once", value: 1 }, { name: "twice", value: 2 }),
      );
    const set = await client.application!.commands.set([
      echo.toJSON(),
      new ContextMenuCommandBuilder().setName("Quote Message").setType(ApplicationCommandType.Message).toJSON(),
      { name: "ping", description: "Pong!", nsfw: false, defaultMemberPermissions: null },
    ]);
    expect([...set.values()].map((c) => c.name).sort()).toEqual(["Quote Message", "echo", "ping"]);
    const guild = client.guilds.cache.get(env.world.guild.id.toString())!;
    const local = await guild.commands.create({
      name: "config",
      description: "Guild settings",
      options: [
        {
          type: ApplicationCommandOptionType.Subcommand,
          name: "show",
          description: "Show one setting",
          options: [
            { type: ApplicationCommandOptionType.String, name: "key", description: "which one", autocomplete: true },
          ],
        },
      ],
    });
    expect(local.guildId).toBe(env.world.guild.id.toString());

    const fetched = await client.application!.commands.fetch();
    expect([...fetched.values()].map((c) => c.name).sort()).toEqual(["Quote Message", "echo", "ping"]);
    const fetchedEcho = fetched.find((c) => c.name === "echo")!;
    expect(fetchedEcho.defaultMemberPermissions?.has(PermissionFlagsBits.ManageMessages)).toBe(true);
    expect(fetchedEcho.options.map((o) => o.name)).toEqual(["text", "where", "times"]);
    // Commands here are guild-installed and used in guilds only, whatever the bot asked for.
    expect(fetchedEcho.contexts).toEqual([InteractionContextType.Guild]);
    expect(fetched.find((c) => c.name === "Quote Message")?.type).toBe(ApplicationCommandType.Message);

    const guildCommands = await guild.commands.fetch();
    expect([...guildCommands.values()].map((c) => [c.id, c.name])).toEqual([[local.id, "config"]]);
    expect(guildCommands.first()?.options[0]).toMatchObject({
      type: ApplicationCommandOptionType.Subcommand,
      name: "show",
    });
  });

  it("edits and deletes a command, and a second set keeps the ids of the commands it keeps", async () => {
    const commands = client.application!.commands;
    const before = await commands.fetch();
    const ping = before.find((c) => c.name === "ping")!;
    const edited = await commands.edit(ping.id, { description: "Pong, edited" });
    expect(edited.description).toBe("Pong, edited");
    const again = await commands.set([
      { name: "ping", description: "Pong!" },
      { name: "fresh", description: "New one" },
    ]);
    expect(again.find((c) => c.name === "ping")?.id).toBe(ping.id);
    await commands.delete(ping.id);
    expect([...(await commands.fetch()).values()].map((c) => c.name)).toEqual(["fresh"]);
  });
});
