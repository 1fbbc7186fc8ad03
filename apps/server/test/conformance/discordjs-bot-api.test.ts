import { Permission } from "@chat/domain";
import {
  AttachmentBuilder,
  ChannelType,
  Client,
  type ClientEvents,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  type TextChannel,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";

const BOT_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.SendMessagesInThreads |
  Permission.ReadMessageHistory |
  Permission.AttachFiles |
  Permission.EmbedLinks |
  Permission.ManageMessages |
  Permission.AddReactions |
  Permission.PinMessages |
  Permission.ManageChannels |
  Permission.ManageRoles |
  Permission.CreatePublicThreads |
  Permission.KickMembers |
  Permission.BanMembers |
  Permission.CreateInstantInvite |
  Permission.ManageGuild |
  Permission.CreateEvents |
  Permission.ManageEvents |
  Permission.Connect;

/**
 * Issue 3's end-to-end check: an unmodified discord.js 14 bot does everything the bot-facing
 * side offers through its own methods, and receives the matching gateway event for each.
 */
describe("a discord.js bot uses the whole bot API", () => {
  const env = useTestServer({ world: BOT_PERMISSIONS });
  let client: Client;
  let channel: TextChannel;

  /** Resolves with the next `event` whose arguments pass `accept`. */
  function next<E extends keyof ClientEvents>(
    event: E,
    accept: (...args: ClientEvents[E]) => boolean = () => true,
    timeoutMs = 10_000,
  ) {
    return new Promise<ClientEvents[E]>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off(event, listener);
        reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (...args: ClientEvents[E]) => {
        if (!accept(...args)) return;
        clearTimeout(timer);
        client.off(event, listener);
        resolve(args);
      };
      client.on(event, listener);
    });
  }

  beforeAll(async () => {
    client = new Client({
      intents: [
        GatewayIntentBits.Guilds,
        GatewayIntentBits.GuildMembers,
        GatewayIntentBits.GuildMessages,
        GatewayIntentBits.GuildMessageReactions,
        GatewayIntentBits.GuildScheduledEvents,
        GatewayIntentBits.GuildModeration,
        GatewayIntentBits.MessageContent,
      ],
      rest: { api: env.t.api, version: "10" },
    });
    const ready = next(Events.ClientReady);
    await client.login(env.world.token);
    await ready;
    channel = (await client.channels.fetch(env.world.text.id.toString())) as TextChannel;
  });
  afterAll(async () => {
    await client?.destroy();
  });

  it("sends a message with a file and an embed that shows it, then edits it", async () => {
    const created = next(
      Events.MessageCreate,
      (m) => m.author.id === client.user?.id && m.content === "report attached",
    );
    const bytes = Buffer.from("col1,col2\n1,2\n");
    const sent = await channel.send({
      content: "report attached",
      files: [new AttachmentBuilder(bytes, { name: "report.csv", description: "the numbers" })],
      embeds: [new EmbedBuilder().setTitle("Report").setImage("attachment://report.csv")],
    });
    const [echo] = await created;
    expect(echo.id).toBe(sent.id);
    const attachment = sent.attachments.first();
    expect(attachment?.name).toBe("report.csv");
    expect(attachment?.description).toBe("the numbers");
    expect(sent.embeds[0]?.image?.url).toBe(attachment?.url);
    // A plain GET of the signed URL, as bots download files; the echo's URL works the same.
    expect(new URL(attachment?.url ?? "").searchParams.get("hm")).toMatch(/^[0-9a-f]{64}$/);
    const served = await fetch(attachment?.url ?? "");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const heard = await fetch(echo.attachments.first()?.url ?? "");
    expect(Buffer.from(await heard.arrayBuffer()).equals(bytes)).toBe(true);

    const updated = next(Events.MessageUpdate, (_old, m) => m.id === sent.id);
    const edited = await sent.edit({ content: "report attached (edited)" });
    expect(edited.editedTimestamp).not.toBeNull();
    const [, after] = await updated;
    expect(after.content).toBe("report attached (edited)");
  });

  it("reacts and pins, and hears both", async () => {
    const message = await channel.send("react and pin me");
    const reacted = next(Events.MessageReactionAdd, (r) => r.message.id === message.id);
    await message.react("👍");
    const [reaction] = await reacted;
    expect(reaction.emoji.name).toBe("👍");

    const pinsUpdated = next(Events.ChannelPinsUpdate, (c) => c.id === channel.id);
    await message.pin();
    await pinsUpdated;
    const pins = await channel.messages.fetchPins();
    expect(pins.items.map((p) => p.message.id)).toContain(message.id);
  });

  it("creates a thread from a message and archives it", async () => {
    const message = await channel.send("thread starter");
    const created = next(Events.ThreadCreate, (th) => th.name === "a thread");
    const thread = await message.startThread({ name: "a thread" });
    await created;
    expect(thread.parentId).toBe(channel.id);
    await thread.send("inside the thread");

    const archivedEvent = next(Events.ThreadUpdate, (_old, th) => th.id === thread.id && th.archived === true);
    await thread.setArchived(true);
    await archivedEvent;
  });

  it("starts a thread that knows its starter message, and the message knows its thread", async () => {
    const message = await channel.send("starter of a thread");
    const updated = next(Events.MessageUpdate, (_old, m) => m.id === message.id && m.hasThread);
    const thread = await message.startThread({ name: "about the starter" });
    expect(thread.id).toBe(message.id);
    await updated;
    expect(message.hasThread).toBe(true);
    expect(message.thread?.id).toBe(thread.id);
    // From the API, not the cache: GET the parent's message under the thread's id.
    const starter = await thread.fetchStarterMessage({ force: true });
    expect(starter?.id).toBe(message.id);
    expect(starter?.hasThread).toBe(true);
  });

  it("creates a role, moves it, gives it to a member, and hears each change", async () => {
    const guild = client.guilds.cache.get(env.world.guild.id.toString())!;
    const person = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, person.id);

    const roleCreated = next(Events.GuildRoleCreate, (r) => r.name === "helpers");
    const role = await guild.roles.create({ name: "helpers", permissions: [], colors: { primaryColor: 0x3366ff } });
    expect(role.colors.primaryColor).toBe(0x3366ff);
    await roleCreated;
    expect(role.position).toBe(1);
    // "second" comes in at position 1, which lifts "helpers" to 2 (that update may arrive before
    // or after the create's answer); moving "helpers" back down to 1 is the move heard here.
    const second = await guild.roles.create({ name: "second" });

    const moved = next(Events.GuildRoleUpdate, (_old, r) => r.id === role.id && r.rawPosition === 1);
    await guild.roles.setPositions([{ role: role.id, position: 1 }]);
    const [, movedRole] = await moved;
    expect(movedRole.position).toBe(1);
    expect(second.id).not.toBe(role.id);

    const member = await guild.members.fetch(person.id.toString());
    const memberUpdated = next(Events.GuildMemberUpdate, (_old, m) => m.id === member.id && m.roles.cache.has(role.id));
    await member.roles.add(role);
    await memberUpdated;
  });

  it("kicks one member and bans, then unbans, another", async () => {
    const guild = client.guilds.cache.get(env.world.guild.id.toString())!;
    const kicked = await env.t.seed.person();
    const banned = await env.t.seed.person();
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, kicked.id);
    await env.t.server.ctx.domain.members.addPerson(env.world.guild.id, banned.id);

    const kickRemoved = next(Events.GuildMemberRemove, (m) => m.id === kicked.id.toString());
    await guild.members.kick(kicked.id.toString());
    await kickRemoved;

    const banRemoved = next(Events.GuildMemberRemove, (m) => m.id === banned.id.toString());
    await guild.members.ban(banned.id.toString());
    await banRemoved;
    const ban = await guild.bans.fetch(banned.id.toString());
    expect(ban.reason).toBeNull();
    await guild.members.unban(banned.id.toString());
    await expect(guild.bans.fetch({ user: banned.id.toString(), force: true })).rejects.toMatchObject({ code: 10026 });
  });

  it("creates an invite to the guild", async () => {
    const invite = await channel.createInvite({ maxAge: 3600, maxUses: 5 });
    expect(invite.maxAge).toBe(3600);
    expect(invite.maxUses).toBe(5);
    expect(invite.guild?.id).toBe(env.world.guild.id.toString());
    const invites = await client.guilds.cache.get(env.world.guild.id.toString())!.invites.fetch();
    expect(invites.has(invite.code)).toBe(true);
  });

  it("creates a voice-channel event and starts it", async () => {
    const guild = client.guilds.cache.get(env.world.guild.id.toString())!;
    const created = next(Events.GuildScheduledEventCreate, (e) => e.name === "Game night");
    const event = await guild.scheduledEvents.create({
      name: "Game night",
      scheduledStartTime: new Date(Date.now() + 3_600_000),
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.Voice,
      channel: env.world.voice.id.toString(),
    });
    await created;
    const started = next(
      Events.GuildScheduledEventUpdate,
      (_old, e) => e.id === event.id && e.status === GuildScheduledEventStatus.Active,
    );
    await event.setStatus(GuildScheduledEventStatus.Active);
    await started;
    const interested = await event.fetchSubscribers();
    expect(interested.has(client.user!.id)).toBe(true);
  });

  it("bulk deletes messages, one MESSAGE_DELETE each", async () => {
    const sent = [await channel.send("bulk one"), await channel.send("bulk two"), await channel.send("bulk three")];
    const ids = new Set(sent.map((m) => m.id));
    const seen = new Set<string>();
    const allDeleted = new Promise<void>((resolve) => {
      const listener = (m: { id: string }) => {
        if (ids.has(m.id)) seen.add(m.id);
        if (seen.size === ids.size) {
          client.off(Events.MessageDelete, listener);
          resolve();
        }
      };
      client.on(Events.MessageDelete, listener);
    });
    const deleted = await channel.bulkDelete([...ids]);
    expect(deleted.size).toBe(3);
    await allDeleted;
    expect(channel.type).toBe(ChannelType.GuildText);
  });
});
