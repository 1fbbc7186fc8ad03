import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  type ChannelSnapshot,
  type GuildSnapshot,
  type MemberSnapshot,
  type OverwriteSnapshot,
  Permission,
  canActOnMember,
  canViewChannel,
  computeBasePermissions,
  computeChannelPermissions,
} from "../src/permissions";

const P = Permission;
const GUILD = 1n;
const OWNER = 100n;

/** Roles by name: @everyone carries the guild's id (position 0). */
const ROLE = {
  everyone: GUILD,
  reader: 10n,
  writer: 11n,
  mod: 12n,
  admin: 13n,
  listener: 14n,
  tieA: 20n,
  tieB: 21n,
} as const;

function guildWith(everyone: bigint, extra: Partial<Record<keyof typeof ROLE, bigint>> = {}): GuildSnapshot {
  const positions: Record<keyof typeof ROLE, number> = {
    everyone: 0,
    reader: 1,
    writer: 2,
    listener: 2,
    tieA: 3,
    tieB: 3,
    mod: 5,
    admin: 6,
  };
  const permissions: Record<keyof typeof ROLE, bigint> = {
    everyone,
    reader: P.ViewChannel | P.ReadMessageHistory,
    writer: P.SendMessages | P.AddReactions,
    mod: P.ManageMessages | P.KickMembers,
    admin: P.Administrator,
    listener: P.Listen,
    tieA: P.CreateInstantInvite,
    tieB: P.CreateInstantInvite,
    ...extra,
  };
  const roles = new Map(
    (Object.keys(ROLE) as (keyof typeof ROLE)[]).map((name) => [
      ROLE[name],
      { id: ROLE[name], position: positions[name], permissions: permissions[name] },
    ]),
  );
  return { id: GUILD, ownerId: OWNER, roles };
}

const person = (userId: bigint, ...roles: (keyof typeof ROLE)[]): MemberSnapshot => ({
  userId,
  isBot: false,
  roleIds: roles.map((r) => ROLE[r]),
});
const bot = (userId: bigint, ...roles: (keyof typeof ROLE)[]): MemberSnapshot => ({
  userId,
  isBot: true,
  roleIds: roles.map((r) => ROLE[r]),
});
const roleOverwrite = (role: keyof typeof ROLE, allow = 0n, deny = 0n): OverwriteSnapshot => ({
  targetId: ROLE[role],
  type: 0,
  allow,
  deny,
});
const memberOverwrite = (userId: bigint, allow = 0n, deny = 0n): OverwriteSnapshot => ({
  targetId: userId,
  type: 1,
  allow,
  deny,
});
const channel = (...overwrites: OverwriteSnapshot[]): ChannelSnapshot => ({ id: 500n, overwrites });

const EVERYONE_BASE = P.ViewChannel | P.SendMessages | P.ReadMessageHistory | P.Connect | P.Listen;

describe("computeBasePermissions", () => {
  const cases: { name: string; guild: GuildSnapshot; member: MemberSnapshot; expected: bigint }[] = [
    {
      name: "the owner holds every permission, with no role at all",
      guild: guildWith(0n),
      member: person(OWNER),
      expected: ALL_PERMISSIONS,
    },
    {
      name: "Administrator through a role means every permission",
      guild: guildWith(0n),
      member: person(2n, "admin"),
      expected: ALL_PERMISSIONS,
    },
    {
      name: "a member without roles holds what @everyone holds",
      guild: guildWith(EVERYONE_BASE),
      member: person(2n),
      expected: EVERYONE_BASE,
    },
    {
      name: "roles add up with @everyone",
      guild: guildWith(P.Connect),
      member: person(2n, "reader", "writer"),
      expected: P.Connect | P.ViewChannel | P.ReadMessageHistory | P.SendMessages | P.AddReactions,
    },
    {
      name: "a role the member does not hold counts for nothing",
      guild: guildWith(P.ViewChannel),
      member: person(2n),
      expected: P.ViewChannel,
    },
    {
      name: "a person hears through @everyone's Listen",
      guild: guildWith(EVERYONE_BASE),
      member: person(2n),
      expected: EVERYONE_BASE,
    },
    {
      name: "@everyone's Listen never counts for a bot",
      guild: guildWith(EVERYONE_BASE),
      member: bot(3n),
      expected: EVERYONE_BASE & ~P.Listen,
    },
    {
      name: "a bot hears through a role of its own",
      guild: guildWith(EVERYONE_BASE),
      member: bot(3n, "listener"),
      expected: EVERYONE_BASE,
    },
    {
      name: "Administrator on @everyone still gives a bot no Listen",
      guild: guildWith(P.Administrator),
      member: bot(3n),
      expected: ALL_PERMISSIONS & ~P.Listen,
    },
    {
      name: "Administrator through the bot's own role includes Listen",
      guild: guildWith(EVERYONE_BASE),
      member: bot(3n, "admin"),
      expected: ALL_PERMISSIONS,
    },
  ];
  it.each(cases)("$name", ({ guild, member, expected }) => {
    expect(computeBasePermissions(guild, member)).toBe(expected);
  });
});

