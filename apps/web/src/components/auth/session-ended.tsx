"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { AuthCard } from "./auth-card";

/** Shown when a session cookie outlived its account (deleted or suspended). */
export function SessionEnded() {
  return (
    <AuthCard title="Your session has ended" subtitle="This account can’t be used right now.">
      <Button className="w-full" onClick={() => signOut({ callbackUrl: "/login" })}>
        Log in again
      </Button>
    </AuthCard>
  );
}
