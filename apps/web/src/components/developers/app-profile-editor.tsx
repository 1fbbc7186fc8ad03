"use client";

import { useRouter } from "next/navigation";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { AppIcon } from "@/components/ui/app-icon";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The application's name and picture, as people see them on the consent page. */
export function AppProfileEditor({ application }: { application: { id: string; name: string; iconUrl: string | null } }) {
  const router = useRouter();
  const [name, setName] = useState(application.name);
  const [iconUrl, setIconUrl] = useState(application.iconUrl);
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"name" | "picture" | null>(null);
  const [saved, setSaved] = useState(false);

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy("name");
    setNameErrors([]);
    setSaved(false);
    try {
      setName((await trpc.applications.rename.mutate({ applicationId: application.id, name })).name);
      setSaved(true);
      router.refresh();
    } catch (e) {
      const fields = fieldErrors(e);
      setNameErrors(fields._ ?? fields.name ?? [errorMessage(e)]);
    } finally {
      setBusy(null);
    }
  }

  async function setPicture(image: string | null) {
    setBusy("picture");
    setPictureError(null);
    try {
      setIconUrl((await trpc.applications.setIcon.mutate({ applicationId: application.id, image })).iconUrl);
      router.refresh();
    } catch (e) {
      const fields = fieldErrors(e);
      setPictureError(fields.icon?.[0] ?? errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) await setPicture(await readAsDataUrl(file));
  }

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center gap-2">
        <AppIcon id={application.id} name={name} iconUrl={iconUrl} size="xl" />
        <label className="cursor-pointer rounded-md bg-raised px-3 py-1.5 text-sm font-medium text-text focus-within:outline-2 focus-within:outline-accent hover:bg-hover">
          {busy === "picture" ? "Uploading…" : "Upload picture"}
          <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" onChange={(e) => void pick(e)} aria-label="Application picture" />
        </label>
        {iconUrl ? (
          <Button variant="ghost" size="sm" onClick={() => void setPicture(null)}>
            Remove picture
          </Button>
        ) : null}
      </div>
      <form onSubmit={rename} className="flex flex-col gap-3" noValidate>
        {pictureError ? <Alert tone="error">{pictureError}</Alert> : null}
        <TextField label="Name" name="name" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} errors={nameErrors} hint="Shown to people when your website asks them to log in. 2–32 characters." />
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" busy={busy === "name"} disabled={name.trim() === application.name}>
            Save name
          </Button>
          {saved ? <span className="text-sm text-success" role="status">Saved</span> : null}
        </div>
      </form>
    </div>
  );
}
