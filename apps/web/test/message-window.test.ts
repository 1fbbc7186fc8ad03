import { describe, expect, it } from "vitest";
import {
  atPresent,
  PRESENT,
  pinnedTop,
  stepNewer,
  stepOlder,
  WINDOW_MAX,
  WINDOW_STEP,
  windowAround,
  windowBounds,
} from "../src/components/chat/messages/message-window";

/** Messages with ids 1000…(1000+count-1), oldest first. */
const history = (count: number) => Array.from({ length: count }, (_, i) => ({ id: String(1000 + i) }));

describe("the window of messages in the page", () => {
  it("at the present holds the last WINDOW_MAX loaded messages, or all when fewer are loaded", () => {
    expect(windowBounds(history(40), PRESENT)).toEqual({ start: 0, end: 40 });
    expect(windowBounds(history(400), PRESENT)).toEqual({ start: 400 - WINDOW_MAX, end: 400 });
  });

  it("scrolling up brings older loaded messages in and lets the newest go, never holding more than WINDOW_MAX", () => {
    const messages = history(400);
    const older = stepOlder(messages, PRESENT);
    expect(older).not.toBeNull();
    const bounds = windowBounds(messages, older ?? PRESENT);
    expect(bounds.start).toBe(400 - WINDOW_MAX - WINDOW_STEP);
    expect(bounds.end - bounds.start).toBe(WINDOW_MAX);
    expect(older?.endId).not.toBeNull();
  });

  it("asks for nothing older when the window already starts at the first loaded message", () => {
    expect(stepOlder(history(30), PRESENT)).toBeNull();
  });

  it("scrolling down from older messages returns to the present, where new messages join the window", () => {
    const messages = history(400);
    let window = stepOlder(messages, stepOlder(messages, PRESENT) ?? PRESENT) ?? PRESENT;
    expect(window.endId).not.toBeNull();
    for (let i = 0; i < 10 && window.endId !== null; i++) window = stepNewer(messages, window) ?? window;
    expect(window.endId).toBeNull();
    expect(windowBounds(messages, window).end).toBe(400);
    expect(stepNewer(messages, window)).toBeNull();
  });

  it("keeps its top in place while the reader is away from the end and messages arrive", () => {
    const messages = history(200);
    const pinned = pinnedTop(messages, PRESENT);
    const more = [...messages, ...history(260).slice(200)];
    expect(windowBounds(more, pinned)).toEqual({ start: 200 - WINDOW_MAX, end: 260 });
    expect(atPresent(more, pinned)).toEqual(PRESENT);
  });

  it("a deleted boundary message falls on its neighbours", () => {
    const messages = history(300);
    const window = { startId: "1100", endId: "1200" };
    const without = messages.filter((m) => m.id !== "1100" && m.id !== "1200");
    expect(windowBounds(without, window)).toEqual({ start: 100, end: 199 });
  });

  it("this tab's messages on their way stay at the end of a window at the present", () => {
    const messages = [...history(10), { id: "local-abc" }];
    expect(windowBounds(messages, pinnedTop(messages, PRESENT))).toEqual({ start: 0, end: 11 });
    expect(windowBounds(messages, { startId: "1000", endId: "1009" })).toEqual({ start: 0, end: 10 });
  });

  it("a jump to a loaded message out of the page centres the window on it, within the loaded history", () => {
    const messages = history(1000);
    expect(windowBounds(messages, windowAround(messages, 500))).toEqual({
      start: 500 - WINDOW_MAX / 2,
      end: 500 + WINDOW_MAX / 2,
    });
    expect(windowBounds(messages, windowAround(messages, 3))).toEqual({ start: 0, end: WINDOW_MAX });
    expect(windowAround(messages, 990).endId).toBeNull();
  });
});
