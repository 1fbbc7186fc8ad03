import { type ChannelModel as Channel, type Db, hotQuery } from "@chat/db";
import type { GuildSnapshot, MemberSnapshot, OverwriteSnapshot } from "../../permissions";
import { isThreadType } from "../../permissions/load";

/** Everything one caller's access to one channel is decided from, read in one statement. */
export interface ChannelAccessRows {
  channel: Channel & { overwrites: (OverwriteSnapshot & { channelId: bigint })[]; _count: { threadMembers: number } };
  /** The overwrites that govern the channel: its own, or a thread's parent's. */
  governing: { id: bigint; overwrites: OverwriteSnapshot[] };
  /** Null for a DM channel, or when the guild is gone. */
  guild: GuildSnapshot | null;
  /** The caller as a member of the channel's guild, with what member objects carry; null when not one. */
  member: (MemberSnapshot & { nick: string | null; joinedAt: Date }) | null;
  /** In a DM channel: whether the caller is one of its recipients. */
  dmRecipient: boolean;
}

type Row = Channel & {
  a_thread_members: number;
  a_overwrites: string[];
  a_parent_overwrites: string[];
  a_guild_owner: bigint | null;
  a_roles: string[];
  a_member_nick: string | null;
  a_member_joined: Date | null;
  a_member_bot: boolean | null;
  a_member_roles: bigint[];
  a_dm_recipient: boolean;
};

// Overwrites and roles travel as "a:b:c" text: JSON would turn 64-bit ids into lossy numbers.
const overwrite = (text: string): OverwriteSnapshot => {
  const [targetId, type, allow, deny] = text.split(":");
  return {
    targetId: BigInt(targetId as string),
    type: Number(type),
    allow: BigInt(allow as string),
    deny: BigInt(deny as string),
  };
};

const ACCESS_ROWS = `
    SELECT c.*,
      (SELECT count(*)::int FROM "ThreadMember" tm WHERE tm."threadId" = c.id) AS a_thread_members,
      ARRAY(SELECT concat_ws(':', o."targetId", o.type, o.allow, o.deny) FROM "PermissionOverwrite" o WHERE o."channelId" = c.id) AS a_overwrites,
      ARRAY(SELECT concat_ws(':', o."targetId", o.type, o.allow, o.deny) FROM "PermissionOverwrite" o WHERE o."channelId" = c."parentId" AND c.type IN (10, 11, 12)) AS a_parent_overwrites,
      g."ownerId" AS a_guild_owner,
      ARRAY(SELECT concat_ws(':', r.id, r.position, r.permissions) FROM "Role" r WHERE r."guildId" = c."guildId") AS a_roles,
      m.nick AS a_member_nick,
      m."joinedAt" AS a_member_joined,
      u.bot AS a_member_bot,
      ARRAY(SELECT mr."roleId" FROM "MemberRole" mr WHERE mr."guildId" = c."guildId" AND mr."userId" = $2::bigint) AS a_member_roles,
      EXISTS(SELECT 1 FROM "DmRecipient" d WHERE d."channelId" = c.id AND d."userId" = $2::bigint) AS a_dm_recipient
    FROM "Channel" c
    LEFT JOIN "Guild" g ON g.id = c."guildId"
    LEFT JOIN "Member" m ON m."guildId" = c."guildId" AND m."userId" = $2::bigint
    LEFT JOIN "User" u ON u.id = m."userId"
    WHERE c.id = $1::bigint`;

/**
 * The channel (with its overwrites and thread member count, as `channelInclude` loads it), the
 * overwrites governing it, its guild's owner and roles, and the caller's membership and roles:
 * one round trip where loading them one by one took nine.
 */
export async function loadChannelAccessRows(
  db: Db,
  channelId: bigint,
  userId: bigint,
): Promise<ChannelAccessRows | null> {
  const rows = await hotQuery<Row>(db, ACCESS_ROWS, [channelId, userId]);
  const row = rows[0];
  if (!row) return null;
  const {
    a_thread_members,
    a_overwrites,
    a_parent_overwrites,
    a_guild_owner,
    a_roles,
    a_member_nick,
    a_member_joined,
    a_member_bot,
    a_member_roles,
    a_dm_recipient,
    ...columns
  } = row;
  const overwrites = a_overwrites.map((text) => ({ channelId: columns.id, ...overwrite(text) }));
  const threadOfParent = isThreadType(columns.type) && columns.parentId !== null;
  const governing = threadOfParent
    ? { id: columns.parentId as bigint, overwrites: a_parent_overwrites.map(overwrite) }
    : { id: columns.id, overwrites };
  const guild: GuildSnapshot | null =
    columns.guildId !== null && a_guild_owner !== null
      ? {
          id: columns.guildId,
          ownerId: a_guild_owner,
          roles: new Map(
            a_roles.map((text) => {
              const [id, position, permissions] = text.split(":");
              const role = {
                id: BigInt(id as string),
                position: Number(position),
                permissions: BigInt(permissions as string),
              };
              return [role.id, role];
            }),
          ),
        }
      : null;
  const member =
    a_member_joined !== null
      ? {
          userId,
          isBot: a_member_bot === true,
          roleIds: a_member_roles,
          nick: a_member_nick,
          joinedAt: a_member_joined,
        }
      : null;
  return {
    channel: { ...columns, overwrites, _count: { threadMembers: a_thread_members } },
    governing,
    guild,
    member,
    dmRecipient: a_dm_recipient,
  };
}
