"use client";

import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

interface LoginConsentProps {
  query: Record<string, string | string[]>;
  applicationName: string;
  destination: { origin: string; host: string };
  cancelUrl: string;
}

/** What the website will learn, where the person goes next, and Authorise or Cancel. */
export function LoginConsent({ query, applicationName, destination, cancelUrl }: LoginConsentProps) {
  const trpc = useTRPC();
  const approve = useMutation(
    trpc.oauth2.approveLogin.mutationOptions({ onSuccess: ({ url }) => window.location.assign(url) }),
  );

  return (
    <div className="flex flex-col gap-5">
      {approve.error ? <Alert tone="error">{errorMessage(approve.error)}</Alert> : null}
      <div>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">
          This will allow {applicationName} to
        </h2>
        <ul className="mt-2 flex flex-col gap-1.5" data-testid="requested-scopes">
          <li className="flex items-start gap-2 text-[15px] text-text">
            <CheckIcon width={16} height={16} className="mt-1 shrink-0 text-success" />
            Know your username, display name and profile picture
          </li>
        </ul>
        <p className="mt-3 text-sm text-muted">It won’t see your messages, your guilds or your password.</p>
      </div>
      <div className="rounded-lg bg-field px-4 py-3 text-sm">
        <p className="text-muted">Once you authorise, you’ll be sent to</p>
        <p
          className="mt-0.5 break-all font-medium text-white"
          data-testid="consent-destination"
          title={destination.origin}
        >
          {destination.origin}
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-line pt-5">
        <a
          href={cancelUrl}
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-muted hover:bg-hover hover:text-text"
        >
          Cancel
        </a>
        {/* Still busy once approved, until the website's page replaces this one. */}
        <Button busy={approve.isPending || approve.isSuccess} onClick={() => approve.mutate({ query })}>
          Authorise
        </Button>
      </div>
    </div>
  );
}
