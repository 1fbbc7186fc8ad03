"use client";

import { useTRPC } from "@/lib/trpc";
import { ResetSecret } from "./reset-secret";

/** Reset the bot token (after a confirmation); the new one is shown once, the old stops working. */
export function ResetBotToken({ applicationId }: { applicationId: string }) {
  const trpc = useTRPC();
  return (
    <ResetSecret
      secret={{ label: "New bot token", testId: "bot-token" }}
      hiddenNote="The token is stored only as a hash, so it can’t be shown. Reset it to get a new one."
      buttonLabel="Reset token"
      confirm={{
        title: "Reset bot token?",
        description:
          "The current token stops working at once: anything logged in with it is disconnected and must use the new token.",
      }}
      mutation={trpc.applications.resetBotToken.mutationOptions()}
      variables={{ applicationId }}
      secretOf={(result) => result.botToken}
    />
  );
}
