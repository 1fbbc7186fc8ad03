import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveStreams } from "../src";
import { openLiveTab } from "./live-tab";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const waitUntil = async (check: () => boolean, what: string) => {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("the live streams open in this process (the web app's metric)", () => {
  it("counts each tab's stream while it is open, on its hub and in the process's total", async () => {
    const person = await w.domain.users.createPerson({
      username: `counted_${Date.now()}`,
      passwordHash: "not-a-login",
    });
    const before = openLiveStreams();
    const hubBefore = w.live.openStreams;
    const first = await openLiveTab((signal) => w.caller(person.id, signal));
    const second = await openLiveTab((signal) => w.caller(person.id, signal));
    await first.ready();
    await second.ready();
    expect(w.live.openStreams - hubBefore).toBe(2);
    expect(openLiveStreams() - before).toBe(2);
    first.close();
    await first.ended;
    await waitUntil(() => openLiveStreams() - before === 1, "the closed tab uncounted");
    expect(w.live.openStreams - hubBefore).toBe(1);
    second.close();
    await second.ended;
    await waitUntil(() => openLiveStreams() === before, "both tabs uncounted");
  });

  it("stops counting a hub once it is closed", async () => {
    const other = await createTestWorld();
    const person = await other.domain.users.createPerson({
      username: `closed_hub_${Date.now()}`,
      passwordHash: "not-a-login",
    });
    const before = openLiveStreams();
    const tab = await openLiveTab((signal) => other.caller(person.id, signal));
    await tab.ready();
    expect(openLiveStreams() - before).toBe(1);
    await other.close();
    expect(openLiveStreams()).toBe(before);
    tab.close();
  });
});
