import { inviteUrl, type PublicUrls, type serializeInvite } from "@chat/domain";
import { type UserView, userView } from "./views";

type WireInvite = ReturnType<typeof serializeInvite>;

/** An invite link as the invite dialog shows it, with its limits. */
export interface InviteLinkView {
  code: string;
  url: string;
  /** Seconds it lasts from its creation; 0 never expires. */
  maxAge: number;
  /** 0 is unlimited. */
  maxUses: number;
  uses: number;
  expiresAt: string | null;
}

/** One row of a guild's Invites list. */
export interface GuildInviteView extends InviteLinkView {
  channel: { id: string; name: string };
  inviter: UserView | null;
  createdAt: string;
  /** Whether this person may revoke it (Manage Guild, or Manage Channels in its channel). */
  canRevoke: boolean;
}

export function inviteLinkView(invite: WireInvite, urls: PublicUrls): InviteLinkView {
  return {
    code: invite.code,
    url: inviteUrl(urls, invite.code),
    maxAge: invite.max_age,
    maxUses: invite.max_uses,
    uses: invite.uses,
    expiresAt: invite.expires_at,
  };
}

export function guildInviteView(invite: WireInvite, canRevoke: boolean, urls: PublicUrls): GuildInviteView {
  return {
    ...inviteLinkView(invite, urls),
    channel: { id: invite.channel.id, name: invite.channel.name ?? "" },
    inviter: invite.inviter ? userView(invite.inviter) : null,
    createdAt: invite.created_at,
    canRevoke,
  };
}

/** The guild's vanity link: `{app_url}/invite/<code>` and how many joined through it. */
export interface VanityView {
  code: string | null;
  uses: number;
  url: string | null;
  /** What comes before the code: `{app_url}/invite/`. */
  prefix: string;
}

export function vanityView(vanity: { code: string | null; uses: number }, urls: PublicUrls): VanityView {
  return {
    code: vanity.code,
    uses: vanity.uses,
    url: vanity.code ? inviteUrl(urls, vanity.code) : null,
    prefix: inviteUrl(urls, ""),
  };
}
