import { createPrismaClient } from "@chat/db";
import { ApiError, createDomain, Errors, systemClock } from "@chat/domain";
import { describe, expect, it } from "vitest";
import { createCaller } from "../src";
import { domainErrorData, flattenFieldErrors, isApiError, toTRPCError } from "../src/errors";
import { refusingUrl } from "./refusing-database";

describe("domain errors over tRPC", () => {
  it("recognises an ApiError from another copy of the class (one per Next.js server layer)", () => {
    class ApiErrorCopy extends Error {
      constructor(
        readonly status: number,
        readonly code: number,
        message: string,
      ) {
        super(message);
        this.name = "ApiError";
      }
    }
    expect(isApiError(Errors.unknownChannel())).toBe(true);
    expect(isApiError(new ApiErrorCopy(404, 10003, "Unknown Channel"))).toBe(true);
    expect(isApiError(new Error("plain"))).toBe(false);
    expect(isApiError({ name: "ApiError", status: 404, code: 1 })).toBe(false);
  });

  it("keeps the HTTP meaning and the spec code", () => {
    expect(toTRPCError(Errors.unknownGuild()).code).toBe("NOT_FOUND");
    expect(toTRPCError(Errors.missingPermissions()).code).toBe("FORBIDDEN");
    expect(toTRPCError(Errors.emptyMessage()).code).toBe("BAD_REQUEST");
    expect(toTRPCError(new ApiError(500, 0, "boom")).code).toBe("INTERNAL_SERVER_ERROR");
    expect(domainErrorData(toTRPCError(Errors.unknownGuild()))).toEqual({ apiCode: 10004, fieldErrors: null });
  });

  it("flattens 50035 field errors", () => {
    const error = Errors.invalidForm({
      username: { _errors: [{ code: "X", message: "Taken." }] },
      embeds: { "0": { title: { _errors: [{ code: "Y", message: "Too long." }] } } },
    });
    expect(flattenFieldErrors(error.errors)).toEqual({ username: ["Taken."], "embeds.0.title": ["Too long."] });
    expect(flattenFieldErrors({ _errors: [{ code: "Z", message: "Bad." }] })).toEqual({ _: ["Bad."] });
  });
});

describe("input schema errors", () => {
  it("name the field and its message", async () => {
    const { createTestWorld } = await import("./world");
    const w = await createTestWorld();
    try {
      const error = await w
        .caller(null)
        .account.signUp({ username: "someone", password: "short" })
        .catch((e) => e);
      expect(error.code).toBe("BAD_REQUEST");
      expect(domainErrorData(error)).toEqual({
        apiCode: null,
        fieldErrors: { password: ["Use at least 8 characters."] },
      });
    } finally {
      await w.close();
    }
  });
});

describe("a call while the database cannot be reached", () => {
  it("is SERVICE_UNAVAILABLE saying so, signed in or not, rather than an internal error", async () => {
    const { createTestWorld } = await import("./world");
    const w = await createTestWorld();
    const db = createPrismaClient(await refusingUrl(), 2);
    try {
      const person = await w.signUp("waiting_person");
      const down = createDomain({
        db,
        bus: w.bus,
        urls: w.domain.ctx.urls,
        clock: systemClock,
        attachmentSigningKey: "api-test-attachment-signing-key-0123456789",
      });
      const signedIn = createCaller({ ...(await w.context(person)), domain: down });
      const signedOut = createCaller({ ...(await w.context(null)), domain: down });
      const errors = [
        await signedIn.guilds.list().catch((e) => e),
        await signedOut.account
          .signUp({ username: "another_person", password: "violet tractor mirror" })
          .catch((e) => e),
      ];
      for (const error of errors) {
        expect(error.code).toBe("SERVICE_UNAVAILABLE");
        expect(error.message).toBe("The database is unavailable; try again shortly.");
      }
    } finally {
      await db.$disconnect();
      await w.close();
    }
  });
});