const base = EVERYONE_BASE;
const CHANNEL_CASES: {
  name: string;
  member: MemberSnapshot;
  channel: ChannelSnapshot;
  everyone?: bigint;
  expected: bigint;
}[] = [
  {
    name: "without overwrites the channel gives the base permissions",
    member: person(2n),
    channel: channel(),
    expected: base,
  },
  {
    name: "an @everyone overwrite denies",
    member: person(2n),
    channel: channel(roleOverwrite("everyone", 0n, P.SendMessages)),
    expected: base & ~P.SendMessages,
  },
  {
    name: "an @everyone overwrite allows",
    member: person(2n),
    channel: channel(roleOverwrite("everyone", P.AddReactions)),
    expected: base | P.AddReactions,
  },
  {
    name: "a role overwrite allows what the @everyone overwrite denied",
    member: person(2n, "writer"),
    channel: channel(roleOverwrite("everyone", 0n, P.SendMessages), roleOverwrite("writer", P.SendMessages)),
    everyone: base,
    expected: base | P.AddReactions,
  },
  {
    name: "a role overwrite denies what the @everyone overwrite allowed",
    member: person(2n, "writer"),
    channel: channel(roleOverwrite("everyone", P.EmbedLinks), roleOverwrite("writer", 0n, P.EmbedLinks)),
    expected: base | P.AddReactions,
  },
  {
    name: "role overwrites apply together: denies first, then allows, so an allow of one role beats a deny of another",
    member: person(2n, "reader", "writer"),
    channel: channel(roleOverwrite("reader", 0n, P.SendMessages), roleOverwrite("writer", P.SendMessages)),
    expected: base | P.AddReactions,
  },
  {
    name: "an overwrite for a role the member does not hold is ignored",
    member: person(2n),
    channel: channel(roleOverwrite("mod", 0n, P.SendMessages)),
    expected: base,
  },
  {
    name: "the member's own overwrite denies what a role overwrite allowed",
    member: person(2n, "writer"),
    channel: channel(roleOverwrite("writer", P.AttachFiles), memberOverwrite(2n, 0n, P.AttachFiles | P.SendMessages)),
    expected: (base | P.AddReactions) & ~P.SendMessages,
  },
  {
    name: "the member's own overwrite allows what a role overwrite denied",
    member: person(2n, "writer"),
    channel: channel(roleOverwrite("writer", 0n, P.SendMessages), memberOverwrite(2n, P.SendMessages)),
    expected: base | P.AddReactions,
  },
  {
    name: "without View Channel nothing counts",
    member: person(2n, "writer"),
    channel: channel(roleOverwrite("everyone", 0n, P.ViewChannel)),
    expected: 0n,
  },
  {
    name: "a role overwrite gives View Channel back",
    member: person(2n, "reader"),
    channel: channel(roleOverwrite("everyone", 0n, P.ViewChannel), roleOverwrite("reader", P.ViewChannel)),
    expected: base,
  },
  {
    name: "Administrator ignores overwrites",
    member: person(2n, "admin"),
    channel: channel(roleOverwrite("everyone", 0n, P.ViewChannel)),
    expected: ALL_PERMISSIONS,
  },
  {
    name: "the owner ignores overwrites",
    member: person(OWNER),
    channel: channel(memberOverwrite(OWNER, 0n, P.ViewChannel)),
    expected: ALL_PERMISSIONS,
  },
  {
    name: "an @everyone overwrite allowing Listen does not count for a bot",
    member: bot(3n),
    everyone: P.ViewChannel,
    channel: channel(roleOverwrite("everyone", P.Listen)),
    expected: P.ViewChannel,
  },
  {
    name: "an @everyone overwrite allowing Listen counts for a person",
    member: person(2n),
    everyone: P.ViewChannel,
    channel: channel(roleOverwrite("everyone", P.Listen)),
    expected: P.ViewChannel | P.Listen,
  },
  {
    name: "an overwrite for the bot's role allows Listen",
    member: bot(3n, "reader"),
    everyone: P.ViewChannel,
    channel: channel(roleOverwrite("reader", P.Listen)),
    expected: P.ViewChannel | P.ReadMessageHistory | P.Listen,
  },
  {
    name: "an overwrite for the bot itself allows Listen",
    member: bot(3n),
    everyone: P.ViewChannel,
    channel: channel(memberOverwrite(3n, P.Listen)),
    expected: P.ViewChannel | P.Listen,
  },
  {
    name: "a bot whose Administrator comes from @everyone does not hear without an overwrite of its own",
    member: bot(3n),
    everyone: P.Administrator,
    channel: channel(roleOverwrite("everyone", P.Listen)),
    expected: ALL_PERMISSIONS & ~P.Listen,
  },
  {
    name: "a bot whose Administrator comes from @everyone hears through its own overwrite",
    member: bot(3n),
    everyone: P.Administrator,
    channel: channel(memberOverwrite(3n, P.Listen)),
    expected: ALL_PERMISSIONS,
  },
];

