"use client";

import { useTRPC } from "@/lib/trpc";
import { ResetSecret } from "./reset-secret";

/** Reset the client secret (after a confirmation); the new one is shown once. Nobody is logged out. */
export function ResetClientSecret({ applicationId }: { applicationId: string }) {
  const trpc = useTRPC();
  return (
    <ResetSecret
      secret={{ label: "New client secret", testId: "client-secret" }}
      hiddenNote="The client secret was shown when the application was created and is stored only as a hash. Reset it to get a new one."
      buttonLabel="Reset secret"
      confirm={{
        title: "Reset client secret?",
        description: "Your website must use the new secret from now on. People already logged in stay logged in.",
      }}
      mutation={trpc.applications.resetClientSecret.mutationOptions()}
      variables={{ applicationId }}
      secretOf={(result) => result.clientSecret}
    />
  );
}
