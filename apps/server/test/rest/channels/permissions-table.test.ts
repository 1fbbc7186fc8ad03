import { Permission } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { type TestServer, useTestServer } from "../../support/harness";
import { type BotClient, botClient, fixtures, type World } from "../../support/rest-fixtures";

/**
 * The permissions engine seen through the REST API, one row per rule: role permissions,
 * channel overwrites in both directions, the hierarchy (ties included), the owner and
 * Administrator. Every row builds its own guild (the route limits count per guild) with a
 * bot holding `permissions` through its managed role, arranges the case through the same
 * services people use, then makes one bot request and checks the answer.
 */

const {
  ViewChannel,
  SendMessages,
  ReadMessageHistory,
  ManageRoles,
  KickMembers,
  BanMembers,
  Administrator,
  ManageGuild,
} = Permission;
const BASE = ViewChannel | SendMessages | ReadMessageHistory;

interface Scene {
  t: TestServer;
  world: World;
  guild: string;
  bot: BotClient;
  /** A new text channel of the guild. */
  channel(): Promise<bigint>;
  overwrite(
    channelId: bigint,
    targetId: bigint,
    bits: { allow?: bigint; deny?: bigint },
    type?: 0 | 1,
  ): Promise<unknown>;
  person(): Promise<bigint>;
  /** A role made by the owner: at the bottom, or above every other role with `top`. */
  role(name: string, permissions?: bigint, options?: { top?: boolean }): Promise<bigint>;
  give(userId: bigint, roleId: bigint): Promise<unknown>;
  /** Values an arrangement hands to its request. */
  vars: Record<string, bigint>;
}

interface Row {
  name: string;
  /** The bot's managed role's permissions (default: View Channel, Send Messages, Read Message History). */
  permissions?: bigint;
  arrange?: (s: Scene) => Promise<unknown>;
  act: (s: Scene) => Promise<Response>;
  /** HTTP status, and the error code for a refusal. */
  expected: { status: number; code?: number };
}

const OK = { status: 200 };
const DONE = { status: 204 };
const MISSING = { status: 403, code: 50013 };
const HIDDEN = { status: 404, code: 10003 };

// Requests the rows make.
const readChannel = (s: Scene) => s.bot.get(`/channels/${s.vars.channel}/messages`);
const sendInChannel = (s: Scene) => s.bot.post(`/channels/${s.vars.channel}/messages`, { content: "hello" });
const createRole = (s: Scene, permissions = 0n) =>
  s.bot.post(`/guilds/${s.guild}/roles`, { name: "made by the bot", permissions: permissions.toString() });
const kick = (s: Scene, user = s.vars.target) => s.bot.delete(`/guilds/${s.guild}/members/${user}`);
const ban = (s: Scene, user = s.vars.target) => s.bot.put(`/guilds/${s.guild}/bans/${user}`);
const editRole = (s: Scene, role = s.vars.role) =>
  s.bot.patch(`/guilds/${s.guild}/roles/${role}`, { name: "renamed by the bot" });

/** A channel the bot's case is about, in `vars.channel`. */
const withChannel = (then?: (s: Scene, channel: bigint) => Promise<void>) => async (s: Scene) => {
  s.vars.channel = await s.channel();
  await then?.(s, s.vars.channel);
};
/** A person in `vars.target`, holding `roles`. */
const targetHolding = async (s: Scene, ...roles: bigint[]) => {
  s.vars.target = await s.person();
  for (const role of roles) await s.give(s.vars.target, role);
};
/** A role above the bot's managed role that the bot holds too: its highest, in `vars.peer`. */
const botPeerRole = async (s: Scene) => {
  s.vars.peer = await s.role("peer", 0n, { top: true });
  await s.give(s.world.botUserId, s.vars.peer);
};

