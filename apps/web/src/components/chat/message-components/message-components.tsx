"use client";

import type { MessageView } from "@chat/api/views";
import { useState, useSyncExternalStore } from "react";
import { useChatActions } from "../commands/chat-actions";
import { useInteractionStore } from "../interactions/interactions-provider";
import { ComponentButton } from "./component-button";
import { ComponentSelect } from "./component-select";
import { LeaveSiteDialog } from "./leave-site-dialog";

/**
 * A message's buttons and selects, row by row. A click or pick goes to the message's
 * application; while it waits the used component shows a spinner and the others wait too;
 * "This interaction failed" when the application did not answer.
 */
export function MessageComponents({ message }: { message: MessageView }) {
  const actions = useChatActions();
  const store = useInteractionStore();
  const click = useSyncExternalStore(
    store.subscribe,
    () => store.clickOn(message.id),
    () => null,
  );
  const [leaving, setLeaving] = useState<string | null>(null);
  if (message.components.length === 0) return null;
  const waiting = click?.state === "pending";
  const use = (customId: string, values?: string[]) => actions?.submitComponent(message.id, customId, values);
  return (
    <div className="mt-1.5 flex flex-col gap-1.5" data-testid="message-components">
      {message.components.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; their order is the message's
        <div key={index} className="flex flex-wrap gap-2">
          {row.components.map((component) =>
            component.kind === "button" ? (
              <ComponentButton
                key={component.customId ?? component.url ?? component.label}
                button={component}
                pending={waiting && click?.customId === component.customId}
                locked={waiting || !actions || message.loading}
                onPress={() => component.customId && use(component.customId)}
                onLink={setLeaving}
              />
            ) : (
              <ComponentSelect
                key={component.customId}
                select={component}
                pending={waiting && click?.customId === component.customId}
                locked={waiting || !actions}
                onSubmit={(values) => use(component.customId, values)}
              />
            ),
          )}
        </div>
      ))}
      {click?.state === "failed" ? (
        <p
          className="flex items-center gap-1.5 text-sm text-danger-text"
          role="status"
          data-testid="interaction-failed"
        >
          <span aria-hidden="true">⚠</span>
          {click.error}
          <button
            type="button"
            onClick={() => store.dismissClick(message.id)}
            className="ml-1 text-xs text-muted underline hover:text-text"
          >
            Dismiss
          </button>
        </p>
      ) : null}
      <LeaveSiteDialog url={leaving} onClose={() => setLeaving(null)} />
    </div>
  );
}
