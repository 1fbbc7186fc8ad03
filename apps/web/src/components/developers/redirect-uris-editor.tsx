"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

const MAX_REDIRECTS = 10;

/** The login flow's redirect addresses: up to 10, https (http for localhost and 127.0.0.1), no fragment. */
export function RedirectUrisEditor({ applicationId, initial }: { applicationId: string; initial: string[] }) {
  const trpc = useTRPC();
  const [uris, setUris] = useState(initial);
  const [draft, setDraft] = useState("");
  const add = useMutation(
    trpc.applications.addRedirectUri.mutationOptions({
      onSuccess: (result, { uri }) => {
        setUris(result.redirectUris);
        // Keep anything typed meanwhile.
        setDraft((current) => (current === uri ? "" : current));
      },
    }),
  );
  const remove = useMutation(
    trpc.applications.removeRedirectUri.mutationOptions({ onSuccess: (result) => setUris(result.redirectUris) }),
  );

  // The field shows what went wrong with the last change, whichever it was: starting one clears the other's.
  let errors: string[] = [];
  if (add.error) {
    const fields = fieldErrors(add.error);
    errors = fields.redirect_uris ?? fields._ ?? [errorMessage(add.error)];
  } else if (remove.error) {
    errors = [errorMessage(remove.error)];
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.reset();
    add.mutate({ applicationId, uri: draft });
  }

  function removeUri(uri: string) {
    add.reset();
    remove.mutate({ applicationId, uri });
  }

  return (
    <div className="flex flex-col gap-4">
      {uris.length === 0 ? (
        <p className="text-sm text-muted" data-testid="no-redirects">
          No redirects yet. Websites can’t log people in until you add the address they return to.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Redirects">
          {uris.map((uri) => (
            <li key={uri} className="flex items-center gap-2 rounded-md bg-field px-3 py-2" data-testid="redirect-uri">
              <code className="min-w-0 flex-1 break-all font-mono text-sm text-text">{uri}</code>
              <Button
                variant="ghost"
                size="sm"
                busy={remove.isPending && remove.variables.uri === uri}
                onClick={() => removeUri(uri)}
                aria-label={`Remove ${uri}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex items-start gap-2" noValidate>
        <TextField
          label="Add a redirect"
          name="redirect"
          className="flex-1"
          placeholder="https://example.com/auth/callback"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          errors={errors}
          hint={`https, or http for localhost and 127.0.0.1; no #fragment. ${uris.length} of ${MAX_REDIRECTS} used.`}
        />
        <Button
          type="submit"
          variant="secondary"
          className="mt-[22px]"
          busy={add.isPending}
          disabled={draft.trim() === ""}
        >
          Add
        </Button>
      </form>
    </div>
  );
}