const rows: Row[] = [
  // Role permissions: what the bot's roles (and @everyone) grant, added together.
  {
    name: "a role's Manage Roles lets the bot create a role",
    permissions: BASE | ManageRoles,
    act: (s) => createRole(s),
    expected: OK,
  },
  { name: "without Manage Roles the bot cannot create a role", act: (s) => createRole(s), expected: MISSING },
  {
    name: "Manage Roles held through a second role counts: the roles add up",
    arrange: async (s) => s.give(s.world.botUserId, await s.role("helper", ManageRoles)),
    act: (s) => createRole(s),
    expected: OK,
  },
  {
    name: "@everyone's permissions count for the bot",
    arrange: async (s) => {
      await s.t.server.ctx.domain.roles.update(s.world.owner.id, s.world.guild.id, s.world.guild.id, {
        permissions: (BASE | KickMembers).toString(),
      });
      await targetHolding(s);
    },
    act: (s) => kick(s),
    expected: DONE,
  },
  {
    name: "Kick Members lets the bot kick",
    permissions: BASE | KickMembers,
    arrange: (s) => targetHolding(s),
    act: (s) => kick(s),
    expected: DONE,
  },
  {
    name: "without Kick Members the bot cannot kick",
    permissions: BASE | BanMembers,
    arrange: (s) => targetHolding(s),
    act: (s) => kick(s),
    expected: MISSING,
  },
  {
    name: "Ban Members lets the bot ban",
    permissions: BASE | BanMembers,
    arrange: (s) => targetHolding(s),
    act: (s) => ban(s),
    expected: DONE,
  },
  {
    name: "without Ban Members the bot cannot ban",
    permissions: BASE | KickMembers,
    arrange: (s) => targetHolding(s),
    act: (s) => ban(s),
    expected: MISSING,
  },
  {
    name: "the bot cannot grant a permission it lacks",
    permissions: BASE | ManageRoles,
    act: (s) => createRole(s, ManageGuild),
    expected: MISSING,
  },

  // Channel overwrites: @everyone, then the roles together, then the member itself.
  { name: "no overwrite: the bot's role lets it read", arrange: withChannel(), act: readChannel, expected: OK },
  {
    name: "@everyone deny View hides the channel",
    arrange: withChannel((s, c) => s.overwrite(c, s.world.guild.id, { deny: ViewChannel }).then(() => undefined)),
    act: readChannel,
    expected: HIDDEN,
  },
  {
    name: "@everyone deny View + a role allow View: the role wins",
    arrange: withChannel(async (s, c) => {
      const role = await s.role("readers");
      await s.give(s.world.botUserId, role);
      await s.overwrite(c, s.world.guild.id, { deny: ViewChannel });
      await s.overwrite(c, role, { allow: ViewChannel });
    }),
    act: readChannel,
    expected: OK,
  },
  {
    name: "a role's allow does not reach a bot without that role",
    arrange: withChannel(async (s, c) => {
      await s.overwrite(c, s.world.guild.id, { deny: ViewChannel });
      await s.overwrite(c, await s.role("readers"), { allow: ViewChannel });
    }),
    act: readChannel,
    expected: HIDDEN,
  },
  {
    name: "a role allow View + a member deny View: the member's overwrite wins",
    arrange: withChannel(async (s, c) => {
      const role = await s.role("readers");
      await s.give(s.world.botUserId, role);
      await s.overwrite(c, role, { allow: ViewChannel });
      await s.overwrite(c, s.world.botUserId, { deny: ViewChannel }, 1);
    }),
    act: readChannel,
    expected: HIDDEN,
  },
  {
    name: "a role deny View + a member allow View: the member's overwrite wins",
    arrange: withChannel(async (s, c) => {
      const role = await s.role("muted");
      await s.give(s.world.botUserId, role);
      await s.overwrite(c, role, { deny: ViewChannel });
      await s.overwrite(c, s.world.botUserId, { allow: ViewChannel }, 1);
    }),
    act: readChannel,
    expected: OK,
  },
  {
    name: "@everyone allow Send + a role deny Send: the role wins",
    arrange: withChannel(async (s, c) => {
      const role = await s.role("muted");
      await s.give(s.world.botUserId, role);
      await s.overwrite(c, s.world.guild.id, { allow: SendMessages });
      await s.overwrite(c, role, { deny: SendMessages });
    }),
    act: sendInChannel,
    expected: MISSING,
  },
  {
    name: "a role deny Send + a member allow Send: the member's overwrite wins",
    arrange: withChannel(async (s, c) => {
      const role = await s.role("muted");
      await s.give(s.world.botUserId, role);
      await s.overwrite(c, role, { deny: SendMessages });
      await s.overwrite(c, s.world.botUserId, { allow: SendMessages }, 1);
    }),
    act: sendInChannel,
    expected: OK,
  },
  {
    name: "one role's allow beats another role's deny (roles are combined before they apply)",
    arrange: withChannel(async (s, c) => {
      const [muted, speakers] = [await s.role("muted"), await s.role("speakers")];
      await s.give(s.world.botUserId, muted);
      await s.give(s.world.botUserId, speakers);
      await s.overwrite(c, muted, { deny: SendMessages });
      await s.overwrite(c, speakers, { allow: SendMessages });
    }),
    act: sendInChannel,
    expected: OK,
  },

  // The hierarchy: only below the bot's highest role, ties refused.
  {
    name: "kick a member below the bot's highest role",
    permissions: BASE | KickMembers,
    arrange: async (s) => targetHolding(s, await s.role("low")),
    act: (s) => kick(s),
    expected: DONE,
  },
  {
    name: "kick a member whose highest role is the bot's highest (a tie)",
    permissions: BASE | KickMembers,
    arrange: async (s) => {
      await botPeerRole(s);
      await targetHolding(s, s.vars.peer);
    },
    act: (s) => kick(s),
    expected: MISSING,
  },
  {
    name: "kick a member ranked above the bot",
    permissions: BASE | KickMembers,
    arrange: async (s) => targetHolding(s, await s.role("high", 0n, { top: true })),
    act: (s) => kick(s),
    expected: MISSING,
  },
  {
    name: "ban a member ranked above the bot",
    permissions: BASE | BanMembers,
    arrange: async (s) => targetHolding(s, await s.role("high", 0n, { top: true })),
    act: (s) => ban(s),
    expected: MISSING,
  },
  {
    name: "edit a role below the bot's highest role",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
    },
    act: (s) => editRole(s),
    expected: OK,
  },
  {
    name: "edit the bot's own highest role (a tie)",
    permissions: BASE | ManageRoles,
    arrange: botPeerRole,
    act: (s) => editRole(s, s.vars.peer),
    expected: MISSING,
  },
  {
    name: "edit a role above the bot's highest role",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("high", 0n, { top: true });
    },
    act: (s) => editRole(s),
    expected: MISSING,
  },
  {
    name: "give a member the bot's own highest role (a tie)",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      await botPeerRole(s);
      await targetHolding(s);
    },
    act: (s) => s.bot.put(`/guilds/${s.guild}/members/${s.vars.target}/roles/${s.vars.peer}`),
    expected: MISSING,
  },

  // Rule 10 holds for requests that would change nothing: the member is checked first.
  {
    name: "take from the owner a role they do not hold (changes nothing, still refused)",
    permissions: Administrator,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
    },
    act: (s) => s.bot.delete(`/guilds/${s.guild}/members/${s.world.owner.id}/roles/${s.vars.role}`),
    expected: MISSING,
  },
  {
    name: "give the owner a role they already hold (changes nothing, still refused)",
    permissions: Administrator,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
      await s.give(s.world.owner.id, s.vars.role);
    },
    act: (s) => s.bot.put(`/guilds/${s.guild}/members/${s.world.owner.id}/roles/${s.vars.role}`),
    expected: MISSING,
  },
  {
    name: "edit the owner with only null fields (changes nothing, still refused)",
    permissions: Administrator,
    act: (s) => s.bot.patch(`/guilds/${s.guild}/members/${s.world.owner.id}`, { nick: null }),
    expected: MISSING,
  },
  {
    name: "edit a member ranked above the bot with their roles unchanged (still refused)",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("high", 0n, { top: true });
      await targetHolding(s, s.vars.role);
    },
    act: (s) => s.bot.patch(`/guilds/${s.guild}/members/${s.vars.target}`, { roles: [s.vars.role.toString()] }),
    expected: MISSING,
  },
  {
    name: "edit a member of the bot's rank (a tie) with an empty body (still refused)",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      await botPeerRole(s);
      await targetHolding(s, s.vars.peer);
    },
    act: (s) => s.bot.patch(`/guilds/${s.guild}/members/${s.vars.target}`, {}),
    expected: MISSING,
  },
  {
    name: "take from a member ranked above the bot a role they do not hold (still refused)",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
      await targetHolding(s, await s.role("high", 0n, { top: true }));
    },
    act: (s) => s.bot.delete(`/guilds/${s.guild}/members/${s.vars.target}/roles/${s.vars.role}`),
    expected: MISSING,
  },
  {
    name: "take from a lower member a role above the bot they do not hold (the role is ranked too)",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("high", 0n, { top: true });
      await targetHolding(s);
    },
    act: (s) => s.bot.delete(`/guilds/${s.guild}/members/${s.vars.target}/roles/${s.vars.role}`),
    expected: MISSING,
  },
  {
    name: "take from a lower member a lower role they do not hold: nothing to do, 204",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
      await targetHolding(s);
    },
    act: (s) => s.bot.delete(`/guilds/${s.guild}/members/${s.vars.target}/roles/${s.vars.role}`),
    expected: DONE,
  },
  {
    name: "edit a lower member with their roles unchanged: nothing to do, 200",
    permissions: BASE | ManageRoles,
    arrange: async (s) => {
      s.vars.role = await s.role("low");
      await targetHolding(s, s.vars.role);
    },
    act: (s) => s.bot.patch(`/guilds/${s.guild}/members/${s.vars.target}`, { roles: [s.vars.role.toString()] }),
    expected: OK,
  },

  // The owner: never acted on, and holding every permission.
  {
    name: "kick the owner, even with Administrator",
    permissions: Administrator,
    act: (s) => kick(s, s.world.owner.id),
    expected: MISSING,
  },
  {
    name: "ban the owner, even with Administrator",
    permissions: Administrator,
    act: (s) => ban(s, s.world.owner.id),
    expected: MISSING,
  },
  {
    name: "a bot that owns the guild sees a channel denied to everyone and to itself",
    permissions: 0n,
    arrange: withChannel(async (s, c) => {
      await makeBotOwner(s);
      await s.overwrite(c, s.world.guild.id, { deny: ViewChannel });
      await s.overwrite(c, s.world.botUserId, { deny: ViewChannel | SendMessages }, 1);
    }),
    act: sendInChannel,
    expected: OK,
  },
  {
    name: "a bot that owns the guild grants any permission without a role of its own",
    permissions: 0n,
    arrange: makeBotOwner,
    act: (s) => createRole(s, ManageGuild | BanMembers),
    expected: OK,
  },
  {
    name: "a bot that owns the guild acts on a member ranked above every other role",
    permissions: 0n,
    arrange: async (s) => {
      await targetHolding(s, await s.role("high", Administrator, { top: true }));
      await makeBotOwner(s);
    },
    act: (s) => kick(s),
    expected: DONE,
  },

  // Administrator: every permission and every channel, but not above the hierarchy.
  {
    name: "Administrator sees a channel denied to everyone and to the bot itself",
    permissions: Administrator,
    arrange: withChannel(async (s, c) => {
      await s.overwrite(c, s.world.guild.id, { deny: ViewChannel });
      await s.overwrite(c, s.world.botUserId, { deny: ViewChannel }, 1);
    }),
    act: readChannel,
    expected: OK,
  },
  {
    name: "Administrator grants permissions no role lists (Ban Members)",
    permissions: Administrator,
    arrange: (s) => targetHolding(s),
    act: (s) => ban(s),
    expected: DONE,
  },
  {
    name: "Administrator held through a second role counts",
    arrange: async (s) => {
      await s.give(s.world.botUserId, await s.role("admins", Administrator));
      await targetHolding(s);
    },
    act: (s) => kick(s),
    expected: DONE,
  },
  {
    name: "Administrator does not lift the hierarchy: a member ranked above stays",
    permissions: Administrator,
    arrange: async (s) => targetHolding(s, await s.role("high", 0n, { top: true })),
    act: (s) => kick(s),
    expected: MISSING,
  },
];

