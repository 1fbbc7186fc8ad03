import AxeBuilder from "@axe-core/playwright";
// The server tests' LiveKit participant (LiveKit's Node SDK), as a bot runs one.
import { VoiceParticipant } from "../../server/test/support/voice-bot";
import { expect, guildWith, live, moderatorBot, PHONE } from "./support/live-people";
import { screen } from "./support/people";
import { audioFrom, joinVoice, MICROPHONE, participant, test, voiceChannel } from "./support/voice";

/** The service of these tests runs a LiveKit server. */
test.use({ voice: true });

test("joining a voice channel shows the person to the guild live, with mute, and leaving removes them", async ({
  people,
  service,
}) => {
  const [ann, ben] = [await people.get("ann"), await people.get("ben")];
  const { path } = await guildWith(service, ann, "Voice Guild", [ben]);
  const annPage = await people.open(ann, path, { permissions: MICROPHONE });
  const benPage = await people.open(ben, path, { permissions: MICROPHONE });
  const refused: string[] = [];
  for (const page of [annPage, benPage])
    page.on("console", (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
  await live(annPage);
  await live(benPage);

  await joinVoice(annPage, "General");
  // Everyone in the guild sees who is in the channel, live (VOICE_STATE_UPDATE).
  await expect(participant(benPage, "General", ann)).toContainText(ann.username);
  await expect(participant(annPage, "General", ann)).toContainText(ann.username);
  await expect(voiceChannel(annPage, "General")).toHaveAttribute("aria-current", "true");

  // Mute: Ann's toggle is pressed, and Ben sees her muted.
  const mute = annPage.getByRole("button", { name: "Mute", exact: true });
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect(participant(benPage, "General", ann).getByTestId("voice-muted")).toBeVisible();
  await expect(participant(benPage, "General", ann)).toContainText("muted");

  // Ben joins: Ann's microphone is off, so Ben hears no one yet; Ann unmutes and her audio reaches his page.
  await joinVoice(benPage, "General");
  await expect(participant(annPage, "General", ben)).toContainText(ben.username);
  await mute.click();
  await expect(participant(benPage, "General", ann).getByTestId("voice-muted")).toHaveCount(0);
  await expect(benPage.locator(`[data-testid="voice-audio"][data-identity="${ann.id}"]`)).toHaveCount(1, {
    timeout: 20_000,
  });
  // Ann's fake microphone plays a steady tone: Ben's page plays it, loud, and marks her speaking.
  await expect
    .poll(async () => (await audioFrom(benPage, ann.id))?.peak ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0.05);
  expect(await audioFrom(benPage, ann.id)).toMatchObject({ playing: true, muted: false });
  await expect(participant(benPage, "General", ann)).toHaveAttribute("data-speaking", "true", { timeout: 20_000 });
  await expect(participant(benPage, "General", ann)).toContainText("speaking");

  // Deafen mutes too, and both show to the other.
  const deafen = annPage.getByRole("button", { name: "Deafen", exact: true });
  await deafen.click();
  await expect(deafen).toHaveAttribute("aria-pressed", "true");
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect(participant(benPage, "General", ann).getByTestId("voice-deafened")).toBeVisible();
  await expect(participant(benPage, "General", ann)).toContainText("deafened");
  // Deafened, Ann's page plays nobody: Ben's audio element there is muted.
  expect(await audioFrom(annPage, ben.id)).toMatchObject({ muted: true });
  await deafen.click();
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(participant(benPage, "General", ann).getByTestId("voice-deafened")).toHaveCount(0);

  const panel = annPage.getByTestId("voice-panel");
  const { violations } = await new AxeBuilder({ page: annPage })
    .include('[data-testid="voice-panel"]')
    .include('nav[aria-label="Channels"]')
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await screen(annPage, "voice-desktop");

  // On a phone the panel sits in the drawer with the channels.
  await annPage.setViewportSize(PHONE);
  // The channel's header says she is in voice; a tap opens the drawer with the panel.
  const badge = annPage.getByRole("button", { name: "In voice: General" });
  await expect(badge).toBeInViewport();
  const header = await new AxeBuilder({ page: annPage }).include('[data-testid="voice-phone-badge"]').analyze();
  expect(header.violations.map((v) => v.id)).toEqual([]);
  await screen(annPage, "voice-phone-channel");
  await badge.click();
  await expect(panel).toBeInViewport();
  await expect(annPage.getByRole("button", { name: "Disconnect" })).toBeInViewport();
  await screen(annPage, "voice-phone");

  // Keyboard: Disconnect is a button like the others.
  await annPage.getByRole("button", { name: "Disconnect" }).focus();
  await annPage.keyboard.press("Enter");
  await expect(panel).toHaveCount(0);
  await expect(participant(benPage, "General", ann)).toHaveCount(0);
  await expect(benPage.locator(`[data-testid="voice-audio"][data-identity="${ann.id}"]`)).toHaveCount(0);
  // The page policy let both browsers reach the media server.
  expect(refused).toEqual([]);
});

test("joining another voice channel leaves the first", async ({ people, service }) => {
  const [ann, ben] = [await people.get("ann"), await people.get("ben")];
  const { guildId, path } = await guildWith(service, ann, "Two Rooms", [ben]);
  const { domain } = await service.domain();
  await domain.channels.create(BigInt(guildId), ann.id, { name: "Lounge", type: 2 });
  const annPage = await people.open(ann, path, { permissions: MICROPHONE });
  const benPage = await people.open(ben, path);
  await live(annPage);
  await live(benPage);

  await joinVoice(annPage, "General");
  await expect(participant(benPage, "General", ann)).toHaveCount(1);
  await joinVoice(annPage, "Lounge");
  await expect(participant(benPage, "Lounge", ann)).toHaveCount(1);
  await expect(participant(benPage, "General", ann)).toHaveCount(0);
});

test("a blocked microphone is said in plain words, and the person still joins, muted", async ({ people, service }) => {
  const ann = await people.get("ann");
  const ben = await people.get("ben");
  const { path } = await guildWith(service, ann, "No Mic Guild", [ben]);
  // No microphone permission for this browser: Chromium refuses getUserMedia.
  const annPage = await people.open(ann, path);
  const benPage = await people.open(ben, path);
  await live(annPage);
  await live(benPage);

  await joinVoice(annPage, "General");
  await expect(annPage.getByTestId("voice-problem")).toHaveText(
    "Your browser blocked the microphone. Allow it in the address bar, then try again.",
  );
  await expect(annPage.getByRole("button", { name: "Mute", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(participant(benPage, "General", ann).getByTestId("voice-muted")).toBeVisible();
  await screen(annPage, "voice-microphone-blocked");
});

test("a bot in voice: everyone sees it can hear, and it and a person in Chromium hear each other", async ({
  people,
  service,
}) => {
  const [ann, ben] = [await people.get("ann"), await people.get("ben")];
  const { guildId, path } = await guildWith(service, ann, "Bot Ears", [ben]);
  const { domain } = await service.domain();
  const voice = (await domain.channels.listForGuild(BigInt(guildId), ann.id)).find((c) => c.type === 2);
  if (!voice) throw new Error("the guild has no voice channel");
  const bot = await moderatorBot(service, ann, guildId, "Recorder");
  const benPage = await people.open(ben, path, { permissions: MICROPHONE });
  await live(benPage);

  // The bot joins through REST and connects with LiveKit's Node SDK, as the README shows.
  const join = (await bot.rest("POST", `/channels/${voice.id}/voice`, {})) as {
    url: string;
    token: string;
    listen: boolean;
    identity: string;
  };
  expect(join.listen).toBe(true);
  const participant = new VoiceParticipant();
  try {
    await participant.connect(join);
    const entry = benPage
      .getByRole("list", { name: "In General" })
      .getByTestId("voice-participant")
      .filter({ hasText: "Recorder" });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry.getByRole("img", { name: "Recorder can hear this channel" })).toBeVisible();
    await expect(entry.getByTestId("voice-can-hear")).toHaveAttribute("title", "Recorder can hear this channel");
    await screen(benPage, "voice-bot-can-hear");

    // The bot sends 16-bit PCM (a tone); Ben, in the channel, hears it: his page plays it loud.
    await participant.publishTone();
    await joinVoice(benPage, "General");
    await expect(benPage.locator(`[data-testid="voice-audio"][data-identity="${join.identity}"]`)).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect
      .poll(async () => (await audioFrom(benPage, BigInt(join.identity)))?.peak ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0.05);
    // And the bot receives Ben's (fake) microphone: frames that are not silence.
    await expect.poll(() => participant.heardFrom(ben.id.toString()), { timeout: 20_000 }).toBeGreaterThan(20);
  } finally {
    await participant.close();
  }
  await expect(
    benPage.getByRole("list", { name: "In General" }).getByTestId("voice-participant").filter({ hasText: "Recorder" }),
  ).toHaveCount(0, { timeout: 20_000 });
});

test("a media server the browser cannot reach is said in plain words, with Try again", async ({
  people,
  service,
  livekit,
}) => {
  const ann = await people.get("ann");
  const { path } = await guildWith(service, ann, "Unreachable", []);
  const annPage = await people.open(ann, path, { permissions: MICROPHONE });
  // The browser's connections to LiveKit fail, as on a network that blocks it.
  const media = new URL(livekit.url);
  await annPage.routeWebSocket(
    (url) => url.port === media.port,
    (socket) => socket.close(),
  );
  await annPage.route(
    (url) => url.port === media.port,
    (route) => route.abort("connectionrefused"),
  );
  await live(annPage);

  await voiceChannel(annPage, "General").click();
  await expect(annPage.getByTestId("voice-problem")).toHaveText(
    "Couldn’t reach the voice server. Check your connection, then try again.",
    { timeout: 45_000 },
  );
  await expect(annPage.getByTestId("voice-phase")).toHaveText("Voice disconnected");
  await expect(annPage.getByRole("button", { name: "Try again" })).toBeVisible();
  await annPage.getByRole("button", { name: "Close" }).click();
  await expect(annPage.getByTestId("voice-panel")).toHaveCount(0);
});

test("a voice channel the person may not connect to says so in plain words", async ({ people, service }) => {
  const [ann, ben] = [await people.get("ann"), await people.get("ben")];
  const { guildId, path } = await guildWith(service, ann, "Locked Room", [ben]);
  const { domain } = await service.domain();
  const CONNECT = 1n << 20n;
  await domain.channels.create(BigInt(guildId), ann.id, {
    name: "Staff",
    type: 2,
    permission_overwrites: [{ id: guildId, type: 0, allow: "0", deny: CONNECT.toString() }],
  });
  const benPage = await people.open(ben, path, { permissions: MICROPHONE });
  await live(benPage);

  await voiceChannel(benPage, "Staff").click();
  await expect(benPage.getByTestId("voice-problem")).toHaveText(
    "You don’t have permission to join this voice channel.",
  );
  await expect(benPage.getByTestId("voice-phase")).toHaveText("Voice disconnected");
  await expect(benPage.getByRole("list", { name: "In Staff" })).toHaveCount(0);
});
