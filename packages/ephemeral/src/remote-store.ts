import { type InternalRpcClient, internalApiUrl, internalRpcClient } from "@chat/events";
import type { ShortLivedStore } from "./store";
import {
  SHORT_LIVED_API_PATH,
  type ShortLivedAnswer,
  type ShortLivedCall,
  type ShortLivedOperation,
} from "./store-api";

/**
 * Short-lived values for a process that reaches the event hub without Redis (the web app):
 * they are kept in the hub server's memory, reached over its internal API next to the hub's
 * address, with the hub's shared secret.
 */
export class RemoteShortLivedStore implements ShortLivedStore {
  private readonly rpc: InternalRpcClient;

  constructor(hubUrl: string, secret: string, timeoutMs = 5_000) {
    this.rpc = internalRpcClient({ hubUrl, path: SHORT_LIVED_API_PATH, secret, timeoutMs, name: "short-lived store" });
  }

  async put(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.call("put", { key, value, ttlMs });
  }

  async putIfAbsent(key: string, value: unknown, ttlMs: number): Promise<boolean> {
    return (await this.call("putIfAbsent", { key, value, ttlMs })).done;
  }

  async get<T>(key: string): Promise<T | null> {
    return ((await this.call("get", { key })).value ?? null) as T | null;
  }

  async replace(key: string, value: unknown): Promise<boolean> {
    return (await this.call("replace", { key, value })).done;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.call("delete", { key })).done;
  }

  async close(): Promise<void> {}

  private async call<N extends ShortLivedOperation>(
    operation: N,
    body: ShortLivedCall<N>,
  ): Promise<ShortLivedAnswer<N>> {
    return (await this.rpc.call(operation, body)) as ShortLivedAnswer<N>;
  }
}

/** The internal API's address, at the origin of the event hub's (`ws://host:port/internal/bus` gives `http://host:port/internal/short-lived`). */
export function shortLivedApiUrl(hubUrl: string): string {
  return internalApiUrl(hubUrl, SHORT_LIVED_API_PATH);
}
