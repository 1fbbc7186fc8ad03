import { describe, expect, it } from "vitest";
import { DatabaseOutage } from "../src/lib/database-outage";

describe("the tab's database outage state", () => {
  it("starts on a SERVICE_UNAVAILABLE answer and ends on the next success, telling its listeners each time", () => {
    const outage = new DatabaseOutage();
    let changes = 0;
    outage.subscribe(() => changes++);
    outage.unavailable(outage.begin());
    expect(outage.isDown()).toBe(true);
    outage.unavailable(outage.begin());
    expect(changes).toBe(1);
    outage.answered(outage.begin());
    expect(outage.isDown()).toBe(false);
    expect(changes).toBe(2);
  });

  it("ignores a late answer to a call begun before the last change: it says nothing about the database now", () => {
    const outage = new DatabaseOutage();
    const beforeOutage = outage.begin();
    outage.unavailable(outage.begin());
    outage.answered(beforeOutage);
    expect(outage.isDown()).toBe(true);
    const beforeRecovery = outage.begin();
    outage.answered(outage.begin());
    outage.unavailable(beforeRecovery);
    expect(outage.isDown()).toBe(false);
  });
});
