import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

/** A channel overwrite for one member, as a moderator sets it. */
function denyMember(channelId: string, owner: bigint, member: bigint, deny: bigint) {
  return w.domain.channelOverwrites.put(BigInt(channelId), member, owner, {
    type: 1,
    allow: "0",
    deny: deny.toString(),
  });
}

describe("replies", () => {
  it("sends a reply quoting the original, and says the original was deleted once it is", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("rita", "ray");
    const original = await w.caller(owner).messages.send({ channelId, content: "Who brings snacks?" });
    const reply = await w.caller(member).messages.send({ channelId, content: "Me!", replyTo: original.id });
    expect(reply).toMatchObject({
      type: 19,
      reference: {
        messageId: original.id,
        message: { id: original.id, content: "Who brings snacks?", author: { username: "rita" } },
      },
    });

    await w.caller(owner).messages.delete({ channelId, messageId: original.id });
    const page = await w.caller(member).messages.list({ channelId });
    expect(page.messages.find((m) => m.id === reply.id)?.reference).toEqual({ messageId: original.id, message: null });
  });

  it("refuses a reply to a message that does not exist as a typed error", async () => {
    const { member, channelId } = await w.guildOfTwo("rhea", "rob");
    const refused = await refusal(w.caller(member).messages.send({ channelId, content: "hm", replyTo: "123456789" }));
    expect(refused).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
  });
});

describe("social.react and social.unreact", () => {
  it("adds and takes back a reaction, counted with `me` per viewer, and names who reacted", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("ruth", "rex");
    const message = await w.caller(owner).messages.send({ channelId, content: "Ship it?" });
    await w.caller(member).social.react({ channelId, messageId: message.id, emoji: "👍" });
    await w.caller(owner).social.react({ channelId, messageId: message.id, emoji: "👍" });
    // Adding the same reaction twice changes nothing.
    await w.caller(member).social.react({ channelId, messageId: message.id, emoji: "👍" });

    const asMember = await w.caller(member).messages.get({ channelId, messageId: message.id });
    expect(asMember.reactions).toEqual([{ emoji: { id: null, name: "👍", animated: false }, count: 2, me: true }]);
    const reactors = await w.caller(owner).social.reactors({ channelId, messageId: message.id, emoji: "👍" });
    expect(reactors.map((u) => u.username).sort()).toEqual(["rex", "ruth"]);

    await w.caller(member).social.unreact({ channelId, messageId: message.id, emoji: "👍" });
    const asOwner = await w.caller(owner).messages.get({ channelId, messageId: message.id });
    expect(asOwner.reactions).toEqual([{ emoji: { id: null, name: "👍", animated: false }, count: 1, me: true }]);
  });

  it("refuses without Add Reactions (50013), an unknown emoji (10014), and answers a hidden channel as not found", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("rosa", "rudy");
    const message = await w.caller(owner).messages.send({ channelId, content: "React to me" });
    expect(
      await refusal(w.caller(member).social.react({ channelId, messageId: message.id, emoji: "not an emoji" })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10014 } });

    await denyMember(channelId, owner, BigInt(member), Permission.AddReactions);
    expect(await w.caller(member).social.abilities({ channelId })).toMatchObject({ addReactions: false });
    expect(
      await refusal(w.caller(member).social.react({ channelId, messageId: message.id, emoji: "🎉" })),
    ).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });

    await denyMember(channelId, owner, BigInt(member), Permission.ViewChannel);
    expect(
      await refusal(w.caller(member).social.react({ channelId, messageId: message.id, emoji: "🎉" })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10003 } });
    expect(await refusal(w.caller(member).social.pins({ channelId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10003 },
    });
    expect(await refusal(w.caller(member).social.abilities({ channelId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10003 },
    });
  });
});

