"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { NameDialogForm, useNameForm } from "@/components/ui/name-dialog-form";
import { useTRPC } from "@/lib/trpc";
import { SecretsReveal } from "./secrets-reveal";

interface Created {
  id: string;
  name: string;
  botToken: string;
  clientSecret: string;
}

/** "New application": a name, then the bot token and client secret, shown once. */
export function CreateApplication() {
  const router = useRouter();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const create = useMutation(
    trpc.applications.create.mutationOptions({
      onSuccess: (result) => {
        setCreated({
          id: result.application.id,
          name: result.application.name,
          botToken: result.botToken,
          clientSecret: result.clientSecret,
        });
        setOpen(false);
        // The list is rendered on the server.
        router.refresh();
      },
    }),
  );
  const form = useNameForm(async (name) => {
    await create.mutateAsync({ name });
  });

  return (
    <>
      <Button onClick={() => setOpen(true)} className="shrink-0">
        New application
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Create an application"
        description="Give it a name; its bot gets a username based on it."
      >
        <NameDialogForm
          form={form}
          field={{ label: "Name", maxLength: 32, hint: "2–32 characters." }}
          submitLabel="Create"
          onCancel={() => setOpen(false)}
        />
      </Modal>
      <Modal
        size="lg"
        open={created !== null}
        onClose={() => setCreated(null)}
        title={created ? `“${created.name}” is ready` : ""}
        description="Your bot logs in with the bot token; the client secret is for the login (OAuth2) flow."
      >
        {created ? (
          <SecretsReveal
            secrets={[
              { label: "Bot token", value: created.botToken, testId: "bot-token" },
              { label: "Client secret", value: created.clientSecret, testId: "client-secret" },
            ]}
          >
            <div className="mt-6 flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setCreated(null)}>
                Done
              </Button>
              <Link
                href={`/developers/applications/${created.id}`}
                className="inline-flex h-10 items-center rounded-md bg-accent-strong px-4 text-sm font-medium text-white hover:bg-accent-hover"
              >
                Open application
              </Link>
            </div>
          </SecretsReveal>
        ) : null}
      </Modal>
    </>
  );
}
