import { describe, expect, it } from "vitest";
import { Connection } from "../../src/gateway/connection/connection";
import { type GatewayOptions, resolveGatewayOptions } from "../../src/gateway/options";
import { MemoryReplayStore } from "../../src/gateway/sessions/replay-store";
import { SessionRegistry } from "../../src/gateway/sessions/session-registry";
import { MemorySessionStore } from "../../src/gateway/sessions/session-store";
import { createGatewayMetrics } from "../../src/metrics/gateway-metrics";
import { Registry } from "prom-client";
import { FakeSocket } from "../support/fake-socket";

/** The limits on what waits for a client (maxBufferedBytes, maxWaitingDispatches), on a socket without a network. */
describe("a connection whose client stops reading", () => {
  const open = (limits: Partial<GatewayOptions>) => {
    const socket = new FakeSocket();
    const options = resolveGatewayOptions(limits);
    const store = new MemorySessionStore();
    const sessions = new SessionRegistry(new MemoryReplayStore(options.replayCapacity), store);
    // No payload arrives on this path (no opcode handlers): only sends and the backlog limits are exercised.
    const connection = new Connection(
      socket,
      { options, metrics: createGatewayMetrics(new Registry()), sessions, store },
      {},
    );
    connection.open();
    return { socket, connection };
  };
  const closes = (socket: FakeSocket) => socket.calls.filter((c) => c.kind === "close");

  it("keeps sending while the bytes waiting for the client are within the limit", () => {
    const { socket, connection } = open({ maxBufferedBytes: 1000 });
    socket.buffered = 1000;
    connection.send("one");
    expect(closes(socket)).toEqual([]);
    expect(connection.isOpen).toBe(true);
    connection.close(4000);
  });

  it("closes with 4000 (resumable) once more bytes than the limit wait, and sends nothing after", () => {
    const { socket, connection } = open({ maxBufferedBytes: 1000 });
    socket.buffered = 1001;
    connection.send("two");
    connection.send("three");
    expect(socket.calls.slice(1)).toEqual([
      { kind: "text", data: "two" },
      { kind: "close", code: 4000, reason: "Unknown error." },
    ]);
    expect(connection.isOpen).toBe(false);
  });

  it("closes with 4000 when more dispatches than the limit were sent while bytes waited, counting afresh each time the client catches up", () => {
    const { socket, connection } = open({ maxWaitingDispatches: 3 });
    socket.buffered = 10;
    for (const text of ["a", "b", "c"]) connection.send(text);
    socket.buffered = 0;
    connection.send("caught up");
    socket.buffered = 10;
    for (const text of ["d", "e", "f"]) connection.send(text);
    expect(connection.isOpen).toBe(true);
    connection.send("g");
    expect(connection.isOpen).toBe(false);
    expect(closes(socket)).toEqual([{ kind: "close", code: 4000, reason: "Unknown error." }]);
  });

  it("defaults to 4 MiB and half the replay's 1,000 dispatches", () => {
    expect(resolveGatewayOptions()).toMatchObject({ maxBufferedBytes: 4 * 1024 * 1024, maxWaitingDispatches: 500 });
    expect(resolveGatewayOptions({ replayCapacity: 40 }).maxWaitingDispatches).toBe(20);
  });
});
