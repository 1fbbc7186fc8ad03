"use client";

import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

const MAX_REDIRECTS = 10;

/** The login flow's redirect addresses: up to 10, https (http for localhost and 127.0.0.1), no fragment. */
export function RedirectUrisEditor({ applicationId, initial }: { applicationId: string; initial: string[] }) {
  const [uris, setUris] = useState(initial);
  const [draft, setDraft] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitted = draft;
    setBusy("add");
    setErrors([]);
    try {
      const result = await trpc.applications.addRedirectUri.mutate({ applicationId, uri: submitted });
      setUris(result.redirectUris);
      // Keep anything typed meanwhile.
      setDraft((current) => (current === submitted ? "" : current));
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields.redirect_uris ?? fields._ ?? [errorMessage(e)]);
    } finally {
      setBusy(null);
    }
  }

  async function remove(uri: string) {
    setBusy(uri);
    setErrors([]);
    try {
      setUris((await trpc.applications.removeRedirectUri.mutate({ applicationId, uri })).redirectUris);
    } catch (e) {
      setErrors([errorMessage(e)]);
    } finally {
      setBusy(null);
    }
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
              <Button variant="ghost" size="sm" busy={busy === uri} onClick={() => void remove(uri)} aria-label={`Remove ${uri}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex items-start gap-2" noValidate>
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
        <Button type="submit" variant="secondary" className="mt-[22px]" busy={busy === "add"} disabled={draft.trim() === ""}>
          Add
        </Button>
      </form>
    </div>
  );
}
