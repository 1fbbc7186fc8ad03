import type { Metadata } from "next";
import { InviteAccept } from "@/components/invites/invite-accept";
import { ConsentCard, ConsentError } from "@/components/oauth2/consent-card";
import { Avatar } from "@/components/ui/avatar";
import { orNullOn, serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Invite" };

/** `{app_url}/invite/<code>`: the guild an invite leads to, and joining it (signed in first). */
export default async function InvitePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const me = await requireSessionUser(`/invite/${encodeURIComponent(code)}`);
  const api = await serverApi();
  const invite = await orNullOn("NOT_FOUND", api.invites.preview({ code }));
  if (!invite)
    return (
      <ConsentError
        title="This invite doesn’t work"
        message="It may have expired, reached its number of uses, or never existed. Ask for a new one."
      />
    );
  return (
    <ConsentCard
      header={
        <>
          <div className="flex justify-center">
            <Avatar id={invite.guild.id} name={invite.guild.name} size="lg" />
          </div>
          <p className="mt-3 text-sm text-muted">
            {invite.inviterName ? `${invite.inviterName} invited you to join` : "You’ve been invited to join"}
          </p>
          <h1 className="mt-0.5 text-2xl font-bold text-white" data-testid="invite-guild">
            {invite.guild.name}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {invite.memberCount === 1 ? "1 member" : `${invite.memberCount} members`}
            {invite.channelName ? ` · #${invite.channelName}` : ""}
          </p>
          <p className="mt-3 text-xs text-faint">Signed in as @{me.username}</p>
        </>
      }
    >
      <InviteAccept code={invite.code} guildId={invite.guild.id} guildName={invite.guild.name} member={invite.member} />
    </ConsentCard>
  );
}
