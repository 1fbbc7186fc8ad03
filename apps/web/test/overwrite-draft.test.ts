import { Permission } from "@chat/domain/permissions/bits";
import { describe, expect, it } from "vitest";
import {
  channelPermissionGroups,
  sameOverwrites,
  stateOf,
  withState,
} from "../src/components/guild-settings/channels/overwrite-draft";

const VIEW = Permission.ViewChannel;
const SEND = Permission.SendMessages;
const base = { id: "1", type: 0 as const, allow: "0", deny: "0" };

describe("an overwrite being edited", () => {
  it("sets one permission to allow, deny or neutral without touching the others", () => {
    const allowed = withState({ ...base, deny: String(SEND) }, VIEW, "allow");
    expect([stateOf(allowed, VIEW), stateOf(allowed, SEND)]).toEqual(["allow", "deny"]);
    const denied = withState(allowed, VIEW, "deny");
    expect(denied).toMatchObject({ allow: "0", deny: String(VIEW | SEND) });
    expect(stateOf(withState(denied, VIEW, "neutral"), VIEW)).toBe("neutral");
  });

  it("counts two sets alike whatever their order, and different when one bit or entry differs", () => {
    const a = [
      { ...base, allow: String(VIEW) },
      { id: "2", type: 1 as const, allow: "0", deny: String(SEND) },
    ];
    expect(sameOverwrites(a, [...a].reverse())).toBe(true);
    expect(sameOverwrites(a, [a[0] as (typeof a)[0]])).toBe(false);
    expect(sameOverwrites(a, [{ ...base, allow: String(VIEW | SEND) }, a[1] as (typeof a)[1]])).toBe(false);
  });

  it("offers only permissions that mean something on the kind of channel", () => {
    const bits = (kind: "text" | "voice" | "category") =>
      channelPermissionGroups(kind).flatMap((g) => g.permissions.map((p) => p.bit));
    expect(bits("text")).toContain(SEND);
    expect(bits("text")).not.toContain(Permission.Speak);
    expect(bits("voice")).toContain(Permission.Speak);
    expect(bits("voice")).not.toContain(SEND);
    for (const kind of ["text", "voice", "category"] as const) {
      expect(bits(kind)).not.toContain(Permission.Administrator);
      expect(bits(kind)).not.toContain(Permission.KickMembers);
      expect(bits(kind)).toContain(VIEW);
    }
  });
});
