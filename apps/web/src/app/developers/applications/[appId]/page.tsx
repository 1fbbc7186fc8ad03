import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { InviteLinkBuilder } from "@/components/developers/invite-link-builder";
import { ResetBotToken } from "@/components/developers/reset-bot-token";
import { Avatar } from "@/components/ui/avatar";
import { BotBadge } from "@/components/ui/bot-badge";
import { CopyField } from "@/components/ui/copy-field";
import { orNullOn, serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Application" };

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-panel p-6 ring-1 ring-white/5" aria-label={title}>
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
        <Avatar id={app.bot.id} name={app.name} size="lg" />
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
      </Card>
      <Card title="Bot token" description="Your bot authenticates with this token. Keep it secret: anyone holding it controls the bot.">
        <ResetBotToken applicationId={app.id} />
      </Card>
      <Card title="Invite link" description="Choose what the bot may do; people who manage a guild open the link to add it.">
        <InviteLinkBuilder applicationId={app.id} authorizeUrl={app.authorizeUrl} />
      </Card>
    </div>
  );
}
