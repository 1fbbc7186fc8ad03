import type { Metadata } from "next";
import Link from "next/link";
import { CreateApplication } from "@/components/developers/create-application";
import { AppIcon } from "@/components/ui/app-icon";
import { formatDate } from "@/lib/format";
import { serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Applications" };

export default async function ApplicationsPage() {
  await requireSessionUser("/developers");
  const apps = await (await serverApi()).applications.list();
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-white">Applications</h1>
          <p className="mt-1 text-muted">
            Each application comes with a bot you can add to guilds you manage, and can log people in to your website.
          </p>
        </div>
        <CreateApplication />
      </div>
      {apps.length === 0 ? (
        <div
          className="mt-10 rounded-xl border border-dashed border-line px-6 py-14 text-center"
          data-testid="no-applications"
        >
          <p className="font-semibold text-white">No applications yet</p>
          <p className="mt-1 text-sm text-muted">Create one to get a bot token and an invite link.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your applications">
          {apps.map((app) => (
            <li key={app.id}>
              <Link
                href={`/developers/applications/${app.id}`}
                data-testid="application-card"
                className="flex flex-col items-center gap-3 rounded-xl bg-panel p-6 text-center ring-1 ring-white/5 transition hover:-translate-y-0.5 hover:ring-accent/60"
              >
                <AppIcon id={app.bot.id} name={app.name} iconUrl={app.iconUrl} size="lg" />
                <span className="font-semibold text-white">{app.name}</span>
                <span className="-mt-2 text-sm text-muted">@{app.bot.username}</span>
                <span className="text-xs text-faint">Created {formatDate(app.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
