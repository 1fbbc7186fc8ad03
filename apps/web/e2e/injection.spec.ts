import type { Page } from "@playwright/test";
import { expect, guildWith, live, sidebars, test } from "./support/live-people";
import { sendMessage } from "./support/people";

/** View Channel, Send Messages, Embed Links. */
const BOT_PERMISSIONS = 1024n | 2048n | (1n << 14n);

const IMG = `<img src=x onerror="window.pwned='img'">`;
const SCRIPT = `<script>window.pwned='script'</script>`;
const SVG = `<svg onload="window.pwned='svg'"></svg>`;
/** Fits a display name's 32 characters; `alert` would show as a dialog. */
const SHORT_IMG = "<img src=x onerror=alert(1)>";

/** Everything that would show something ran: dialogs, errors in the console or the page, and the canary. */
function watch(page: Page) {
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error") seen.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
  return {
    seen,
    canary: () => page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned ?? null),
  };
}

async function botRest(apiUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${apiUrl}${path}`, {
    method: "POST",
    headers: { Authorization: `Bot ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Hostile payloads from a bot and from a person (content, embeds, names of people, roles,
 * channels and threads, a topic) show as text: nothing runs (no dialog, no console error, the
 * canary untouched) and no link points at `javascript:`, even from rows stored before the
 * API refused such addresses.
 */
test("script in messages, embeds, names and topics is shown as text and never runs", async ({ people, service }) => {
  const ann = await people.get("ann");
  const guild = await guildWith(service, ann, `Guild ${IMG}`);
  const { domain, database } = await service.domain();
  const guildId = BigInt(guild.guildId);
  const channelId = BigInt(guild.channelId);
  await domain.channels.update(channelId, ann.id, { topic: `Topic ${SCRIPT}${IMG}` });
  await domain.users.updatePerson(ann.id, { global_name: SHORT_IMG });
  const role = await domain.roles.create(ann.id, guildId, { name: `Role ${IMG}`, color: 0x3366ff });
  await domain.memberRoles.addRole(ann.id, guildId, ann.id, BigInt(role.id));
  await domain.channels.create(guildId, ann.id, { name: `chan ${SCRIPT}` });
  const app = await domain.applications.create(ann.id, `Bot ${SVG}`.slice(0, 32));
  await domain.members.addBot(ann.id, guildId, app.application.id, BOT_PERMISSIONS);
  const channelPath = `/channels/${guild.channelId}/messages`;

  // A message stored before the API checked addresses: its link button and embed links say javascript:.
  const stored = await domain.messages.create(channelId, app.botUser.id, {
    content: "Stored before the check",
    embeds: [
      {
        title: "Stored title",
        url: "https://example.com/t",
        author: { name: "Stored author", url: "https://example.com/a" },
      },
    ],
    components: [{ type: 1, components: [{ type: 2, style: 5, label: "Stored link", url: "https://example.com/l" }] }],
  });
  await database.prisma.message.update({
    where: { id: BigInt(stored.id) },
    data: {
      embeds: [
        {
          title: "Stored title",
          url: "javascript:window.pwned='stored-embed'",
          author: { name: "Stored author", url: "javascript:window.pwned='stored-author'" },
        },
      ],
      components: [
        {
          type: 1,
          components: [{ type: 2, style: 5, label: "Stored link", url: "javascript:window.pwned='stored-button'" }],
        },
      ],
    },
  });
  await domain.threads.createFromMessage(channelId, BigInt(stored.id), ann.id, { name: `Thread ${IMG}` });

  const page = await people.open(ann, guild.path);
  const watcher = watch(page);
  await live(page);

  // The API refuses javascript: addresses where a bot may give one: embed URLs and link buttons.
  for (const body of [
    { embeds: [{ title: "t", url: "javascript:window.pwned='embed'" }] },
    { embeds: [{ title: "t", image: { url: "javascript:window.pwned='image'" } }] },
    { embeds: [{ author: { name: "a", url: "javascript:window.pwned='author'" } }] },
    {
      content: "x",
      components: [
        { type: 1, components: [{ type: 2, style: 5, label: "Go", url: "javascript:window.pwned='button'" }] },
      ],
    },
  ]) {
    const refused = await botRest(service.apiUrl, app.botToken, channelPath, body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.code).toBe(50035);
  }

  // What it may send: markup in content and in every text of an embed.
  const hostileContent = `${SCRIPT} ${IMG} [click me](javascript:window.pwned='masked') <javascript:window.pwned='auto'> [data](data:text/html,${SCRIPT})`;
  const sent = await botRest(service.apiUrl, app.botToken, channelPath, {
    content: hostileContent,
    embeds: [
      {
        title: `Title ${IMG}`,
        description: `Description ${SCRIPT} [here](javascript:window.pwned='desc')`,
        author: { name: `Author ${SVG}` },
        fields: [{ name: `Field ${IMG}`, value: `Value ${SCRIPT}` }],
        footer: { text: `Footer ${IMG}` },
      },
    ],
  });
  expect(sent.status).toBe(200);
  const botRow = page.locator(`[data-message-id="${sent.body.id as string}"]`);
  await expect(botRow.getByTestId("message-content")).toContainText(SCRIPT);
  await expect(botRow.getByTestId("message-content")).toContainText(IMG);
  await expect(botRow.getByTestId("message-content")).toContainText("[click me](javascript:window.pwned='masked')");
  await expect(botRow.getByTestId("embed-title")).toHaveText(`Title ${IMG}`);
  await expect(botRow.getByTestId("embed-description")).toContainText(`Description ${SCRIPT}`);
  await expect(botRow.getByTestId("embed-author")).toHaveText(`Author ${SVG}`);
  await expect(botRow.getByTestId("embed-field")).toHaveText([`Field ${IMG}Value ${SCRIPT}`]);
  await expect(botRow.getByTestId("embed-footer")).toHaveText(`Footer ${IMG}`);
  await expect(botRow.getByRole("link")).toHaveCount(0);

  // The stored message: its embed's title and author are plain text, its link button is not shown.
  const storedRow = page.locator(`[data-message-id="${stored.id}"]`);
  await expect(storedRow.getByTestId("embed-title")).toHaveText("Stored title");
  await expect(storedRow.getByTestId("embed-author")).toHaveText("Stored author");
  await expect(storedRow.getByRole("link")).toHaveCount(0);
  await expect(storedRow.getByTestId("component-button")).toHaveCount(0);

  // A person's message with the same kind of payloads, and a mention of the hostile role.
  await sendMessage(page, "general", `${IMG} [mine](javascript:window.pwned='person') ${SVG} <@&${role.id}>`);
  const mine = page.getByRole("log").getByTestId("message").filter({ hasText: "[mine](javascript:" });
  await expect(mine.getByTestId("message-content")).toContainText(
    `${IMG} [mine](javascript:window.pwned='person') ${SVG}`,
  );
  await expect(mine).not.toHaveAttribute("aria-busy");
  await expect(mine.getByTestId("mention")).toHaveText(`@Role ${IMG}`);
  await expect(mine.getByTestId("message-author")).toContainText(SHORT_IMG);

  // Names and topics are text too: guild, topic, bot, person, channel, thread and role.
  await expect(page.getByTestId("sidebar-title")).toHaveText(`Guild ${IMG}`);
  await expect(page.getByText(`Topic ${SCRIPT}${IMG}`)).toBeVisible();
  // (The stored message heads the bot's group of messages: it carries the author line.)
  await expect(storedRow.getByTestId("message-author")).toContainText("Bot <svg onload=");
  await expect(page.getByTestId("channel-link").filter({ hasText: `chan-${SCRIPT}` })).toBeVisible();
  await expect(storedRow.getByTestId("thread-chip")).toContainText(`Thread ${IMG}`);
  await sidebars(page).members.filter({ hasText: SHORT_IMG }).getByRole("button").first().click();
  const card = page.getByTestId("profile-card");
  await expect(card).toContainText(SHORT_IMG);
  await expect(card.getByRole("listitem").filter({ hasText: `Role ${IMG}` })).toBeVisible();
  await page.keyboard.press("Escape");

  // Clicking where the links would have been does nothing.
  await botRow.getByText("[click me]", { exact: false }).click();
  await mine.getByText("[mine]", { exact: false }).click();
  await storedRow.getByTestId("embed-title").click();
  await storedRow.getByTestId("embed-author").click();

  // Nothing ran, nothing was parsed as markup.
  await expect(page.locator("body [onerror], body [onload], main script, [role=log] svg[onload]")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
  expect(await watcher.canary()).toBeNull();
  expect(watcher.seen).toEqual([]);

  // And after a reload (from the server's stored answer, not the live event).
  await page.reload();
  await live(page);
  await expect(
    page.locator(`[data-message-id="${sent.body.id as string}"]`).getByTestId("message-content"),
  ).toContainText(SCRIPT);
  expect(await watcher.canary()).toBeNull();
  expect(watcher.seen).toEqual([]);
});
