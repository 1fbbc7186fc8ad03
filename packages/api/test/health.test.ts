import { createPrismaClient } from "@chat/db";
import { createDomain, systemClock } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../src";
import { refusal } from "./refusal";
import { refusingUrl } from "./refusing-database";
import { createTestWorld, type TestWorld } from "./world";

describe("the database probe (health.database)", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await createTestWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it("answers that the database is reachable, to signed-out visitors too", async () => {
    expect(await w.caller(null).health.database()).toEqual({ reachable: true });
    expect(await w.caller(await w.signUp("probing_person")).health.database()).toEqual({ reachable: true });
  });

  it("is SERVICE_UNAVAILABLE saying so while the database refuses connections", async () => {
    const db = createPrismaClient(await refusingUrl(), 2);
    try {
      const down = createDomain({
        db,
        bus: w.bus,
        urls: w.domain.ctx.urls,
        clock: systemClock,
        attachmentSigningKey: "api-test-attachment-signing-key-0123456789",
      });
      const signedOut = createCaller({ ...(await w.context(null)), domain: down });
      expect(await refusal(signedOut.health.database())).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "The database is unavailable; try again shortly.",
      });
    } finally {
      await db.$disconnect();
    }
  });
});
