import type { DomainEvent } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../src";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

describe("a web request's id", () => {
  it("goes with every event a call made for the request publishes, so the server's log names the request", async () => {
    const { owner, channelId } = await w.guildOfTwo("traced_owner", "traced_member");
    const heard: DomainEvent[] = [];
    const unsubscribe = w.bus.subscribe((event) => heard.push(event));
    try {
      const context = { ...(await w.context(owner)), requestId: "web-request-7" };
      await createCaller(context).messages.send({ channelId, content: "traced from the web" });
      await w.caller(owner).messages.send({ channelId, content: "no request id" });
      await expect.poll(() => heard.filter((e) => e.t === GatewayDispatchEvents.MessageCreate).length).toBe(2);
    } finally {
      unsubscribe();
    }
    const created = heard.filter((e) => e.t === GatewayDispatchEvents.MessageCreate);
    expect(created.map((e) => [(e.d as { content: string }).content, e.requestId])).toEqual([
      ["traced from the web", "web-request-7"],
      ["no request id", undefined],
    ]);
  });
});
