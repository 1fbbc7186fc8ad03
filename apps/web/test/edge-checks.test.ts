import { describe, expect, it } from "vitest";
import { trpcProcedures } from "../src/lib/trpc-calls";
import { DEFAULT_BODY_LIMIT, largeBodyAllowance } from "../src/server/body-limits";
import { isCrossSiteWrite } from "../src/server/same-origin";

describe("the procedures a tRPC request path calls", () => {
  it("counts each call of a batch, commas written encoded too", () => {
    expect(trpcProcedures("/api/trpc/guilds.list")).toEqual(["guilds.list"]);
    expect(trpcProcedures("/api/trpc/a,b,c")).toEqual(["a", "b", "c"]);
    expect(trpcProcedures("/api/trpc/a%2Cb%2cc")).toEqual(["a", "b", "c"]);
  });

  it("is none outside the endpoint", () => {
    expect(trpcProcedures("/api/trpcx/a,b")).toEqual([]);
    expect(trpcProcedures("/login")).toEqual([]);
  });
});

describe("the larger body a signed-in call may send", () => {
  it("is the upload's and the pictures' allowance, a batch getting its largest call's", () => {
    expect(largeBodyAllowance("/api/trpc/uploads.create")).toBe(Math.ceil((25 * 1024 * 1024) / 3) * 4 + 64 * 1024);
    expect(largeBodyAllowance("/api/trpc/people.updateProfile")).toBe(2 * 1024 * 1024);
    expect(largeBodyAllowance("/api/trpc/scheduledEvents.update")).toBe(12 * 1024 * 1024);
    expect(largeBodyAllowance("/api/trpc/messages.send,emojis.upload,uploads.create")).toBe(
      largeBodyAllowance("/api/trpc/uploads.create"),
    );
  });

  it("is none for any other procedure or path (the default, 1 MB, holds)", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    for (const path of [
      "/api/trpc/messages.send",
      "/api/trpc/constructor",
      "/api/trpc/__proto__",
      "/api/auth/callback/credentials",
      "/uploads.create",
    ]) {
      expect(largeBodyAllowance(path), path).toBeUndefined();
    }
  });
});

describe("a cross-site write", () => {
  const appUrl = "https://chat.example";
  const post = (headers: Record<string, string>) =>
    new Request("https://chat.example/api/trpc/guilds.create", { method: "POST", headers });

  it("is a POST whose Origin (or Referer) is not the app's origin in full", () => {
    expect(isCrossSiteWrite(post({ origin: "http://chat.example" }), appUrl)).toBe(true);
    expect(isCrossSiteWrite(post({ origin: "https://chat.example:8443" }), appUrl)).toBe(true);
    expect(
      isCrossSiteWrite(
        post({ origin: "https://evil.example", "x-forwarded-host": "evil.example", host: "evil.example" }),
        appUrl,
      ),
    ).toBe(true);
    expect(isCrossSiteWrite(post({ origin: "null" }), appUrl)).toBe(true);
    expect(isCrossSiteWrite(post({ referer: "https://evil.example/page" }), appUrl)).toBe(true);
  });

  it("is not one from the app's own pages, nor a request naming no page, nor a read", () => {
    expect(isCrossSiteWrite(post({ origin: "https://chat.example" }), appUrl)).toBe(false);
    expect(isCrossSiteWrite(post({ origin: "https://chat.example:443" }), "https://chat.example:443/")).toBe(false);
    expect(isCrossSiteWrite(post({ referer: "https://chat.example/channels/1" }), appUrl)).toBe(false);
    expect(isCrossSiteWrite(post({}), appUrl)).toBe(false);
    expect(
      isCrossSiteWrite(
        new Request("https://chat.example/api/trpc/guilds.list", { headers: { origin: "https://evil.example" } }),
        appUrl,
      ),
    ).toBe(false);
  });
});
