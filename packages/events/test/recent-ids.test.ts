import { describe, expect, it } from "vitest";
import { RecentIds } from "../src/recent-ids";

describe("recent ids", () => {
  it("recognises an id seen before, and forgets the oldest past its capacity", () => {
    const ids = new RecentIds(3);
    expect(["a", "b", "a", "c"].map((id) => ids.seenBefore(id))).toEqual([false, false, true, false]);
    expect(ids.seenBefore("d")).toBe(false);
    // "a" was the oldest of four: forgotten; "b", "c", "d" kept.
    expect(ids.seenBefore("a")).toBe(false);
    expect(["c", "d", "a"].map((id) => ids.seenBefore(id))).toEqual([true, true, true]);
    for (let i = 0; i < 100; i++) ids.seenBefore(`n${i}`);
    expect(["n97", "n98", "n99", "n96"].map((id) => ids.seenBefore(id))).toEqual([true, true, true, false]);
  });
});