describe("computeChannelPermissions", () => {
  it.each(CHANNEL_CASES)("$name", ({ member, channel: ch, everyone, expected }) => {
    expect(computeChannelPermissions(guildWith(everyone ?? base), member, ch)).toBe(expected);
  });
});

describe("canViewChannel: the one rule of who may view a channel", () => {
  const cases: {
    name: string;
    member: MemberSnapshot;
    channel: ChannelSnapshot;
    everyone?: bigint;
    expected: boolean;
  }[] = [
    {
      name: "a member holding other permissions there, View Channel denied by its own overwrite, cannot view it",
      member: person(2n, "writer", "mod"),
      channel: channel(
        roleOverwrite("writer", P.SendMessages | P.AttachFiles),
        memberOverwrite(2n, P.AddReactions, P.ViewChannel),
      ),
      expected: false,
    },
    {
      name: "a member with Send Messages but View Channel nowhere cannot view it",
      member: person(2n, "writer"),
      everyone: P.SendMessages | P.ReadMessageHistory,
      channel: channel(roleOverwrite("writer", P.AttachFiles)),
      expected: false,
    },
    {
      name: "its own overwrite gives a member View Channel that @everyone's denies",
      member: person(2n),
      channel: channel(roleOverwrite("everyone", 0n, P.ViewChannel), memberOverwrite(2n, P.ViewChannel)),
      expected: true,
    },
    {
      name: "a bot whose Administrator comes from @everyone views a channel denying it",
      member: bot(3n),
      everyone: P.Administrator,
      channel: channel(memberOverwrite(3n, 0n, P.ViewChannel)),
      expected: true,
    },
    {
      name: "the owner views a channel denying it",
      member: person(OWNER),
      channel: channel(memberOverwrite(OWNER, 0n, P.ViewChannel)),
      expected: true,
    },
  ];
  it.each(cases)("$name", ({ member, channel: ch, everyone, expected }) => {
    expect(canViewChannel(guildWith(everyone ?? base), member, ch)).toBe(expected);
  });

  it("holds exactly when the engine leaves any permission in the channel (it hands out nothing without View Channel)", () => {
    for (const { member, channel: ch, everyone } of [...CHANNEL_CASES, ...cases]) {
      const guild = guildWith(everyone ?? base);
      expect(canViewChannel(guild, member, ch)).toBe(computeChannelPermissions(guild, member, ch) !== 0n);
    }
  });
});

describe("canActOnMember (spec rule 10)", () => {
  const guild = guildWith(EVERYONE_BASE);
  const cases: { name: string; actor: MemberSnapshot; target: MemberSnapshot; expected: boolean }[] = [
    {
      name: "nobody acts on the owner, not even an administrator above everyone",
      actor: bot(3n, "admin", "mod"),
      target: person(OWNER),
      expected: false,
    },
    { name: "the owner acts on anyone else", actor: person(OWNER), target: person(2n, "admin"), expected: true },
    {
      name: "a higher highest role acts on a lower one",
      actor: bot(3n, "mod"),
      target: person(2n, "reader", "writer"),
      expected: true,
    },
    {
      name: "a lower highest role does not act on a higher one",
      actor: bot(3n, "writer"),
      target: person(2n, "mod"),
      expected: false,
    },
    {
      name: "the highest role decides, not the number of roles",
      actor: bot(3n, "mod"),
      target: person(2n, "reader", "writer", "tieA", "tieB"),
      expected: true,
    },
    {
      name: "the same highest role is a tie, and a tie does not act",
      actor: bot(3n, "mod"),
      target: person(2n, "mod", "reader"),
      expected: false,
    },
    { name: "two members with only @everyone are a tie", actor: bot(3n), target: person(2n), expected: false },
    {
      name: "at an equal position the role with the lower id ranks higher",
      actor: bot(3n, "tieA"),
      target: person(2n, "tieB"),
      expected: true,
    },
    {
      name: "at an equal position the role with the higher id ranks lower",
      actor: bot(3n, "tieB"),
      target: person(2n, "tieA"),
      expected: false,
    },
  ];
  it.each(cases)("$name", ({ actor, target, expected }) => {
    expect(canActOnMember(guild, actor, target)).toBe(expected);
  });
});
