import type { APIUser } from "discord-api-types/v10";
import type { PublicUrls } from "../config";

export interface UserRow {
  id: bigint;
  username: string;
  globalName: string | null;
  discriminator: string;
  avatarHash: string | null;
  bot: boolean;
  system?: boolean;
  locale?: string;
}

export type WireUser = APIUser & {
  avatar_url: string | null;
  public_flags: number;
  flags: number;
  primary_guild: null;
};

/** The user object (spec: User). No e-mail exists anywhere (spec rule 2). */
export function serializeUser(user: UserRow, urls: PublicUrls): WireUser {
  return {
    id: user.id.toString(),
    username: user.username,
    discriminator: user.discriminator,
    global_name: user.globalName,
    avatar: user.avatarHash,
    avatar_url: user.avatarHash ? `${urls.cdnUrl}/avatars/${user.id}/${user.avatarHash}.png` : null,
    bot: user.bot,
    ...(user.system ? { system: true } : {}),
    public_flags: 0 as APIUser["flags"] & number,
    flags: 0 as APIUser["flags"] & number,
    primary_guild: null,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  } satisfies APIUser & Record<string, unknown>;
}

/** The user as it sees itself (GET /users/@me). */
export function serializeSelf(user: UserRow, urls: PublicUrls) {
  return { ...serializeUser(user, urls), mfa_enabled: false, locale: user.locale ?? "en-US", verified: true };
}
