import type { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { domainErrorData } from "../src/errors";

/** The refusal a call ends in (it must be refused): its tRPC code, message and the domain's error data. */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return {
    code: (error as { code: string }).code,
    message: (error as Error).message,
    data: domainErrorData(error as TRPCError),
  };
}
