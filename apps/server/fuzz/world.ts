import { randomBytes } from "node:crypto";
import { hashPassword } from "@chat/auth/password";
import { hashSecret, Permission, randomToken } from "@chat/domain";
import type { RunningServer } from "../src/server";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
export const LOGIN_REDIRECT = "https://site.example/callback";

/** The owner's password: the web app's password change may be fuzzed with the right one. */
export const OWNER_PASSWORD = "fuzz owner tangerine ledger";

/**
 * A resource of the world a case may name. `check` is an SQL condition true while the resource
 * is still as seeded (ids are ours, digits only, so they are written into the SQL directly);
 * `create` makes a new one and answers its id (what a path or body slot is filled with).
 */
interface Slot {
  name: string;
  /** Slots made from this one: when it is made anew, they are too. */
  after?: readonly string[];
  check(ids: Record<string, string>): string;
  create(ids: Record<string, string>): Promise<string>;
}

const sessionId = (value: string | undefined) => {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`fuzz world: not a session id: ${value}`);
  return value;
};

const sqlId = (value: string | undefined) => {
  if (!value || !/^\d+$/.test(value)) throw new Error(`fuzz world: not an id: ${value}`);
  return value;
};

/**
 * The world the campaign fuzzes: a guild with a bot holding Administrator (so requests reach
 * the deepest checks), its channels, a thread, messages, roles, members, a ban, an overwrite,
 * an event, commands, an emoji and an invite; a second guild the bot may leave; the owner's own
 * application and a guild they may delete (for tRPC); and a guild, user, application and more
 * the bot cannot see (hidden resources). Accepted requests change it: {@link repair} makes
 * anything gone or changed anew, and seeds everything again when the guild or the bot is gone.
 */
export class FuzzWorld {
  ids: Record<string, string> = {};
  token = "";
  ownerId = 0n;
  botUserId = 0n;
  applicationId = 0n;
  private n = 0;
  /** The token of each interaction slot made, by its id (only the hash is stored). */
  private readonly interactionTokens = new Map<string, string>();

  private constructor(private readonly server: RunningServer) {}

  static async seed(server: RunningServer): Promise<FuzzWorld> {
    const world = new FuzzWorld(server);
    await world.seedAll();
    return world;
  }

  /** The id a slot names now; unknown slots are a bug of the route table. */
  readonly resolve = (slot: string): string => {
    const id = this.ids[slot];
    if (id === undefined) throw new Error(`fuzz world has no slot "${slot}"`);
    return id;
  };

  private get domain() {
    return this.server.ctx.domain;
  }

  private get prisma() {
    return this.server.ctx.database.prisma;
  }

  private async person(prefix: string) {
    return this.domain.users.createPerson({
      username: `fz_${prefix}_${++this.n}_${randomBytes(2).toString("hex")}`,
      passwordHash: "not-a-login",
    });
  }

  private async seedAll(): Promise<void> {
    const owner = await this.domain.users.createPerson({
      username: `fz_owner_${++this.n}_${randomBytes(2).toString("hex")}`,
      passwordHash: await hashPassword(OWNER_PASSWORD),
    });
    const guild = await this.domain.guilds.create(owner.id, "Fuzz Guild");
    const app = await this.domain.applications.create(owner.id, "Fuzz Bot");
    await this.domain.members.addBot(owner.id, guild.id, app.application.id, Permission.Administrator);
    this.ownerId = owner.id;
    this.botUserId = app.botUser.id;
    this.applicationId = app.application.id;
    this.token = app.botToken;
    this.ids = {
      guild: guild.id.toString(),
      application: app.application.id.toString(),
      owner: owner.id.toString(),
      bot: app.botUser.id.toString(),
    };
    for (const slot of this.slots) this.ids[slot.name] = await slot.create(this.ids);
  }