/** Storage-level set-up no route offers: the guild handed to the bot. */
async function makeBotOwner(s: Scene): Promise<void> {
  await s.t.server.ctx.database.prisma.guild.update({
    where: { id: s.world.guild.id },
    data: { ownerId: s.world.botUserId },
  });
}

describe("permissions table (through the REST API)", () => {
  const env = useTestServer({ world: false });

  const scene = async (permissions: bigint): Promise<Scene> => {
    const world = await env.t.seed.world(permissions);
    const domain = env.t.server.ctx.domain;
    const f = fixtures(env.t);
    let n = 0;
    return {
      t: env.t,
      world,
      guild: world.guild.id.toString(),
      bot: botClient(env.t, world.token),
      channel: async () => (await f.channel(world.guild.id, { name: `case-${++n}` })).id,
      overwrite: (channelId, targetId, bits, type = 0) => f.overwrite(channelId, targetId, bits, type),
      person: async () => {
        const user = await env.t.seed.person();
        await domain.members.addPerson(world.guild.id, user.id);
        return user.id;
      },
      role: async (name, bits = 0n, options = {}) => {
        const id = (await domain.roles.create(world.owner.id, world.guild.id, { name, permissions: bits.toString() }))
          .id;
        if (options.top) {
          const count = (await domain.roles.list(world.guild.id, world.owner.id)).length - 1;
          await domain.roles.move(world.owner.id, world.guild.id, [{ id, position: count }]);
        }
        return BigInt(id);
      },
      give: (userId, roleId) => domain.memberRoles.addRole(world.owner.id, world.guild.id, userId, roleId),
      vars: {},
    };
  };

  it.each(rows)("$name", async (row) => {
    const s = await scene(row.permissions ?? BASE);
    await row.arrange?.(s);
    const res = await row.act(s);
    const body = res.status === 204 ? null : await res.json();
    expect({ status: res.status, code: body?.code }).toEqual({ status: row.expected.status, code: row.expected.code });
  });
});
