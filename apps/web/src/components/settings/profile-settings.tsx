"use client";

import type { ProfileView } from "@chat/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import type { Area } from "react-easy-crop";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrors, isUnauthorized } from "@/lib/errors";
import { sendToLogin } from "@/lib/return-path";
import { useTRPC } from "@/lib/trpc";
import { AvatarCropper } from "./avatar-cropper";
import { AVATAR_TYPES, croppedPicture, pictureProblem } from "./crop-picture";

/** The display name (what others see instead of the username) and the profile picture. */
export function ProfileSettings({ initial }: { initial: ProfileView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...trpc.people.me.queryOptions(), initialData: initial }).data;
  const [source, setSource] = useState<string | null>(null);
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<"name" | "picture" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useMutation(
    trpc.people.updateProfile.mutationOptions({
      onSuccess(next) {
        queryClient.setQueryData(trpc.people.me.queryKey(), next);
      },
      onError(error) {
        if (isUnauthorized(error)) sendToLogin();
      },
    }),
  );
  // The chosen file's address is only needed while cropping.
  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const errors = fieldErrors(update.error);
  const otherError =
    update.error && !isUnauthorized(update.error) && Object.keys(errors).length === 0
      ? errorMessage(update.error)
      : null;

  function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("displayName") ?? "");
    setSaved(null);
    update.mutate({ globalName: name }, { onSuccess: () => setSaved("name") });
  }

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = pictureProblem(file);
    setPickProblem(problem);
    if (!problem) setSource(URL.createObjectURL(file));
  }

  async function cropped(area: Area) {
    if (!source) return;
    try {
      const avatar = await croppedPicture(source, area);
      setSaved(null);
      update.mutate(
        { avatar },
        {
          onSuccess: () => {
            setSource(null);
            setSaved("picture");
          },
        },
      );
    } catch (error) {
      setPickProblem(error instanceof Error ? error.message : "That picture could not be cropped.");
      setSource(null);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-6">
      {otherError ? <Alert tone="error">{otherError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-4">
        <Avatar id={profile.id} name={profile.displayName} picture={profile.avatar} size="xl" />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              Change picture
            </Button>
            {profile.avatar ? (
              <Button
                variant="ghost"
                size="sm"
                busy={update.isPending && update.variables?.avatar === null}
                onClick={() => update.mutate({ avatar: null })}
              >
                Remove picture
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted">PNG, JPEG, GIF or WebP, cropped to a square.</p>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            onChange={picked}
            className="sr-only"
            tabIndex={-1}
            aria-label="Picture file"
          />
        </div>
      </div>
      {pickProblem || errors.avatar ? <Alert tone="error">{pickProblem ?? errors.avatar?.join(" ")}</Alert> : null}
      {saved === "picture" ? <Alert tone="success">Picture saved.</Alert> : null}
      <form onSubmit={saveName} className="flex max-w-md flex-col gap-4" noValidate>
        <TextField
          label="Display name"
          name="displayName"
          defaultValue={profile.globalName ?? ""}
          maxLength={32}
          autoComplete="nickname"
          placeholder={profile.username}
          hint="What others see instead of your username; 1 to 32 characters. Leave it empty to show your username."
          errors={errors.global_name}
        />
        {saved === "name" ? <Alert tone="success">Display name saved.</Alert> : null}
        <Button
          type="submit"
          busy={update.isPending && update.variables?.globalName !== undefined}
          className="self-start"
        >
          Save display name
        </Button>
      </form>
      <AvatarCropper
        key={source ?? "none"}
        src={source}
        busy={update.isPending}
        onCancel={() => setSource(null)}
        onDone={cropped}
      />
    </div>
  );
}
