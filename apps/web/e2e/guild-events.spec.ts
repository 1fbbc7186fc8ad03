import type { Locator, Page } from "@playwright/test";
import { GatewayIntentBits } from "discord.js";
import { axeViolations } from "./support/axe";
import { startDiscordJsBot } from "./support/discordjs-bot";
import { expect, guildWith, live, PHONE, test } from "./support/live-people";
import { openDialog, screen } from "./support/people";
import { twoColourPng } from "./support/png";

/** Scheduled events from the web app: create with a cover and a repeat rule, interest, start and end; people and bots following live. */

const DESKTOP = { width: 1280, height: 800 };
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

type Packet = {
  t: string;
  d: {
    id?: string;
    guild_scheduled_event_id?: string;
    user_id?: string;
    name?: string;
    image?: string | null;
    status?: number;
    recurrence_rule?: { frequency: number; by_weekday: number[] | null } | null;
  };
};

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Channels" });
const eventCard = (dialog: Locator, name: string) =>
  dialog.getByTestId("scheduled-event").filter({ has: dialog.page().getByRole("heading", { name, exact: true }) });

test("the owner creates a weekly event with a cover; a member sees it live, marks interest; the owner starts, ends and cancels; a discord.js bot follows without the cover", async ({
  people,
  service,
}) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const guild = await guildWith(service, ann, "Event Hall", [ben]);
  const { domain } = await service.domain();
  // A later event somewhere else, made over the same service, to cancel from the list.
  const picnicStart = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 14 * DAY_MS + 14 * 60 * 60 * 1000);
  await domain.scheduledEvents.create(BigInt(guild.guildId), ann.id, {
    name: "Picnic",
    privacy_level: 2,
    entity_type: 3,
    entity_metadata: { location: "The park" },
    scheduled_start_time: picnicStart.toISOString(),
    scheduled_end_time: new Date(picnicStart.getTime() + 2 * 60 * 60 * 1000).toISOString(),
  });
  const packets: Packet[] = [];
  const bot = await startDiscordJsBot(service, ann, guild.guildId, {
    name: "Event Watcher",
    commands: [],
    answer: async () => {},
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents],
  });
  bot.on("raw", (packet: Packet) => {
    if (packet.t?.startsWith("GUILD_SCHEDULED_EVENT_")) packets.push(packet);
  });
  const heard = (t: string, match: (d: Packet["d"]) => boolean = () => true) =>
    packets.find((p) => p.t === t && match(p.d))?.d;

  // A week from now at 20:00 in the browser's calendar; the date names its weekday wherever it is.
  const day = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
  const weekday = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] as string;

  try {
    const annPage = await people.open(ann, guild.path);
    const benPage = await people.open(ben, guild.path);
    await annPage.setViewportSize(DESKTOP);
    await benPage.setViewportSize(DESKTOP);
    await Promise.all([live(annPage), live(benPage)]);
    await expect(sidebar(benPage).getByTestId("next-event")).toContainText("Picnic");

    // Ben may look and mark interest, not create: the button says why.
    const benEvents = await openDialog(benPage, "Events", "Events");
    await expect(benEvents.getByRole("button", { name: "Create event" })).toHaveAccessibleDescription(
      "Creating events needs Create Events.",
    );
    await expect(eventCard(benEvents, "Picnic").getByRole("button", { name: "Edit" })).toHaveAccessibleDescription(
      /needs Manage Events/,
    );
    await benEvents.getByRole("button", { name: "Close" }).click();
    await expect(benEvents).toBeHidden();

    const events = await openDialog(annPage, "Events", "Events");
    await events.getByRole("button", { name: "Create event" }).click();
    const form = annPage
      .getByRole("dialog", { name: "Create an event" })
      .getByRole("form", { name: "Create an event" });
    await expect(form.getByRole("radio", { name: /Voice channel/ })).toBeChecked();
    await expect(form.getByLabel("Voice channel", { exact: true })).toHaveValue(/\d+/);
    await form.getByLabel("Event name").fill("Game night");
    await form.getByLabel("Start date").fill(day);
    await form.getByLabel("Start time").fill("20:00");
    await form.getByLabel("End date (optional)").fill(day);
    await form.getByLabel("End time (optional)").fill("22:00");
    await form.getByLabel("Repeats").selectOption({ label: `Every week on ${weekday}` });
    await form.getByLabel("Description").fill("Bring your own snacks.");
    await form.getByLabel("Cover image").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: twoColourPng(200, [91, 108, 240], [230, 162, 60]),
    });
    await expect(form.getByTestId("cover-preview")).toHaveJSProperty("naturalWidth", 200);
    expect(await axeViolations(annPage)).toEqual([]);
    await screen(annPage, "guild-events-create");
    await form.getByRole("button", { name: "Create event" }).scrollIntoViewIfNeeded();
    await annPage.setViewportSize(PHONE);
    await screen(annPage, "guild-events-create-phone");
    await annPage.setViewportSize(DESKTOP);
    await form.getByRole("button", { name: "Create event" }).click();

    const annCard = eventCard(events, "Game night");
    await expect(annCard.getByRole("heading", { name: "Game night" })).toBeFocused();
    await expect(annCard.getByTestId("event-repeat")).toHaveText(`Every week on ${weekday}`);
    await expect(annCard.getByTestId("interested-count")).toHaveText("1 interested");
    await expect(annCard.getByTestId("event-cover")).toHaveJSProperty("naturalWidth", 200);
    await expect(annCard.getByRole("button", { name: "Interested" })).toHaveAttribute("aria-pressed", "true");
    await expect(events.getByTestId("scheduled-event").getByRole("heading")).toHaveText(["Game night", "Picnic"]);

    // Bots are told, without the cover (stored encrypted); the rule is in UTC, on the start's UTC weekday.
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_CREATE", (d) => d.name === "Game night"))
      .toMatchObject({ image: null, recurrence_rule: { frequency: 2 } });
    const gameNightId = heard("GUILD_SCHEDULED_EVENT_CREATE", (d) => d.name === "Game night")?.id as string;

    // Ben's sidebar has the new next event at once; it opens the list on that event.
    const benNext = sidebar(benPage).getByTestId("next-event");
    await expect(benNext).toContainText("Game night");
    await benNext.click();
    const benList = benPage.getByRole("dialog", { name: "Events" });
    const benCard = eventCard(benList, "Game night");
    await expect(benCard.getByRole("heading", { name: "Game night" })).toBeFocused();
    await expect(benCard.getByTestId("event-cover")).toHaveJSProperty("naturalWidth", 200);
    await benCard.getByRole("button", { name: "Interested" }).click();
    await expect(benCard.getByRole("button", { name: "Interested" })).toHaveAttribute("aria-pressed", "true");
    await expect(benCard.getByTestId("interested-count")).toHaveText("2 interested");
    await expect(annCard.getByTestId("interested-count")).toHaveText("2 interested");
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_USER_ADD", (d) => d.user_id === ben.id.toString()))
      .toMatchObject({ guild_scheduled_event_id: gameNightId });
    expect(await axeViolations(benPage)).toEqual([]);
    await screen(benPage, "guild-events-member");
    await screen(annPage, "guild-events-list");

    // The owner renames it; Ben's list follows.
    await annCard.getByRole("button", { name: "Edit" }).click();
    const editForm = annPage.getByRole("form", { name: "Edit Game night" });
    await expect(editForm.getByLabel("Repeats")).toHaveValue("weekly");
    await editForm.getByLabel("Event name").fill("Game night!");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    const renamed = eventCard(events, "Game night!");
    await expect(renamed.getByTestId("event-cover")).toBeVisible();
    await expect(eventCard(benList, "Game night!")).toBeVisible();
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.name === "Game night!"))
      .toMatchObject({ image: null, status: 1 });

    // Start, then end: both reach Ben's tab and the bot.
    await renamed.getByRole("button", { name: "Start event" }).click();
    await expect(renamed.getByTestId("event-when")).toHaveText("Happening now");
    await expect(sidebar(benPage).getByTestId("next-event")).toContainText("Happening now");
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.status === 2))
      .toMatchObject({ id: gameNightId });
    await annPage.setViewportSize(PHONE);
    await screen(annPage, "guild-events-list-phone");
    expect(await axeViolations(annPage)).toEqual([]);
    // Ben, on a phone, finds it in the folded navigation.
    await benList.getByRole("button", { name: "Close" }).click();
    await benPage.setViewportSize(PHONE);
    await benPage.getByRole("button", { name: "Guilds and channels" }).click();
    const benNextNow = sidebar(benPage).getByTestId("next-event");
    await expect(benNextNow).toContainText("Happening now");
    await expect(benNextNow).toContainText("Game night!");
    await screen(benPage, "guild-events-sidebar-phone");
    expect(await axeViolations(benPage)).toEqual([]);

    await renamed.getByRole("button", { name: "End event" }).click();
    await expect(renamed.getByRole("button", { name: "End event" })).toBeHidden();
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.status === 3))
      .toMatchObject({ id: gameNightId });
    await expect(benNextNow).not.toContainText("Happening now");

    // Cancelling asks first.
    const picnic = eventCard(events, "Picnic");
    await picnic.getByRole("button", { name: "Cancel event" }).click();
    const confirm = picnic.getByRole("group", { name: "Confirm cancelling" });
    await expect(confirm.getByRole("button", { name: "Yes, cancel event" })).toBeFocused();
    await screen(annPage, "guild-events-cancel-phone");
    await confirm.getByRole("button", { name: "Yes, cancel event" }).click();
    await expect(annPage.getByRole("status").filter({ hasText: "Event cancelled." })).toHaveCount(1);
    await expect
      .poll(() => heard("GUILD_SCHEDULED_EVENT_UPDATE", (d) => d.name === "Picnic" && d.status === 4))
      .toBeTruthy();
    // Shown as cancelled until housekeeping (every 30 s) removes a finished one-off event, which
    // may already have run: no Picnic card says anything but "Cancelled".
    await expect(picnic.filter({ hasNotText: "Cancelled" })).toHaveCount(0);
    await expect(sidebar(benPage).getByText("Picnic")).toHaveCount(0);
  } finally {
    await bot.destroy();
  }
});
