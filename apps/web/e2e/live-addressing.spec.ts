import { Client, Events, GatewayIntentBits, MessageFlags } from "discord.js";
import { expect, test } from "./fixtures/service";
import { cookieHeader, LiveStreamReader } from "./support/live-stream";
import { createGuild, signUp, uniqueName } from "./support/people";

const KICK_MEMBERS = 1n << 1n;
const VIEW_AND_SEND = 1024n | 2048n;

/**
 * An event addressed to one person reaches every open tab of that person, on every web
 * process, and no tab of anyone else: the server (bot REST), two web app processes and the
 * bus between them (a hub on the embedded database, Redis on PostgreSQL) are separate processes.
 */
test("an event addressed to one person reaches all of that person's tabs on every web process and nobody else's", async ({
  page,
  browser,
  service,
}) => {
  const alice = uniqueName("alice");
  await signUp(page, alice);
  const { guildId, channelId } = await createGuild(page, "Addressed");
  // Alice's page leaves the chat: a chat page marks what it shows read, and her own acks are not under test.
  await page.goto("/developers");
  const bobContext = await browser.newContext({ baseURL: service.webUrl });
  const bob = uniqueName("bob");
  await signUp(await bobContext.newPage(), bob);
  const secondWeb = (await service.startWeb()).url;

  const { domain } = await service.domain();
  const aliceUser = await domain.users.findByUsername(alice);
  const bobUser = await domain.users.findByUsername(bob);
  if (!aliceUser || !bobUser) throw new Error("sign-up did not create the people");
  await domain.members.addPerson(BigInt(guildId), bobUser.id);
  const app = await domain.applications.create(aliceUser.id, "Bouncer");
  await domain.members.addBot(aliceUser.id, BigInt(guildId), app.application.id, KICK_MEMBERS | VIEW_AND_SEND);

  // Bob has a tab on each web process; so has Alice, who stays as the bystander.
  const bobCookie = await cookieHeader(bobContext);
  const aliceCookie = await cookieHeader(page.context());
  const bobTabs = [
    await LiveStreamReader.open(service.webUrl, bobCookie),
    await LiveStreamReader.open(secondWeb, bobCookie),
  ];
  const aliceTabs = [
    await LiveStreamReader.open(service.webUrl, aliceCookie),
    await LiveStreamReader.open(secondWeb, aliceCookie),
  ];
  for (const tab of [...bobTabs, ...aliceTabs])
    expect(tab.frames[0]).toMatchObject({ kind: "ready", guildIds: expect.arrayContaining([guildId]) });

  const botSays = async (content: string) => {
    const sent = await fetch(`${service.apiUrl}/channels/${channelId}/messages`, {
      method: "POST",
      headers: { Authorization: `Bot ${app.botToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ content }),
    });
    expect(sent.status).toBe(200);
    return ((await sent.json()) as { id: string }).id;
  };

  // A person event: Bob marks the channel read on the second web process; both his tabs hear it, Alice's do not.
  const hello = await botSays("hello");
  const ack = await fetch(`${secondWeb}/api/trpc/readStates.ack`, {
    method: "POST",
    headers: { cookie: bobCookie, origin: service.webUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ channelId, messageId: hello }),
  });
  expect(ack.status).toBe(200);
  for (const tab of bobTabs)
    await tab.next(
      (f) =>
        f.kind === "event" && f.t === "READ_STATE_UPDATE" && f.d.channel_id === channelId && f.d.last_read_id === hello,
    );
  await botSays("after the ack");
  for (const tab of aliceTabs) {
    await tab.next((f) => f.kind === "event" && f.t === "MESSAGE_CREATE" && f.d.content === "after the ack");
    expect(tab.events("READ_STATE_UPDATE")).toEqual([]);
  }

  // An interaction's outcome: Bob uses the bot's command through the second web process and the bot
  // (an unmodified discord.js client) answers ephemerally; only Bob's tabs, on both processes, get it.
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: `${service.serverUrl}/api`, version: "10" },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isChatInputCommand())
      void interaction.reply({ content: "only for you", flags: MessageFlags.Ephemeral });
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(app.botToken);
  await ready;
  const command = await client.application?.commands.create({ name: "secret", description: "Tells you a secret" });
  if (!command) throw new Error("the bot has no application");
  const used = await fetch(`${secondWeb}/api/trpc/interactions.useCommand`, {
    method: "POST",
    headers: { cookie: bobCookie, origin: service.webUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ channelId, commandId: command.id }),
  });
  expect(used.status).toBe(200);
  for (const tab of bobTabs)
    await tab.next((f) => f.kind === "event" && f.t === "EPHEMERAL_MESSAGE_CREATE" && f.d.content === "only for you");
  await botSays("after the secret");
  for (const tab of aliceTabs) {
    await tab.next((f) => f.kind === "event" && f.t === "MESSAGE_CREATE" && f.d.content === "after the secret");
    expect(tab.events("EPHEMERAL_MESSAGE_CREATE")).toEqual([]);
  }
  await client.destroy();

  // The bot kicks Bob over REST: GUILD_DELETE is addressed to Bob alone; the member's removal is news for the guild.
  const kick = await fetch(`${service.apiUrl}/guilds/${guildId}/members/${bobUser.id}`, {
    method: "DELETE",
    headers: { Authorization: `Bot ${app.botToken}` },
  });
  expect(kick.status).toBe(204);
  for (const tab of bobTabs) await tab.next((f) => f.kind === "event" && f.t === "GUILD_DELETE" && f.d.id === guildId);
  for (const tab of aliceTabs)
    await tab.next(
      (f) =>
        f.kind === "event" && f.t === "GUILD_MEMBER_REMOVE" && (f.d.user as { id: string }).id === String(bobUser.id),
    );

  // A message after the kick: Alice's tabs get it; by then they would have had any GUILD_DELETE meant for Bob.
  await botSays("after the kick");
  for (const tab of aliceTabs) {
    await tab.next((f) => f.kind === "event" && f.t === "MESSAGE_CREATE" && f.d.content === "after the kick");
    expect(tab.events("GUILD_DELETE")).toEqual([]);
  }
  // Nor does Bob, no longer a member, learn of the guild's messages.
  for (const tab of bobTabs)
    expect(tab.events("MESSAGE_CREATE").filter((f) => f.d.content === "after the kick")).toEqual([]);

  for (const tab of [...bobTabs, ...aliceTabs]) tab.close();
  await bobContext.close();
});
