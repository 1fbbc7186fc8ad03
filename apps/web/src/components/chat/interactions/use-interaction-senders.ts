"use client";

import type { APIApplicationCommandInteractionDataOption } from "discord-api-types/v10";
import { useMemo } from "react";
import { useLiveTabId } from "@/components/live/live-provider";
import { errorMessage, fieldErrors } from "@/lib/errors";
import { useTRPCClient } from "@/lib/trpc";
import type { ChatActions, TargetedCommand } from "../commands/chat-actions";
import type { SlashEntry } from "../commands/command-entries";
import {
  autocompleteOptions,
  interactionOptions,
  type OptionErrors,
  type OptionInputs,
} from "../commands/option-values";
import { useInteractionStore } from "./interactions-provider";

/** The options the service's 50035 names (`options.2.value`, under the subcommand's `options.0.options.…`) by option name. */
function problemsByOption(
  entry: SlashEntry,
  sent: APIApplicationCommandInteractionDataOption[],
  error: unknown,
): OptionErrors {
  let leaves = sent;
  for (let depth = 0; depth < entry.path.length; depth++)
    leaves = (leaves[0] as { options?: APIApplicationCommandInteractionDataOption[] })?.options ?? [];
  const prefix = `${"options.0.".repeat(entry.path.length)}options.`;
  const problems: OptionErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors(error))) {
    const index = path.startsWith(prefix) ? Number(path.slice(prefix.length).split(".")[0]) : Number.NaN;
    const name = leaves[index]?.name;
    if (name && messages[0]) problems[name] = messages[0];
  }
  if (Object.keys(problems).length === 0) problems._ = errorMessage(error, "The command could not be sent. Try again.");
  return problems;
}

/** The file's bytes as base64 (what uploads.create takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(",") + 1));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads each attachment option's file for the channel: the upload id of each by option name,
 * or what went wrong by option name (the file could not be read, it is too big, the channel refuses).
 */
async function uploadFiles(
  client: ReturnType<typeof useTRPCClient>,
  channelId: string,
  entry: SlashEntry,
  inputs: OptionInputs,
): Promise<{ ids: Record<string, string> } | { problems: OptionErrors }> {
  const ids: Record<string, string> = {};
  const problems: OptionErrors = {};
  for (const option of entry.options) {
    const file = inputs[option.name];
    if (option.type !== 11 || !(file instanceof File)) continue;
    try {
      const data = await base64Of(file);
      ids[option.name] = (
        await client.uploads.create.mutate({ channelId, filename: file.name, contentType: file.type || null, data })
      ).id;
    } catch (error) {
      problems[option.name] = errorMessage(error, `${file.name} could not be uploaded. Try again.`);
    }
  }
  return Object.keys(problems).length > 0 ? { problems } : { ids };
}

/**
 * How the open channel's commands and component uses are sent: through the domain's
 * interactions (tRPC), with this tab's live-stream id so the application's answer, or its
 * silence, is told to this tab. The interaction store shows them on their way.
 */
export function useInteractionSenders(
  channelId: string,
): Pick<ChatActions, "sendSlash" | "sendTargeted" | "submitComponent" | "requestChoices"> {
  const client = useTRPCClient();
  const store = useInteractionStore();
  const tabId = useLiveTabId();

  return useMemo(() => {
    const tab = () => tabId() ?? undefined;
    return {
      async sendSlash(entry: SlashEntry, inputs: OptionInputs) {
        const uploaded = await uploadFiles(client, channelId, entry, inputs);
        if ("problems" in uploaded) return uploaded.problems;
        const options = interactionOptions(entry, inputs, uploaded.ids);
        const localId = store.commandSending(channelId, `/${entry.label}`, entry.application.name);
        try {
          const { id } = await client.interactions.useCommand.mutate({
            channelId,
            commandId: entry.command.id,
            options,
            tabId: tab(),
          });
          store.commandCreated(localId, id);
          return null;
        } catch (error) {
          store.dismissCommand(localId);
          return problemsByOption(entry, options, error);
        }
      },
      sendTargeted({ application, command, targetId }: TargetedCommand) {
        const localId = store.commandSending(channelId, command.name, application.name);
        client.interactions.useCommand.mutate({ channelId, commandId: command.id, targetId, tabId: tab() }).then(
          ({ id }) => store.commandCreated(localId, id),
          (error) => store.commandRefused(localId, errorMessage(error, "The command could not be sent. Try again.")),
        );
      },
      async requestChoices(entry: SlashEntry, inputs: OptionInputs, focused: string, typed: string) {
        const options = autocompleteOptions(entry, inputs, focused, typed);
        return (
          await client.interactions.autocomplete.mutate({
            channelId,
            commandId: entry.command.id,
            options,
            tabId: tab(),
          })
        ).id;
      },
      submitComponent(messageId: string, customId: string, values?: string[]) {
        store.clickSending(messageId, customId);
        client.interactions.useComponent
          .mutate({ channelId, messageId, customId, ...(values ? { values } : {}), tabId: tab() })
          .then(
            ({ id }) => store.clickCreated(messageId, customId, id),
            (error) => store.clickRefused(messageId, customId, errorMessage(error, "This interaction failed")),
          );
      },
    };
  }, [client, store, tabId, channelId]);
}