describe("social.pin and social.pins", () => {
  it("pins with Pin Messages: the pins list has it, and a 'pinned a message' system message points at it", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("pia", "pete");
    const message = await w.caller(member).messages.send({ channelId, content: "Meeting notes: Tuesday" });
    expect(await w.caller(owner).social.abilities({ channelId })).toEqual({
      addReactions: true,
      pinMessages: true,
      manageMessages: true,
    });
    await w.caller(owner).social.pin({ channelId, messageId: message.id });

    const pins = await w.caller(member).social.pins({ channelId });
    expect(pins.items.map((p) => p.message.id)).toEqual([message.id]);
    expect(pins.items[0]?.message.pinned).toBe(true);
    const page = await w.caller(member).messages.list({ channelId });
    const notice = page.messages.at(-1);
    expect(notice).toMatchObject({
      type: 6,
      content: "",
      author: { username: "pia" },
      reference: { messageId: message.id },
    });
    // The pinned author is not pinged by the notice.
    expect(notice?.mentions).toEqual([]);

    // Pinning again changes nothing: no second notice.
    await w.caller(owner).social.pin({ channelId, messageId: message.id });
    expect((await w.caller(member).messages.list({ channelId })).messages.filter((m) => m.type === 6)).toHaveLength(1);

    await w.caller(owner).social.unpin({ channelId, messageId: message.id });
    expect((await w.caller(member).social.pins({ channelId })).items).toEqual([]);
  });

  it("refuses pinning without Pin Messages as a typed error", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("paula", "paul");
    const message = await w.caller(owner).messages.send({ channelId, content: "pin me" });
    expect(await w.caller(member).social.abilities({ channelId })).toMatchObject({ pinMessages: false });
    expect(await refusal(w.caller(member).social.pin({ channelId, messageId: message.id }))).toMatchObject({
      code: "FORBIDDEN",
      data: { apiCode: 50013 },
    });
    expect(await refusal(w.caller(owner).social.pin({ channelId, messageId: "99999999" }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10008 },
    });
  });
});

describe("social.guildEmojis", () => {
  it("lists the guild's custom emoji to its members, and refuses strangers", async () => {
    const { member, guildId } = await w.guildOfTwo("emma", "eli");
    expect(await w.caller(member).social.guildEmojis({ guildId })).toEqual([]);
    const stranger = await w.signUp("stan");
    expect(await refusal(w.caller(stranger).social.guildEmojis({ guildId }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("live reactions and pins", () => {
  it("brings another person's reaction and a pin's system message to the tab", async () => {
    const { openLiveTab } = await import("./live-tab");
    const { owner, member, channelId } = await w.guildOfTwo("liv", "leo");
    const message = await w.caller(owner).messages.send({ channelId, content: "live?" });
    const tab = await openLiveTab((signal) => w.caller(owner, signal));
    await tab.ready();
    await w.caller(member).social.react({ channelId, messageId: message.id, emoji: "👍" });
    const added = await tab.until((f) => f.t === "MESSAGE_REACTION_ADD");
    expect(added).toMatchObject({
      d: { message_id: message.id, user_id: member.toString(), emoji: { id: null, name: "👍" } },
    });
    await w.caller(owner).social.pin({ channelId, messageId: message.id });
    await tab.until((f) => f.t === "MESSAGE_CREATE" && (f.d as { type?: number }).type === 6);
    await tab.until((f) => f.t === "CHANNEL_PINS_UPDATE");
    tab.close();
  });
});

describe("limits", () => {
  it("pinning and unpinning are held to 5 per 5 seconds per channel, reacting to 4 a second, as for bots", async () => {
    const { owner, channelId } = await w.guildOfTwo("lina", "lars");
    const message = await w.caller(owner).messages.send({ channelId, content: "pin me, again and again" });
    const me = w.caller(owner);
    for (let i = 0; i < 5; i++)
      await (i % 2 === 0
        ? me.social.pin({ channelId, messageId: message.id })
        : me.social.unpin({ channelId, messageId: message.id }));
    expect(await refusal(me.social.unpin({ channelId, messageId: message.id }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    const pinNotices = (await me.messages.list({ channelId })).messages.filter((m) => m.type === 6);
    expect(pinNotices).toHaveLength(3);

    const emoji = ["👍", "🎉", "🚀", "👀"];
    for (const e of emoji) await me.social.react({ channelId, messageId: message.id, emoji: e });
    expect(await refusal(me.social.react({ channelId, messageId: message.id, emoji: "😀" }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });
});
