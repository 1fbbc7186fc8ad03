import type { AppRouter } from "@chat/api";
import type { inferRouterOutputs } from "@trpc/server";

/** A channel's cached history (messages.list). */
export type MessagePage = inferRouterOutputs<AppRouter>["messages"]["list"];
