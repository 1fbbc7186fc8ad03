import { redirect } from "next/navigation";
import { SessionEnded } from "@/components/auth/session-ended";
import { AppIcon } from "@/components/ui/app-icon";
import { orNullOn, serverApi } from "@/server/api";
import { requireSessionUser } from "@/server/auth";
import { ConsentCard, ConsentError } from "./consent-card";
import { LoginConsent } from "./login-consent";

/**
 * Scope `identify`: a website asks who the person is. Unknown client or redirect: shown here,
 * never redirected. A mistake in the link: straight back to the website with `error`. Then
 * sign-in if needed, and the consent page, unless prompt=none finds an earlier authorisation.
 */
export async function LoginAuthorize({
  query,
  returnTo,
}: {
  query: Record<string, string | string[]>;
  returnTo: string;
}) {
  const api = await serverApi();
  const check = await api.oauth2.loginRequest({ query });
  if (check.outcome === "show") return <ConsentError title={check.title} message={check.message} />;
  if (check.outcome === "redirect") redirect(check.url);

  await requireSessionUser(returnTo);
  const me = await orNullOn("UNAUTHORIZED", api.account.me());
  if (!me) return <SessionEnded />;
  if (check.skipConsent) {
    const { url } = await api.oauth2.approveLogin({ query });
    redirect(url);
  }

  const { application, destination } = check;
  return (
    <ConsentCard
      header={
        <>
          <div className="flex justify-center">
            <AppIcon id={application.id} name={application.name} iconUrl={application.iconUrl} size="xl" />
          </div>
          <p className="mt-3 text-sm text-muted">An external application</p>
          <h1 className="mt-0.5 text-2xl font-bold text-white" data-testid="consent-application">
            {application.name}
          </h1>
          <p className="mt-1 text-sm text-muted">wants to access your account</p>
          <p className="mt-3 text-xs text-faint" data-testid="consent-signed-in">
            Signed in as {me.displayName !== me.username ? <span className="text-muted">{me.displayName} </span> : null}
            @{me.username}
          </p>
        </>
      }
    >
      <LoginConsent
        query={query}
        applicationName={application.name}
        destination={destination}
        cancelUrl={check.cancelUrl}
      />
    </ConsentCard>
  );
}
