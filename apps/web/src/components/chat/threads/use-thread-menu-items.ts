import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import type { MenuItem } from "../commands/context-menu";
import type { DisplayMessage } from "../messages/use-channel-messages";
import { useThreads } from "./threads-context";

/** A message's thread entry: "Create thread" in a text channel, "Open thread" once it has one (it has the message's id). */
export function useThreadMenuItems(message: DisplayMessage): MenuItem[] {
  const threads = useThreads();
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.threads.list.queryOptions({ channelId: threads?.channelId ?? "0" }),
    enabled: threads !== null,
    retry: false,
  });
  if (!threads || message.sendState || message.ephemeral) return [];
  const existing = list.data ? [...list.data.active, ...list.data.archived].some((t) => t.id === message.id) : false;
  if (existing) return [{ key: "thread", label: "Open thread", onSelect: () => threads.open(message.id) }];
  return [{ key: "thread", label: "Create thread", onSelect: () => threads.start(message) }];
}
