import { describe, expect, it } from "vitest";
import { EventHistory } from "../src";

const event = (id: string) => ({ id });

describe("EventHistory", () => {
  it("keeps its newest event however old, so a marker at it means nothing was missed", () => {
    const now = 1_000_000;
    const history = new EventHistory<{ id?: string }>(100, 60_000, () => now);
    history.prepend([
      { event: event("old"), at: now - 600_000 },
      { event: event("newest"), at: now - 300_000 },
    ]);
    expect(history.after(["old"])).toBeNull();
    expect(history.after(["newest"])).toEqual([]);
    history.push(event("next"));
    expect(history.after(["newest"])).toBeNull();
    expect(history.after(["next"])).toEqual([]);
  });

  it("answers START with every event while none was ever dropped, and not once one was", () => {
    let now = 0;
    const history = new EventHistory<{ id?: string }>(100, 60_000, () => now);
    history.prepend([{ event: event("a"), at: 0 }]);
    history.push(event("b"));
    expect(history.after([EventHistory.START])?.map((e) => e.id)).toEqual(["a", "b"]);
    now = 120_000;
    history.push(event("c"));
    expect(history.after([EventHistory.START])).toBeNull();
  });
});
