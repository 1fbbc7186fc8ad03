"use client";

import { useSyncExternalStore } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { PendingCommand } from "./interaction-store";
import { useInteractionStore } from "./interactions-provider";

/**
 * This tab's commands on their way, at the end of the channel: "Sending command…" until the
 * interaction exists, then waiting for the application; what went wrong (the application did
 * not respond, the service refused) until dismissed. A reply replaces the entry.
 */
export function PendingCommands({ channelId }: { channelId: string }) {
  const store = useInteractionStore();
  const commands = useSyncExternalStore(
    store.subscribe,
    () => store.commandsIn(channelId),
    () => store.commandsIn(channelId),
  );
  return commands.map((command) => (
    <PendingCommandItem
      key={command.localId}
      command={command}
      onDismiss={() => store.dismissCommand(command.localId)}
    />
  ));
}

function PendingCommandItem({ command, onDismiss }: { command: PendingCommand; onDismiss(): void }) {
  const failed = command.state === "failed";
  return (
    <li data-testid="pending-command" data-state={command.state} className="mt-[17px] flex gap-4 px-4 py-0.5">
      <div className="grid w-10 shrink-0 place-items-center">
        {failed ? (
          <span aria-hidden="true" className="text-lg text-danger-text">
            ⚠
          </span>
        ) : (
          <Spinner className="size-5 text-muted" />
        )}
      </div>
      <div className="min-w-0 flex-1 text-[15px] leading-[22px]">
        <p className="text-muted">
          <span className="font-medium text-text">{command.title}</span> · {command.applicationName}
        </p>
        {failed ? (
          <p className="text-danger-text">
            {command.error}{" "}
            <button type="button" onClick={onDismiss} className="ml-1 text-xs text-muted underline hover:text-text">
              Dismiss
            </button>
          </p>
        ) : (
          <p className="text-muted italic">
            {command.state === "sending" ? "Sending command…" : `Waiting for ${command.applicationName}…`}
          </p>
        )}
      </div>
    </li>
  );
}
