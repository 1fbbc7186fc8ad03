import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { LogOutEverywhere } from "@/components/settings/log-out-everywhere";
import { requireSessionUser } from "@/server/auth";

export const metadata: Metadata = { title: "My account" };

/** The account's password and its sign-ins. */
export default async function AccountSettingsPage() {
  const me = await requireSessionUser("/settings/account");
  return (
    <>
      <h1 className="text-2xl font-bold text-white">My account</h1>
      <p className="mt-1 text-muted">
        Signed in as <span className="font-semibold text-text">@{me.username}</span>.
      </p>

      <section aria-labelledby="password-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="password-heading" className="text-lg font-semibold text-white">
          Password
        </h2>
        <p className="mt-1 text-sm text-muted">Changing it logs you out on every other device and browser. You stay logged in here.</p>
        <ChangePasswordForm username={me.username} />
      </section>

      <section aria-labelledby="sessions-heading" className="mt-10 border-t border-line pt-8">
        <h2 id="sessions-heading" className="text-lg font-semibold text-white">
          Log out everywhere
        </h2>
        <p className="mt-1 text-sm text-muted">Lost a device, or used a shared computer? This logs your account out on every device and browser, this one included.</p>
        <LogOutEverywhere />
      </section>
    </>
  );
}