  /** Whether the core (owner, guild, bot and its token) is intact; without it everything is seeded again. */
  private async coreIntact(): Promise<boolean> {
    const found = await this.domain.applications.authenticateBot(this.token).catch(() => null);
    if (!found || found.user.id !== this.botUserId) return false;
    const [row] = await this.prisma.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT EXISTS(SELECT 1 FROM "Member" m JOIN "Guild" g ON g.id = m."guildId" WHERE m."guildId" = ${sqlId(this.ids.guild)} AND m."userId" = ${this.botUserId} AND g."ownerId" = ${this.ownerId})
        AND EXISTS(SELECT 1 FROM "User" WHERE id = ${this.ownerId} AND "suspendedAt" IS NULL) AS ok`,
    );
    return row?.ok === true;
  }

  /**
   * After an accepted request: makes anew every slot no longer as seeded (and the slots made
   * from it). Answers the names of what was made anew ("*" when everything was).
   */
  async repair(): Promise<string[]> {
    if (!(await this.coreIntact())) {
      await this.seedAll();
      return ["*"];
    }
    const conditions = this.slots.map((slot) => `(${slot.check(this.ids)}) AS "${slot.name}"`);
    const [row] = await this.prisma.$queryRawUnsafe<Record<string, boolean>[]>(`SELECT ${conditions.join(", ")}`);
    const broken = new Set(this.slots.filter((slot) => row?.[slot.name] !== true).map((slot) => slot.name));
    for (const slot of this.slots) {
      if (broken.has(slot.name)) for (const next of slot.after ?? []) broken.add(next);
    }
    for (const slot of this.slots) if (broken.has(slot.name)) this.ids[slot.name] = await slot.create(this.ids);
    return [...broken];
  }

  /** In creation order: a slot's `after` slots come later in the list. */
  private readonly slots: Slot[] = [
    {
      name: "channel",
      after: ["thread", "message", "otherMessage", "overwrite", "invite"],
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Channel" WHERE id = ${sqlId(ids.channel)} AND "guildId" = ${sqlId(ids.guild)} AND type = 0)`,
      create: async (ids) =>
        (
          await this.domain.channels.create(BigInt(ids.guild!), this.ownerId, {
            name: `fuzz-text-${++this.n}`,
            type: 0,
          })
        ).id,
    },
    {
      name: "voice",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Channel" WHERE id = ${sqlId(ids.voice)} AND "guildId" = ${sqlId(ids.guild)} AND type = 2)`,
      create: async (ids) =>
        (
          await this.domain.channels.create(BigInt(ids.guild!), this.ownerId, {
            name: `Fuzz Voice ${++this.n}`,
            type: 2,
          })
        ).id,
    },
    {
      name: "category",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Channel" WHERE id = ${sqlId(ids.category)} AND "guildId" = ${sqlId(ids.guild)} AND type = 4)`,
      // No route makes categories: written straight, as the tests' fixtures do.
      create: async (ids) =>
        (
          await this.prisma.channel.create({
            data: { guildId: BigInt(ids.guild!), type: 4, name: `Fuzz Category ${++this.n}`, position: 50 },
          })
        ).id.toString(),
    },
    {
      name: "user",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Member" WHERE "guildId" = ${sqlId(ids.guild)} AND "userId" = ${sqlId(ids.user)})`,
      create: async (ids) => {
        const person = await this.person("member");
        await this.domain.members.addPerson(BigInt(ids.guild!), person.id);
        return person.id.toString();
      },
    },
    {
      name: "message",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Message" WHERE id = ${sqlId(ids.message)} AND "channelId" = ${sqlId(ids.channel)})`,
      create: async (ids) =>
        (await this.domain.messages.create(BigInt(ids.channel!), this.botUserId, { content: "fuzz target" })).id,
    },
    {
      name: "otherMessage",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Message" WHERE id = ${sqlId(ids.otherMessage)} AND "channelId" = ${sqlId(ids.channel)})`,
      create: async (ids) =>
        (await this.domain.messages.create(BigInt(ids.channel!), this.ownerId, { content: "someone else's message" }))
          .id,
    },
    {
      name: "thread",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Channel" WHERE id = ${sqlId(ids.thread)} AND "parentId" = ${sqlId(ids.channel)} AND type = 11)`,
      create: async (ids) =>
        (await this.domain.threads.create(BigInt(ids.channel!), this.botUserId, { name: `fuzz thread ${++this.n}` }))
          .id,
    },
    {
      name: "role",
      after: ["overwrite"],
      check: (ids) => `EXISTS(SELECT 1 FROM "Role" WHERE id = ${sqlId(ids.role)} AND "guildId" = ${sqlId(ids.guild)})`,
      create: async (ids) =>
        (await this.domain.roles.create(this.ownerId, BigInt(ids.guild!), { name: `fuzz role ${++this.n}` })).id,
    },
    {
      name: "overwrite",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "PermissionOverwrite" WHERE "channelId" = ${sqlId(ids.channel)} AND "targetId" = ${sqlId(ids.overwrite)})`,
      create: async (ids) => {
        await this.domain.channelOverwrites.put(BigInt(ids.channel!), BigInt(ids.role!), this.ownerId, {
          type: 0,
          allow: "1024",
          deny: "0",
        });
        return ids.role!;
      },
    },
    {
      name: "bannedUser",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Ban" WHERE "guildId" = ${sqlId(ids.guild)} AND "userId" = ${sqlId(ids.bannedUser)})`,
      create: async (ids) => {
        const person = await this.person("banned");
        await this.domain.members.addPerson(BigInt(ids.guild!), person.id);
        await this.domain.bans.ban(this.ownerId, BigInt(ids.guild!), person.id, {});
        return person.id.toString();
      },
    },
    {
      name: "event",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "ScheduledEvent" WHERE id = ${sqlId(ids.event)} AND "guildId" = ${sqlId(ids.guild)} AND status = 1)`,
      create: async (ids) =>
        (
          await this.domain.scheduledEvents.create(
            BigInt(ids.guild!),
            this.botUserId,
            somewhereElseEvent(`Fuzz Event ${++this.n}`),
          )
        ).id,
    },
    {
      name: "command",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "ApplicationCommand" WHERE id = ${sqlId(ids.command)} AND "guildId" = ${sqlId(ids.guild)})`,
      create: async (ids) =>
        (
          await this.domain.commands.create(this.commandScope(BigInt(ids.guild!)), {
            name: `fuzz${++this.n}`,
            description: "a command",
          })
        ).command.id,
    },
    {
      name: "globalCommand",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "ApplicationCommand" WHERE id = ${sqlId(ids.globalCommand)} AND "guildId" IS NULL)`,
      create: async () =>
        (
          await this.domain.commands.create(this.commandScope(null), {
            name: `global${++this.n}`,
            description: "a global command",
          })
        ).command.id,
    },
    {
      name: "emojiId",
      after: ["emoji"],
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Emoji" WHERE id = ${sqlId(ids.emojiId)} AND "guildId" = ${sqlId(ids.guild)})`,
      create: async (ids) =>
        (await this.domain.emojis.create(this.ownerId, BigInt(ids.guild!), { name: `fuzz_${++this.n}`, image: PNG }))
          .id as string,
    },
    {
      name: "emoji",
      check: () => "TRUE",
      create: async (ids) => {
        const row = await this.prisma.emoji.findUniqueOrThrow({ where: { id: BigInt(ids.emojiId!) } });
        return `${row.name}:${row.id}`;
      },
    },
    {
      name: "invite",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Invite" WHERE code = '${ids.invite?.replace(/[^A-Za-z0-9]/g, "")}' AND "guildId" = ${sqlId(ids.guild)})`,
      create: async (ids) =>
        (await this.domain.invites.create(BigInt(ids.channel!), this.ownerId, { max_age: 0 })).code,
    },
    {
      // A slash command's interaction the bot answered, its reply in the channel; its token works as a webhook.
      name: "interaction",
      after: ["interactionToken"],
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Interaction" i JOIN "Message" m ON m.id = i."originalMessageId" WHERE i.id = ${sqlId(ids.interaction)} AND i.state = 'answered' AND i."expiresAt" > clock_timestamp() + interval '1 minute' AND m."channelId" = ${sqlId(ids.channel)})`,
      create: async (ids) => {
        const reply = await this.domain.messages.create(BigInt(ids.channel!), this.botUserId, {
          content: "an interaction's reply",
        });
        const token = randomToken(48);
        // No route makes an answered interaction without a bot session: written straight, as the tests' fixtures do.
        const [row] = await this.prisma.$queryRaw<{ id: bigint }[]>`
          INSERT INTO "Interaction" ("applicationId", "type", "tokenHash", "guildId", "channelId", "userId", "data", "state", "originalMessageId", "callbackType", "deadlineAt", "expiresAt")
          VALUES (${this.applicationId}, 2, ${hashSecret(token)}, ${BigInt(ids.guild!)}, ${BigInt(ids.channel!)}, ${this.ownerId}, '{"name":"fuzz","commandType":1}'::jsonb, 'answered', ${BigInt(reply.id)}, 4,
            clock_timestamp(), clock_timestamp() + interval '15 minutes')
          RETURNING id`;
        const id = row!.id.toString();
        this.interactionTokens.set(id, token);
        return id;
      },
    },
    {
      name: "interactionToken",
      check: () => "TRUE",
      create: async (ids) => this.interactionTokens.get(ids.interaction!) ?? "",
    },
    {
      name: "leavableGuild",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Member" WHERE "guildId" = ${sqlId(ids.leavableGuild)} AND "userId" = ${this.botUserId})`,
      create: async () => {
        const guild = await this.domain.guilds.create(this.ownerId, "Fuzz Leavable");
        await this.domain.members.addBot(this.ownerId, guild.id, this.applicationId, Permission.Administrator);
        return guild.id.toString();
      },
    },
    {
      name: "removableGuild",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Guild" WHERE id = ${sqlId(ids.removableGuild)} AND "ownerId" = ${this.ownerId})`,
      create: async () => (await this.domain.guilds.create(this.ownerId, "Fuzz Removable")).id.toString(),
    },
    {
      name: "ownApplication",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Application" WHERE id = ${sqlId(ids.ownApplication)} AND "ownerId" = ${this.ownerId})`,
      create: async () => {
        const app = await this.domain.applications.create(this.ownerId, `Owned App ${++this.n}`);
        await this.domain.applicationSettings.addRedirectUri(this.ownerId, app.application.id, LOGIN_REDIRECT);
        return app.application.id.toString();
      },
    },
    // Someone else's: a person sharing no guild with the bot, their guild and what is in it, their application.
    {
      name: "hiddenUser",
      after: ["hiddenGuild", "loginApp", "otherApplication"],
      check: (ids) => `EXISTS(SELECT 1 FROM "User" WHERE id = ${sqlId(ids.hiddenUser)})`,
      create: async () => (await this.person("stranger")).id.toString(),
    },
    {
      name: "hiddenGuild",
      after: ["hiddenChannel", "hiddenRole", "hiddenEvent", "hiddenEmoji"],
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Guild" WHERE id = ${sqlId(ids.hiddenGuild)} AND "ownerId" = ${sqlId(ids.hiddenUser)})`,
      create: async (ids) => (await this.domain.guilds.create(BigInt(ids.hiddenUser!), "Hidden Guild")).id.toString(),
    },
    {
      name: "hiddenChannel",
      after: ["hiddenMessage"],
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Channel" WHERE id = ${sqlId(ids.hiddenChannel)} AND "guildId" = ${sqlId(ids.hiddenGuild)})`,
      create: async (ids) =>
        (
          await this.domain.channels.create(BigInt(ids.hiddenGuild!), BigInt(ids.hiddenUser!), {
            name: "hidden",
            type: 0,
          })
        ).id,
    },
    {
      name: "hiddenMessage",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Message" WHERE id = ${sqlId(ids.hiddenMessage)} AND "channelId" = ${sqlId(ids.hiddenChannel)})`,
      create: async (ids) =>
        (await this.domain.messages.create(BigInt(ids.hiddenChannel!), BigInt(ids.hiddenUser!), { content: "hidden" }))
          .id,
    },
    {
      name: "hiddenRole",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Role" WHERE id = ${sqlId(ids.hiddenRole)} AND "guildId" = ${sqlId(ids.hiddenGuild)})`,
      create: async (ids) =>
        (await this.domain.roles.create(BigInt(ids.hiddenUser!), BigInt(ids.hiddenGuild!), { name: "hidden role" })).id,
    },
    {
      name: "hiddenEvent",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "ScheduledEvent" WHERE id = ${sqlId(ids.hiddenEvent)} AND "guildId" = ${sqlId(ids.hiddenGuild)})`,
      create: async (ids) =>
        (
          await this.domain.scheduledEvents.create(
            BigInt(ids.hiddenGuild!),
            BigInt(ids.hiddenUser!),
            somewhereElseEvent("Hidden Event"),
          )
        ).id,
    },
    {
      name: "hiddenEmoji",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "Emoji" WHERE id = ${sqlId(ids.hiddenEmoji?.split(":")[1])} AND "guildId" = ${sqlId(ids.hiddenGuild)})`,
      create: async (ids) => {
        const emoji = await this.domain.emojis.create(BigInt(ids.hiddenUser!), BigInt(ids.hiddenGuild!), {
          name: "hidden_emoji",
          image: PNG,
        });
        return `hidden_emoji:${emoji.id}`;
      },
    },
    {
      name: "otherApplication",
      after: ["hiddenCommand"],
      check: (ids) => `EXISTS(SELECT 1 FROM "Application" WHERE id = ${sqlId(ids.otherApplication)})`,
      create: async (ids) =>
        (
          await this.domain.applications.create(BigInt(ids.hiddenUser!), `Other App ${++this.n}`)
        ).application.id.toString(),
    },
    {
      name: "hiddenCommand",
      check: (ids) => `EXISTS(SELECT 1 FROM "ApplicationCommand" WHERE id = ${sqlId(ids.hiddenCommand)})`,
      create: async (ids) => {
        const app = await this.prisma.application.findUniqueOrThrow({ where: { id: BigInt(ids.otherApplication!) } });
        return (
          await this.domain.commands.create(
            { applicationId: app.id, botUserId: app.botUserId, guildId: null },
            { name: "hidden", description: "not yours" },
          )
        ).command.id;
      },
    },
    {
      // A website's login application (someone else's) with one redirect registered.
      name: "loginApp",
      check: (ids) => `EXISTS(SELECT 1 FROM "Application" WHERE id = ${sqlId(ids.loginApp)})`,
      create: async (ids) => {
        const app = await this.domain.applications.create(BigInt(ids.hiddenUser!), `Site Login ${++this.n}`);
        await this.domain.applicationSettings.addRedirectUri(
          BigInt(ids.hiddenUser!),
          app.application.id,
          LOGIN_REDIRECT,
        );
        return app.application.id.toString();
      },
    },
    {
      // The owner's web session, for the web app's procedures (log out everywhere and a password change end it).
      name: "webSession",
      check: (ids) =>
        `EXISTS(SELECT 1 FROM "WebSession" WHERE id = '${sessionId(ids.webSession)}' AND "userId" = ${this.ownerId} AND "endedAt" IS NULL)`,
      create: async () => (await this.domain.webSessions.start(this.ownerId)).id,
    },
  ];

  private commandScope(guildId: bigint | null) {
    return { applicationId: this.applicationId, botUserId: this.botUserId, guildId };
  }
}

function somewhereElseEvent(name: string) {
  const start = Date.now() + 30 * 86_400_000;
  return {
    name,
    privacy_level: 2,
    entity_type: 3,
    entity_metadata: { location: "The park" },
    scheduled_start_time: new Date(start).toISOString(),
    scheduled_end_time: new Date(start + 3_600_000).toISOString(),
  };
}
