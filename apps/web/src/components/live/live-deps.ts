import type { AppRouter } from "@chat/api";
import type { QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { LiveNotice } from "./live-notice";
import type { QueryPatcher } from "./query-patcher";

/** What every feature's cache writer is given besides the registry. */
export interface LiveDeps {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  /** Writes into the query cache without losing a change to a fetch in flight. */
  patcher: QueryPatcher;
  meId: string;
  /** Tells the person the guild or channel they had in view went away. */
  notice(notice: LiveNotice): void;
}
