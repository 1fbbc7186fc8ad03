import { publicUrlsFromEnv } from "@chat/domain/config";
import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { DeleteAccount } from "@/components/settings/delete-account";
import { LogOutEverywhere } from "@/components/settings/log-out-everywhere";
import { ProfileSettings } from "@/components/settings/profile-settings";
import { CdnUrlProvider } from "@/lib/cdn-url";
import { serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "My account" };

/** The person's profile (display name, picture), the account's password, its sign-ins, and deleting it. */
export default async function AccountSettingsPage() {
  const me = await requireSessionUser("/settings/account");
  const profile = await (await serverApi()).people.me();
  return (
    <CdnUrlProvider cdnUrl={publicUrlsFromEnv().cdnUrl}>
      <h1 className="text-2xl font-bold text-white">My account</h1>
      <p className="mt-1 text-muted">
        Signed in as <span className="font-semibold text-text">@{me.username}</span>.
      </p>

      <section aria-labelledby="profile-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="profile-heading" className="text-lg font-semibold text-white">
          Profile
        </h2>
        <p className="mt-1 text-sm text-muted">How you appear to others in messages, member lists and profile cards.</p>
        <ProfileSettings initial={profile} />
      </section>

      <section aria-labelledby="password-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="password-heading" className="text-lg font-semibold text-white">
          Password
        </h2>
        <p className="mt-1 text-sm text-muted">
          Changing it logs you out on every other device and browser. You stay logged in here.
        </p>
        <ChangePasswordForm username={me.username} />
      </section>

      <section aria-labelledby="sessions-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="sessions-heading" className="text-lg font-semibold text-white">
          Log out everywhere
        </h2>
        <p className="mt-1 text-sm text-muted">
          Lost a device, or used a shared computer? This logs your account out on every device and browser, this one
          included.
        </p>
        <LogOutEverywhere />
      </section>

      <section aria-labelledby="delete-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="delete-heading" className="text-lg font-semibold text-white">
          Delete account
        </h2>
        <p className="mt-1 text-sm text-muted">
          Deletes your account for good. If you own guilds or applications, delete them or hand them over first.
        </p>
        <DeleteAccount />
      </section>
    </CdnUrlProvider>
  );
}
