import type { APIGuildMember } from "discord-api-types/v10";
import type { PublicUrls } from "../config";
import { serializeUser, type UserRow } from "./user";

export interface MemberRow {
  guildId: bigint;
  userId: bigint;
  nick: string | null;
  joinedAt: Date;
  user: UserRow;
  roles: { roleId: bigint }[];
}

export function serializeMember(
  member: MemberRow,
  urls: PublicUrls,
): APIGuildMember & { avatar: string | null; banner: null } {
  return {
    user: serializeUser(member.user, urls),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: member.roles.map((r) => r.roleId.toString()),
    joined_at: member.joinedAt.toISOString(),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as APIGuildMember["flags"],
    pending: false,
    communication_disabled_until: null,
  };
}
