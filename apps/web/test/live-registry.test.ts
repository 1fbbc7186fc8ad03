import type { LiveWireEvent } from "@chat/events/catalogue";
import { READ_STATE_UPDATE } from "@chat/events/catalogue";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { LiveRegistry } from "../src/components/live/live-registry";

/** Events as the stream hands them over (only the fields the handlers read). */
const deleted = { t: GatewayDispatchEvents.MessageDelete, d: { id: "11", channel_id: "22" } } as LiveWireEvent;
const read = { t: READ_STATE_UPDATE, d: { channel_id: "22", last_read_id: "11", mention_count: 0 } } as LiveWireEvent;
const guildGone = { t: GatewayDispatchEvents.GuildDelete, d: { id: "33" }, guildDeleted: true } as LiveWireEvent;

describe("the live registry", () => {
  it("hands each event to the handlers of its name, typed by that name", () => {
    const live = new LiveRegistry();
    const seen: string[] = [];
    live.on(GatewayDispatchEvents.MessageDelete, ({ d }) => seen.push(`deleted ${d.id} in ${d.channel_id}`));
    live.on(READ_STATE_UPDATE, ({ d }) => {
      // @ts-expect-error `d` is narrowed to READ_STATE_UPDATE's payload, which has no author
      if (d.author !== undefined) seen.push("not a read state");
      seen.push(`read ${d.channel_id} up to ${d.last_read_id}`);
    });
    live.on(GatewayDispatchEvents.GuildDelete, (event) =>
      seen.push(`guild ${event.d.id} ${event.guildDeleted ? "deleted" : "left"}`),
    );

    live.dispatch(read);
    live.dispatch(deleted);
    live.dispatch(guildGone);

    expect(seen).toEqual(["read 22 up to 11", "deleted 11 in 22", "guild 33 deleted"]);
  });

  it("runs the handlers of one name in the order they were registered, and one handler for several names", () => {
    const live = new LiveRegistry();
    const seen: string[] = [];
    live.on(GatewayDispatchEvents.MessageDelete, () => seen.push("first"));
    live.on([GatewayDispatchEvents.MessageDelete, READ_STATE_UPDATE], (event) => seen.push(`second ${event.t}`));
    live.on(GatewayDispatchEvents.MessageDelete, () => seen.push("third"));

    live.dispatch(deleted);
    live.dispatch(read);

    expect(seen).toEqual([
      "first",
      `second ${GatewayDispatchEvents.MessageDelete}`,
      "third",
      `second ${READ_STATE_UPDATE}`,
    ]);
  });

  it("ignores events nobody registered for, including names it does not know", () => {
    const live = new LiveRegistry();
    const seen: string[] = [];
    live.on(GatewayDispatchEvents.MessageCreate, () => seen.push("created"));

    live.dispatch(deleted);
    live.dispatch({ t: "SOMETHING_NEW", d: {} } as unknown as LiveWireEvent);

    expect(seen).toEqual([]);
  });

  it("removes what one installation registered, handlers and hooks alike, leaving the rest", () => {
    const live = new LiveRegistry();
    const seen: string[] = [];
    live.on(GatewayDispatchEvents.MessageDelete, () => seen.push("kept"));
    const uninstall = live.install((scoped) => {
      scoped.on(GatewayDispatchEvents.MessageDelete, () => seen.push("installed"));
      scoped.onReset(() => seen.push("reset"));
      scoped.onClose(() => seen.push("closed"));
    });

    live.dispatch(deleted);
    live.reset();
    live.close();
    uninstall();
    live.dispatch(deleted);
    live.reset();
    live.close();

    expect(seen).toEqual(["kept", "installed", "reset", "closed", "kept"]);
  });
});
