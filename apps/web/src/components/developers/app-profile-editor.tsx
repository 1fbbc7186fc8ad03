"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { AppIcon } from "@/components/ui/app-icon";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The application's name and picture, as people see them on the consent page. */
export function AppProfileEditor({
  application,
}: {
  application: { id: string; name: string; iconUrl: string | null };
}) {
  const router = useRouter();
  const trpc = useTRPC();
  const [name, setName] = useState(application.name);
  const [iconUrl, setIconUrl] = useState(application.iconUrl);
  // The page's header and breadcrumb are rendered on the server.
  const rename = useMutation(
    trpc.applications.rename.mutationOptions({
      onSuccess: (result) => {
        setName(result.name);
        router.refresh();
      },
    }),
  );
  const setIcon = useMutation(
    trpc.applications.setIcon.mutationOptions({
      onSuccess: (result) => {
        setIconUrl(result.iconUrl);
        router.refresh();
      },
    }),
  );
  const renameFields = fieldErrors(rename.error);
  const nameErrors = rename.error ? (renameFields._ ?? renameFields.name ?? [errorMessage(rename.error)]) : [];
  const pictureError = setIcon.error ? (fieldErrors(setIcon.error).icon?.[0] ?? errorMessage(setIcon.error)) : null;

  function submitName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ applicationId: application.id, name });
  }

  function setPicture(image: string | null) {
    setIcon.mutate({ applicationId: application.id, image });
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) setPicture(await readAsDataUrl(file));
  }

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center gap-2">
        <AppIcon id={application.id} name={name} iconUrl={iconUrl} size="xl" />
        <label className="cursor-pointer rounded-md bg-raised px-3 py-1.5 text-sm font-medium text-text focus-within:outline-2 focus-within:outline-accent hover:bg-hover">
          {setIcon.isPending ? "Uploading…" : "Upload picture"}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            onChange={(e) => void pick(e)}
            aria-label="Application picture"
          />
        </label>
        {iconUrl ? (
          <Button variant="ghost" size="sm" onClick={() => setPicture(null)}>
            Remove picture
          </Button>
        ) : null}
      </div>
      <form onSubmit={submitName} className="flex flex-col gap-3" noValidate>
        {pictureError ? <Alert tone="error">{pictureError}</Alert> : null}
        <TextField
          label="Name"
          name="name"
          value={name}
          maxLength={32}
          onChange={(e) => setName(e.target.value)}
          errors={nameErrors}
          hint="Shown to people when your website asks them to log in. 2–32 characters."
        />
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" busy={rename.isPending} disabled={name.trim() === application.name}>
            Save name
          </Button>
          {rename.isSuccess ? (
            <span className="text-sm text-success" role="status">
              Saved
            </span>
          ) : null}
        </div>
      </form>
    </div>
  );
}
