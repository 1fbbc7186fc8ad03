import { Client, Events, GatewayIntentBits, type Message } from "discord.js";
import { expect, test } from "./fixtures/service";
import { createGuild, messages, sendMessage, signUp, uniqueName } from "./support/people";

/**
 * The foundation's acceptance path: an unmodified discord.js 14 bot and a person in
 * Chromium talk to each other through the whole service (web app, server, gateway, REST).
 */
test("a person's message reaches a discord.js bot whose reply appears live in the page", async ({ page, service }) => {
  const person = uniqueName("dana");
  await signUp(page, person);
  const { guildId, channelId } = await createGuild(page, "Bot Lab");

  const { domain } = await service.domain();
  const owner = await domain.users.findByUsername(person);
  if (!owner) throw new Error("the person was not created");
  const app = await domain.applications.create(owner.id, "Echo Bot");
  await domain.members.addBot(owner.id, BigInt(guildId), app.application.id, 3072n | (1n << 16n));

  const client = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMembers,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
    ],
    rest: { api: `${service.serverUrl}/api`, version: "10" },
  });
  try {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(app.botToken);
    await ready;
    const guild = client.guilds.cache.get(guildId);
    expect(guild?.channels.cache.get(channelId)?.name).toBe("general");
    expect(guild?.members.cache.has(owner.id.toString())).toBe(true);

    const received = new Promise<Message>((resolve) => {
      client.on(Events.MessageCreate, (message) => {
        if (!message.author.bot) resolve(message);
      });
    });
    await sendMessage(page, "general", "ping");
    const message = await received;
    expect(message.content).toBe("ping");
    expect(message.author.username).toBe(person);

    await message.reply("pong, from a discord.js bot");
    await expect(messages(page).last()).toHaveText("pong, from a discord.js bot");
    await expect(
      page.getByTestId("message").filter({ hasText: "pong, from a discord.js bot" }).getByText("Bot", { exact: true }),
    ).toBeVisible();
  } finally {
    await client.destroy();
  }
});
