"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { SettingSwitch } from "@/components/ui/setting-switch";
import { errorMessage } from "@/lib/errors";
import { useTRPC } from "@/lib/trpc";

/** The "Public bot" setting (on for new applications): off, only the application's owner can add its bot to a guild. */
export function BotPublicSwitch({ applicationId, initial }: { applicationId: string; initial: boolean }) {
  const trpc = useTRPC();
  // Shows the choice at once; a refusal puts the previous value back and says why.
  const [shown, setShown] = useState(initial);
  const save = useMutation(
    trpc.applications.setBotPublic.mutationOptions({ onError: (_error, { botPublic }) => setShown(!botPublic) }),
  );
  return (
    <div>
      <SettingSwitch
        label="Public bot"
        explanation="Anyone who manages a guild can add your bot with its invite link. Off: only you can add it."
        checked={shown}
        disabled={false}
        onChange={(botPublic) => {
          setShown(botPublic);
          save.mutate({ applicationId, botPublic });
        }}
      />
      {save.error ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}
