import { Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

/** A text channel of the guild that only its owner sees (@everyone denied View Channel). */
async function hiddenChannel(guildId: string) {
  const hidden = await w.database.prisma.channel.create({
    data: { guildId: BigInt(guildId), type: 0, name: "staff", position: 9 },
  });
  await w.database.prisma.permissionOverwrite.create({
    data: { channelId: hidden.id, targetId: BigInt(guildId), type: 0, deny: Permission.ViewChannel },
  });
  return hidden.id.toString();
}

describe("threads router", () => {
  it("starts a thread from a message (one per message, 160004) and without one, and lists both as active", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("thea", "theo");
    const starter = await w.caller(member).messages.send({ channelId, content: "Plans for Friday?" });
    const fromMessage = await w
      .caller(member)
      .threads.createFromMessage({ channelId, messageId: starter.id, name: "Friday" });
    expect(fromMessage).toMatchObject({
      id: starter.id,
      parentId: channelId,
      name: "Friday",
      archived: false,
      ownerId: member.toString(),
    });
    const again = await refusal(
      w.caller(owner).threads.createFromMessage({ channelId, messageId: starter.id, name: "Friday too" }),
    );
    expect(again).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 160004 } });

    const loose = await w.caller(owner).threads.create({ channelId, name: "Ideas" });
    // The channel gets the "started a thread" system message.
    const history = await w.caller(member).messages.list({ channelId });
    expect(history.messages.at(-1)?.content).toBe("Ideas");

    const list = await w.caller(member).threads.list({ channelId });
    expect(list.active.map((t) => t.name)).toEqual(["Ideas", "Friday"]);
    expect(list.archived).toEqual([]);
    expect(list.joinedIds).toEqual([fromMessage.id]);
    expect(loose.ownerId).toBe(owner.toString());
  });

  it("joins and leaves a thread; get says whether the person is in it", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("jona", "jules");
    const thread = await w.caller(owner).threads.create({ channelId, name: "Hiking" });
    expect(await w.caller(member).threads.get({ threadId: thread.id })).toMatchObject({
      thread: { id: thread.id, memberCount: 1 },
      joined: false,
    });
    await w.caller(member).threads.join({ threadId: thread.id });
    expect(await w.caller(member).threads.get({ threadId: thread.id })).toMatchObject({
      thread: { memberCount: 2 },
      joined: true,
    });
    await w.caller(member).threads.leave({ threadId: thread.id });
    expect(await w.caller(member).threads.get({ threadId: thread.id })).toMatchObject({
      thread: { memberCount: 1 },
      joined: false,
    });
  });

  it("archives for the starter or Manage Messages only (50013 otherwise); anyone who can post unarchives, by the button or by posting", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("arch", "ivy");
    const ownersThread = await w.caller(owner).threads.create({ channelId, name: "Announcements" });
    const membersThread = await w.caller(member).threads.create({ channelId, name: "Snacks" });

    // Row "active → archived": not the starter and no Manage Messages.
    const refused = await refusal(w.caller(member).threads.setArchived({ threadId: ownersThread.id, archived: true }));
    expect(refused).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    // The starter may; so may the owner (Manage Messages) on someone else's thread.
    expect(await w.caller(member).threads.setArchived({ threadId: membersThread.id, archived: true })).toMatchObject({
      archived: true,
    });
    expect(await w.caller(owner).threads.setArchived({ threadId: ownersThread.id, archived: true })).toMatchObject({
      archived: true,
    });
    const listed = await w.caller(member).threads.list({ channelId });
    expect(listed.active).toEqual([]);
    expect(listed.archived.map((t) => t.name).sort()).toEqual(["Announcements", "Snacks"]);

    // Row "archived → active" by PATCH: the member can post there, though not the starter.
    expect(await w.caller(member).threads.setArchived({ threadId: ownersThread.id, archived: false })).toMatchObject({
      archived: false,
    });
    // Row "archived + a message is posted → active".
    await w.caller(owner).messages.send({ channelId: membersThread.id, content: "more crisps" });
    expect((await w.caller(member).threads.get({ threadId: membersThread.id })).thread).toMatchObject({
      archived: false,
      messageCount: 1,
    });
  });

  it("answers a hidden channel's threads and a thread of it as not found, and a channel that is not a thread as not found", async () => {
    const { owner, member, guildId, channelId } = await w.guildOfTwo("hidd", "hugo");
    const staff = await hiddenChannel(guildId);
    const secret = await w.caller(owner).threads.create({ channelId: staff, name: "Secret" });
    const calls: [string, () => Promise<unknown>][] = [
      ["list", () => w.caller(member).threads.list({ channelId: staff })],
      ["get", () => w.caller(member).threads.get({ threadId: secret.id })],
      ["join", () => w.caller(member).threads.join({ threadId: secret.id })],
      ["setArchived", () => w.caller(member).threads.setArchived({ threadId: secret.id, archived: true })],
      ["create", () => w.caller(member).threads.create({ channelId: staff, name: "Mine" })],
    ];
    for (const [name, call] of calls) {
      expect({ name, ...(await refusal(call())) }).toMatchObject({ name, code: "NOT_FOUND", data: { apiCode: 10003 } });
    }
    expect(await refusal(w.caller(member).threads.get({ threadId: channelId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10003 },
    });
  });

  it("refuses a thread name that is empty, with a message for the person", async () => {
    const { member, channelId } = await w.guildOfTwo("nam", "nell");
    const empty = await refusal(w.caller(member).threads.create({ channelId, name: "   " }));
    expect(empty).toMatchObject({ code: "BAD_REQUEST", data: { fieldErrors: { name: ["Give the thread a name."] } } });
  });

  it("delivers THREAD_CREATE and THREAD_UPDATE to another person's live stream", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("livia", "leon");
    const tab = await openLiveTab((signal) => w.caller(member, signal));
    await tab.ready();
    const thread = await w.caller(owner).threads.create({ channelId, name: "Live one" });
    await tab.until((f) => f.t === GatewayDispatchEvents.ThreadCreate && (f.d as { id: string }).id === thread.id);
    await w.caller(owner).threads.setArchived({ threadId: thread.id, archived: true });
    const update = await tab.until(
      (f) => f.t === GatewayDispatchEvents.ThreadUpdate && (f.d as { id: string }).id === thread.id,
    );
    expect((update.d as { thread_metadata: { archived: boolean } }).thread_metadata.archived).toBe(true);
    tab.close();
  });
});

describe("a pin inside an archived thread", () => {
  it("posts its notice but leaves the thread archived and makes the pinner no member (only a message posted reopens it)", async () => {
    const { owner, member, channelId } = await w.guildOfTwo("pia", "pete");
    const thread = await w.caller(member).threads.create({ channelId, name: "Old news" });
    const message = await w.caller(member).messages.send({ channelId: thread.id, content: "worth keeping" });
    await w.caller(member).threads.setArchived({ threadId: thread.id, archived: true });

    await w.caller(owner).social.pin({ channelId: thread.id, messageId: message.id });
    const after = await w.caller(owner).threads.get({ threadId: thread.id });
    expect(after).toMatchObject({ thread: { archived: true, memberCount: 1 }, joined: false });
    const notices = (await w.caller(owner).messages.list({ channelId: thread.id })).messages.filter(
      (m) => m.type === 6,
    );
    expect(notices).toHaveLength(1);
  });
});
