import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AppProfileEditor } from "@/components/developers/app-profile-editor";
import { BotPublicSwitch } from "@/components/developers/bot-public-switch";
import { DeleteApplication } from "@/components/developers/delete-application";
import { InviteLinkBuilder } from "@/components/developers/invite-link-builder";
import { RedirectUrisEditor } from "@/components/developers/redirect-uris-editor";
import { ResetBotToken } from "@/components/developers/reset-bot-token";
import { ResetClientSecret } from "@/components/developers/reset-client-secret";
import { AppIcon } from "@/components/ui/app-icon";
import { BotBadge } from "@/components/ui/bot-badge";
import { CopyField } from "@/components/ui/copy-field";
import { orNullOn, serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Application" };

function Card({
  title,
  description,
  tone,
  children,
}: {
  title: string;
  description?: string;
  tone?: "danger";
  children: ReactNode;
}) {
  return (
    <section
      className={`rounded-xl bg-panel p-6 ring-1 ${tone === "danger" ? "ring-danger/40" : "ring-white/5"}`}
      aria-label={title}
    >
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export default async function ApplicationPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params;
  await requireSessionUser(`/developers/applications/${/^[0-9]{1,19}$/.test(appId) ? appId : ""}`);
  if (!/^[0-9]{1,19}$/.test(appId)) notFound();
  const app = await orNullOn("NOT_FOUND", (await serverApi()).applications.get({ applicationId: appId }));
  if (!app) notFound();
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link href="/developers" className="hover:text-text">
          Applications
        </Link>{" "}
        / <span className="text-text">{app.name}</span>
      </nav>
      <div className="flex items-center gap-4">
        <AppIcon id={app.bot.id} name={app.name} iconUrl={app.iconUrl} size="lg" />
        <div>
          <h1 className="text-2xl font-bold text-white">{app.name}</h1>
          <p className="mt-0.5 flex items-center gap-2 text-muted">
            <span data-testid="bot-username">@{app.bot.username}</span> <BotBadge />
          </p>
        </div>
      </div>
      <Card title="General information">
        <div className="grid gap-4 sm:grid-cols-2">
          <CopyField label="Application ID" value={app.id} testId="application-id" />
          <CopyField label="Bot username" value={app.bot.username} />
        </div>
        <div className="mt-6 border-t border-line pt-6">
          <AppProfileEditor application={{ id: app.id, name: app.name, iconUrl: app.iconUrl }} />
        </div>
      </Card>
      <Card
        title="Log in with us (OAuth2)"
        description="Let people log in to your website with their account (scope identify). Send them to the authorise address; your server exchanges the code."
      >
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <CopyField label="Client ID" value={app.clientId} testId="client-id" />
            <CopyField label="Authorise address" value={app.authorizeUrl} />
            <CopyField label="Token endpoint" value={app.tokenUrl} />
            <CopyField label="Identity endpoint" value={app.identityUrl} />
          </div>
          <div>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Client secret</h3>
            <ResetClientSecret applicationId={app.id} />
          </div>
          <div>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Redirects</h3>
            <RedirectUrisEditor applicationId={app.id} initial={app.redirectUris} />
          </div>
        </div>
      </Card>
      <Card
        title="Bot token"
        description="Your bot authenticates with this token. Keep it secret: anyone holding it controls the bot."
      >
        <ResetBotToken applicationId={app.id} />
      </Card>
      <Card
        title="Invite link"
        description="Choose what the bot may do; people who manage a guild open the link to add it."
      >
        <div className="mb-4 border-b border-line pb-2">
          <BotPublicSwitch applicationId={app.id} initial={app.botPublic} />
        </div>
        <InviteLinkBuilder applicationId={app.id} authorizeUrl={app.authorizeUrl} />
      </Card>
      <Card
        title="Danger zone"
        tone="danger"
        description="Deleting the application removes its bot from every guild and logs everyone out of your website."
      >
        <DeleteApplication applicationId={app.id} name={app.name} />
      </Card>
    </div>
  );
}
