import type { Page } from "@playwright/test";
import { Client, Events, GatewayIntentBits } from "discord.js";
import { expect, guildWith, live, test } from "./support/live-people";
import { screen } from "./support/people";

/** The dot on someone's picture in the member list, and the word a screen reader hears. */
function presenceOf(page: Page, name: string) {
  const member = page.getByRole("complementary", { name: "Members" }).getByTestId("member").filter({ hasText: name });
  return member.getByTestId("presence-dot");
}

/** The grace before the last closed tab shows its person offline (5 s), with room for a busy machine. */
const PAST_GRACE = { timeout: 20_000 };

test("a person shows online while a tab of theirs is open and offline once the last one closes, live", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Presence Porch", [ben]);
  const annPage = await people.open(ann, guild.path);
  await live(annPage);
  await expect(presenceOf(annPage, ann.username)).toHaveAttribute("data-status", "online");
  await expect(presenceOf(annPage, ben.username)).toHaveAttribute("data-status", "offline", PAST_GRACE);
  await expect(presenceOf(annPage, ben.username)).toHaveText("Offline");

  // Ben opens the chat: online for Ann without a reload, and listed first among the online.
  const benPage = await people.open(ben, guild.path);
  await live(benPage);
  await expect(presenceOf(annPage, ben.username)).toHaveAttribute("data-status", "online");
  await expect(presenceOf(annPage, ben.username)).toHaveText("Online");
  await screen(annPage, "live-presence");

  // Ben closes his tab: offline once the grace has passed.
  await benPage.context().close();
  await expect(presenceOf(annPage, ben.username)).toHaveAttribute("data-status", "offline", PAST_GRACE);

  // What a reload shows is the same.
  await annPage.reload();
  await expect(presenceOf(annPage, ben.username)).toHaveAttribute("data-status", "offline");
  await expect(presenceOf(annPage, ann.username)).toHaveAttribute("data-status", "online");
});

test("a bot shows online while its gateway session is connected and offline when it disconnects", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, "Bot Porch");
  const { domain } = await service.domain();
  const app = await domain.applications.create(ann.id, "Porch Bot");
  await domain.members.addBot(ann.id, BigInt(guild.guildId), app.application.id, 3072n);
  const annPage = await people.open(ann, guild.path);
  await live(annPage);
  await expect(presenceOf(annPage, "Porch Bot")).toHaveAttribute("data-status", "offline");

  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: `${service.serverUrl}/api`, version: "10" },
  });
  try {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(app.botToken);
    await ready;
    await expect(presenceOf(annPage, "Porch Bot")).toHaveAttribute("data-status", "online");
    client.user?.setStatus("idle");
    await expect(presenceOf(annPage, "Porch Bot")).toHaveAttribute("data-status", "idle");
  } finally {
    await client.destroy();
  }
  await expect(presenceOf(annPage, "Porch Bot")).toHaveAttribute("data-status", "offline");
});
