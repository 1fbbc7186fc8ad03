import type { Metadata } from "next";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { BotConsent } from "@/components/oauth2/bot-consent";
import { ConsentCard, ConsentError } from "@/components/oauth2/consent-card";
import { authorizePath, parseAuthorizeRequest } from "@/lib/authorize-request";
import { describePermissions } from "@/lib/permission-catalog";
import { orNullOn, serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Authorise" };

type Query = Record<string, string | string[] | undefined>;

/**
 * /oauth2/authorize: the consent page. Signed-in only (login comes back here). Scope `bot`
 * adds the application's bot to a guild; the `identify` login flow will get its own branch.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const me = await requireSessionUser(authorizePath(query));
  const request = parseAuthorizeRequest(query);
  if (request.kind === "invalid") return <ConsentError title="This link doesn’t work" message={request.reason} />;

  const api = await serverApi();
  const application = await orNullOn("NOT_FOUND", api.oauth2.application({ clientId: request.clientId }));
  if (!application) return <ConsentError title="Unknown application" message="No application has this client_id. The link may be wrong, or the application was deleted." />;

  if (request.kind === "identify") {
    return <ConsentError title="Not available yet" message="Logging in to other websites with your account isn’t available yet." />;
  }

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
        otherPermissionCount={otherCount}
        preselectedGuildId={request.guildId}
      />
    </ConsentCard>
  );
}
