import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const guildOfTwo = (ownerName: string, memberName: string) => w.guildOfTwo(ownerName, memberName);

describe("messages.edit and messages.delete", () => {
  it("edits one's own message (marked edited), refuses another's and an edit leaving nothing, with the spec's messages", async () => {
    const { owner, member, channelId } = await guildOfTwo("edith", "eddie");
    const sent = await w.caller(member).messages.send({ channelId, content: "Lunch at noon" });
    const edited = await w.caller(member).messages.edit({ channelId, messageId: sent.id, content: "Lunch at one" });
    expect(edited).toMatchObject({ id: sent.id, content: "Lunch at one" });
    expect(edited.editedAt).toEqual(expect.any(String));
    expect((await w.caller(owner).messages.get({ channelId, messageId: sent.id })).content).toBe("Lunch at one");

    const empty = await refusal(w.caller(member).messages.edit({ channelId, messageId: sent.id, content: "   " }));
    expect(empty).toMatchObject({
      code: "BAD_REQUEST",
      message: "Cannot send an empty message",
      data: { apiCode: 50006 },
    });
    // Not even the guild's owner edits someone else's words.
    const others = await refusal(w.caller(owner).messages.edit({ channelId, messageId: sent.id, content: "hijacked" }));
    expect(others).toMatchObject({
      code: "FORBIDDEN",
      message: "Cannot edit a message authored by another user",
      data: { apiCode: 50005 },
    });
    expect((await w.caller(member).messages.get({ channelId, messageId: sent.id })).content).toBe("Lunch at one");
  });

  it("deletes one's own message, and another's only with Manage Messages", async () => {
    const { owner, member, channelId } = await guildOfTwo("della", "dean");
    const ownersMessage = await w.caller(owner).messages.send({ channelId, content: "rules: be kind" });
    const membersMessage = await w.caller(member).messages.send({ channelId, content: "spam" });
    const mine = await w.caller(member).messages.send({ channelId, content: "oops" });

    const refused = await refusal(w.caller(member).messages.delete({ channelId, messageId: ownersMessage.id }));
    expect(refused).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    await expect(w.caller(member).messages.delete({ channelId, messageId: mine.id })).resolves.toEqual({
      deleted: true,
    });
    // The owner holds Manage Messages.
    await expect(w.caller(owner).messages.delete({ channelId, messageId: membersMessage.id })).resolves.toEqual({
      deleted: true,
    });
    const left = await w.caller(owner).messages.list({ channelId });
    expect(left.messages.map((m) => m.content)).toEqual(["rules: be kind"]);

    const gone = await refusal(w.caller(member).messages.delete({ channelId, messageId: mine.id }));
    expect(gone).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10008 } });
  });
});
