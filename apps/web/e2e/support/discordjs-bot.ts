import type { Page } from "@playwright/test";
import {
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  type RESTPostAPIApplicationCommandsJSONBody,
} from "discord.js";
import { expect, type guildWith, type Someone } from "./live-people";

/** View Channel and Send Messages: what the specs' bots need in their guild. */
const BOT_PERMISSIONS = 3072n;

/**
 * An unmodified discord.js 14 bot named `name` added to the guild by its owner, logged in to
 * the service, with `commands` registered as its global commands; `answer` gets every
 * interaction (a failing answer is logged, as a bot would). It asks for `intents` (Guilds
 * unless told).
 */
export async function startDiscordJsBot(
  service: Parameters<typeof guildWith>[0],
  owner: Someone,
  guildId: string,
  bot: {
    name: string;
    commands: RESTPostAPIApplicationCommandsJSONBody[];
    answer(interaction: Interaction): Promise<void>;
    intents?: GatewayIntentBits[];
  },
): Promise<Client> {
  const { domain } = await service.domain();
  const app = await domain.applications.create(owner.id, bot.name);
  await domain.members.addBot(owner.id, BigInt(guildId), app.application.id, BOT_PERMISSIONS);
  const client = new Client({
    intents: bot.intents ?? [GatewayIntentBits.Guilds],
    rest: { api: `${service.serverUrl}/api`, version: "10" },
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  client.on(
    Events.InteractionCreate,
    (interaction) => void bot.answer(interaction).catch((error) => console.error("bot answer failed", error)),
  );
  await client.login(app.botToken);
  await ready;
  await client.application?.commands.set(bot.commands);
  return client;
}

/** Picks `/name` from the picker with the keyboard; its options form opens. */
export async function pickCommand(page: Page, name: string): Promise<void> {
  await page.getByRole("textbox", { name: /^Message #/ }).focus();
  await page.keyboard.type(`/${name}`);
  await expect(page.getByRole("listbox", { name: "Commands" }).getByRole("option", { selected: true })).toHaveText(
    new RegExp(`^/${name}`),
  );
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: `/${name}` })).toBeVisible();
}

/** The messages of the open channel that show `text`. */
export function messageWith(page: Page, text: string | RegExp) {
  return page.getByRole("log").getByTestId("message").filter({ hasText: text });
}
