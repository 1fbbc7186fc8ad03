import type { SessionUser } from "@chat/auth";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import type { AuthorizeRequest } from "@/lib/authorize-request";
import { consentNotes, describePermissions } from "@/lib/permission-catalog";
import { orNullOn, serverApi } from "@/server/api";
import { BotConsent } from "./bot-consent";
import { ConsentCard, ConsentError } from "./consent-card";

/** Scope `bot`: the application and its bot, the guilds the person manages and the permissions asked for. */
export async function BotAuthorize({
  request,
  me,
}: {
  request: Extract<AuthorizeRequest, { kind: "bot" }>;
  me: SessionUser;
}) {
  const api = await serverApi();
  const application = await orNullOn("NOT_FOUND", api.oauth2.application({ clientId: request.clientId }));
  if (!application)
    return (
      <ConsentError
        title="Unknown application"
        message="No application has this client_id. The link may be wrong, or the application was deleted."
      />
    );
  if (!application.addable)
    return (
      <ConsentError
        title={`${application.name} can’t be added`}
        message="This bot is private: only its owner can add it."
      />
    );

  const guilds = (await api.guilds.list()).filter((g) => g.canManage);
  const { labels, otherCount } = describePermissions(request.permissions);
  return (
    <ConsentCard
      header={
        <>
          <div className="flex justify-center">
            <Avatar id={application.bot.id} name={application.name} size="lg" />
          </div>
          <p className="mt-3 text-sm text-muted">An external application</p>
          <h1 className="mt-0.5 text-2xl font-bold text-white" data-testid="consent-application">
            {application.name}
          </h1>
          <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted">
            wants to add its bot <span className="font-medium text-text">@{application.bot.username}</span> <BotBadge />
          </p>
          <p className="mt-3 text-xs text-faint">Signed in as @{me.username}</p>
        </>
      }
    >
      <BotConsent
        application={application}
        guilds={guilds}
        permissions={request.permissions.toString()}
        permissionLabels={labels}
        permissionNotes={consentNotes(labels)}
        otherPermissionCount={otherCount}
        preselectedGuildId={request.guildId}
      />
    </ConsentCard>
  );
}
