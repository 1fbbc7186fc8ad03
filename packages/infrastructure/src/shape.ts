import type { InfrastructureEnv } from "./env";

/** Where the bus and the shared state live: the one decision between memory and Redis. */
export type DeploymentShape =
  /** Several processes on one Redis: the bus, presences, the short-lived store, rate limits and gateway sessions there. */
  | { kind: "redis"; redisUrl: string; namespace: string }
  /** One server node: it is the event hub and keeps the shared state in memory; the web app and the CLI reach it at `hubUrl`. */
  | { kind: "hub"; hubUrl: string };

export function deploymentShape(env: Pick<InfrastructureEnv, "redisUrl" | "namespace" | "hubUrl">): DeploymentShape {
  return env.redisUrl
    ? { kind: "redis", redisUrl: env.redisUrl, namespace: env.namespace }
    : { kind: "hub", hubUrl: env.hubUrl };
}
