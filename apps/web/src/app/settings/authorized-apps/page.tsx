import type { Metadata } from "next";
import { AuthorizedAppList } from "@/components/settings/authorized-app-list";
import { serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "Authorised apps" };

/** Websites the person logged in to with their account; removing one logs them out there. */
export default async function AuthorizedAppsPage() {
  await requireSessionUser("/settings/authorized-apps");
  const apps = await (await serverApi()).authorizedApps.list();
  return (
    <>
      <h1 className="text-2xl font-bold text-white">Authorised apps</h1>
      <p className="mt-1 text-muted">
        Websites you logged in to with your account. Remove one to log out of it there; it will have to ask you again.
      </p>
      <AuthorizedAppList apps={apps} />
    </>
  );
}
