import { randomBytes } from "node:crypto";
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from "../src";

/**
 * The stores the tests run against: memory always, and Redis when TEST_REDIS_URL names one
 * (the PostgreSQL + Redis pass of the suite). Each call gets a namespace of its own.
 */
export const STORE_KINDS = process.env.TEST_REDIS_URL ? (["memory", "redis"] as const) : (["memory"] as const);

export type StoreKind = (typeof STORE_KINDS)[number];

export function namespace(): string {
  return `rate-limit-test-${randomBytes(6).toString("hex")}`;
}

export function storeOf(kind: StoreKind, ns = namespace()): RateLimitStore {
  return kind === "redis"
    ? createRedisRateLimitStore(process.env.TEST_REDIS_URL as string, ns)
    : createMemoryRateLimitStore(ns);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
