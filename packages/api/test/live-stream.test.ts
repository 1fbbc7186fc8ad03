import { Permission } from "@chat/domain";
import { READ_STATE_UPDATE } from "@chat/events";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEventFrame } from "../src/routers/live";
import { content, openLiveTab, quiet } from "./live-tab";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

let people = 0;
async function person(name: string): Promise<bigint> {
  const user = await w.domain.users.createPerson({ username: `${name}_${++people}`, passwordHash: "not-a-login" });
  return user.id;
}

/** One browser tab of the person's, reading `live.stream`. */
const openTab = (userId: bigint, lastEventId: string | null = null) =>
  openLiveTab((signal) => w.caller(userId, signal), lastEventId);

describe("a person's live stream", () => {
  it("opens with the person's guilds and carries every guild's messages the person can view", async () => {
    const owner = await person("owner");
    const member = await person("member");
    const guild = await w.domain.guilds.create(owner, "Live guild");
    const other = await w.domain.guilds.create(owner, "Second guild");
    await w.domain.members.addPerson(guild.id, member);
    await w.domain.members.addPerson(other.id, member);
    const text = guild.channels.find((c) => c.type === 0)!;
    const otherText = other.channels.find((c) => c.type === 0)!;
    const hidden = await w.database.prisma.channel.create({
      data: { guildId: guild.id, type: 0, name: "staff", position: 9 },
    });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: hidden.id, targetId: guild.id, type: 0, deny: Permission.ViewChannel },
    });

    const tab = await openTab(member);
    expect(await tab.ready()).toMatchObject({
      kind: "ready",
      resumed: false,
      reason: "new",
      guildIds: expect.arrayContaining([guild.id.toString(), other.id.toString()]),
    });
    await w.domain.messages.create(hidden.id, owner, { content: "staff only" });
    await w.domain.messages.create(text.id, owner, { content: "in the first guild" });
    await w.domain.messages.create(otherText.id, owner, { content: "in the second guild" });
    await tab.until((f) => content(f) === "in the second guild");
    expect(
      tab
        .events()
        .filter((f) => f.t === GatewayDispatchEvents.MessageCreate)
        .map(content),
    ).toEqual(["in the first guild", "in the second guild"]);
    tab.close();
  });

  it("delivers an event addressed to one person to every tab of that person and to no tab of anyone else", async () => {
    const owner = await person("addressed");
    const bystander = await person("bystander");
    const guild = await w.domain.guilds.create(owner, "Addressed");
    await w.domain.members.addPerson(guild.id, bystander);
    const [first, second, theirs] = [await openTab(owner), await openTab(owner), await openTab(bystander)];
    await Promise.all([first.ready(), second.ready(), theirs.ready()]);
    const channel = guild.channels.find((c) => c.type === 0)!;
    // Renamed without an event, then announced to the owner alone.
    await w.database.prisma.channel.update({ where: { id: channel.id }, data: { name: "only-for-the-owner" } });
    await w.bus.publish({
      t: GatewayDispatchEvents.ChannelUpdate,
      d: await w.domain.channels.get(channel.id, owner),
      guildId: guild.id.toString(),
      userIds: [owner.toString()],
    });
    await first.until((f) => (f.d as { name?: string }).name === "only-for-the-owner");
    await second.until((f) => (f.d as { name?: string }).name === "only-for-the-owner");
    await quiet();
    expect(theirs.events().some((f) => (f.d as { name?: string }).name === "only-for-the-owner")).toBe(false);
    for (const tab of [first, second, theirs]) tab.close();
  });

  it("stops a kicked person's guild events at the kick, which it delivers as GUILD_DELETE", async () => {
    const owner = await person("kicker");
    const kicked = await person("kicked");
    const guild = await w.domain.guilds.create(owner, "Kicking");
    await w.domain.members.addPerson(guild.id, kicked);
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tab = await openTab(kicked);
    await tab.ready();
    await w.domain.members.kick(owner, guild.id, kicked);
    await tab.until((f) => f.t === GatewayDispatchEvents.GuildDelete);
    await w.domain.messages.create(channel.id, owner, { content: "after the kick" });
    await quiet();
    expect(tab.events().map(content)).not.toContain("after the kick");
    tab.close();
  });

  it("tells a person removed from a guild (kick, ban) apart from one whose guild was deleted", async () => {
    const owner = await person("decider");
    const [kicked, banned, stayed] = [await person("kicked"), await person("banned"), await person("stayed")];
    const guild = await w.domain.guilds.create(owner, "Shrinking");
    for (const member of [kicked, banned, stayed]) await w.domain.members.addPerson(guild.id, member);
    const tabs = { kicked: await openTab(kicked), banned: await openTab(banned), stayed: await openTab(stayed) };
    await Promise.all(Object.values(tabs).map((tab) => tab.ready()));
    const guildDelete = (f: LiveEventFrame) => f.t === GatewayDispatchEvents.GuildDelete;

    await w.domain.members.kick(owner, guild.id, kicked);
    await w.domain.bans.ban(owner, guild.id, banned, {});
    expect(await tabs.kicked.until(guildDelete)).toMatchObject({ d: { id: guild.id.toString() }, guildDeleted: false });
    expect(await tabs.banned.until(guildDelete)).toMatchObject({ d: { id: guild.id.toString() }, guildDeleted: false });
    await w.domain.guildSettings.remove(owner, guild.id);
    expect(await tabs.stayed.until(guildDelete)).toMatchObject({ d: { id: guild.id.toString() }, guildDeleted: true });
    for (const tab of Object.values(tabs)) tab.close();
  });

  it("gives a person who joins a guild its GUILD_CREATE on the tabs they already have open, and from then on its messages", async () => {
    const owner = await person("welcomer");
    const newcomer = await person("newcomer");
    const guild = await w.domain.guilds.create(owner, "Joining");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tab = await openTab(newcomer);
    expect((await tab.ready()).guildIds).not.toContain(guild.id.toString());

    const invite = await w.domain.invites.create(channel.id, owner, {});
    await w.domain.invites.accept(newcomer, invite.code);
    const created = await tab.until((f) => f.t === GatewayDispatchEvents.GuildCreate);
    expect(created.d).toMatchObject({ id: guild.id.toString(), name: "Joining" });
    await w.domain.messages.create(channel.id, owner, { content: "welcome aboard" });
    await tab.until((f) => f.t === GatewayDispatchEvents.MessageCreate && content(f) === "welcome aboard");
    tab.close();
  });

  it("replays edits, deletions and renames made while a tab was away, after its last cursor", async () => {
    const owner = await person("resumer");
    const guild = await w.domain.guilds.create(owner, "Resuming");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const kept = await w.domain.messages.create(channel.id, owner, { content: "will be edited" });
    const gone = await w.domain.messages.create(channel.id, owner, { content: "will be deleted" });
    const tab = await openTab(owner);
    await tab.ready();
    await w.domain.messages.create(channel.id, owner, { content: "seen live" });
    // The author's read state follows their message: the last event before the tab goes away.
    await tab.until((f) => f.t === READ_STATE_UPDATE);
    const cursor = tab.lastCursor();
    tab.close();

    await w.domain.messages.edit(channel.id, BigInt(kept.id), owner, { content: "edited while away" });
    await w.domain.messages.delete(channel.id, BigInt(gone.id), owner);
    await w.domain.channels.update(channel.id, owner, { name: "renamed-while-away" });

    const back = await openTab(owner, cursor);
    expect(await back.ready()).toMatchObject({ resumed: true });
    await back.until((f) => f.t === GatewayDispatchEvents.ChannelUpdate);
    expect(back.events().map((f) => f.t)).toEqual([
      GatewayDispatchEvents.MessageUpdate,
      GatewayDispatchEvents.MessageDelete,
      GatewayDispatchEvents.ChannelUpdate,
    ]);
    back.close();

    const stale = await openTab(owner, "not-a-known-cursor");
    expect(await stale.ready()).toMatchObject({ resumed: false, reason: "too-old" });
    stale.close();
  });

  /** A tab of the person's that saw one event (their own message at home), then went away: its cursor. */
  async function cursorOfTabGoneAway(userId: bigint): Promise<string> {
    const home = await w.domain.guilds.create(userId, "Home");
    const tab = await openTab(userId);
    await tab.ready();
    await w.domain.messages.create(home.channels.find((c) => c.type === 0)!.id, userId, { content: "at home" });
    await tab.until((f) => f.t === READ_STATE_UPDATE);
    const cursor = tab.lastCursor();
    tab.close();
    expect(cursor).toBeTruthy();
    return cursor as string;
  }

  it("replays to a tab that joined a guild while away only what came after the join: never a message posted and deleted before it", async () => {
    const poster = await person("poster");
    const joiner = await person("joiner");
    const guild = await w.domain.guilds.create(poster, "Before my time");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const cursor = await cursorOfTabGoneAway(joiner);

    const secret = await w.domain.messages.create(channel.id, poster, { content: "said and deleted before the join" });
    await w.domain.messages.delete(channel.id, BigInt(secret.id), poster);
    await w.domain.messages.create(channel.id, poster, { content: "kept, from before the join" });
    await w.domain.invites.accept(joiner, (await w.domain.invites.create(channel.id, poster, {})).code);
    await w.domain.messages.create(channel.id, poster, { content: "after the join" });

    const back = await openTab(joiner, cursor);
    expect(await back.ready()).toMatchObject({
      resumed: true,
      guildIds: expect.arrayContaining([guild.id.toString()]),
    });
    await back.until((f) => content(f) === "after the join");
    await quiet();
    const inGuild = back
      .events()
      .filter(
        (f) =>
          (f.d as { guild_id?: string; id?: string }).guild_id === guild.id.toString() ||
          (f.d as { id?: string }).id === guild.id.toString(),
      );
    expect(inGuild.map((f) => f.t)).toEqual([
      GatewayDispatchEvents.GuildCreate,
      GatewayDispatchEvents.GuildMemberAdd,
      GatewayDispatchEvents.MessageCreate,
    ]);
    expect(back.events().map(content)).not.toContain("said and deleted before the join");
    expect(back.events().some((f) => (f.d as { id?: string }).id === secret.id)).toBe(false);
    back.close();
  });

  it("gives a tab removed from a guild while away its GUILD_DELETE, and nothing said there after", async () => {
    const owner = await person("remover");
    const removed = await person("removed");
    const guild = await w.domain.guilds.create(owner, "Left behind");
    await w.domain.members.addPerson(guild.id, removed);
    const channel = guild.channels.find((c) => c.type === 0)!;
    const cursor = await cursorOfTabGoneAway(removed);

    await w.domain.messages.create(channel.id, owner, { content: "before the kick" });
    await w.domain.members.kick(owner, guild.id, removed);
    await w.domain.messages.create(channel.id, owner, { content: "after the kick" });

    const back = await openTab(removed, cursor);
    expect(await back.ready()).toMatchObject({ resumed: true });
    expect(await back.until((f) => f.t === GatewayDispatchEvents.GuildDelete)).toMatchObject({
      d: { id: guild.id.toString() },
      guildDeleted: false,
    });
    await quiet();
    expect(back.events().map(content)).not.toContain("after the kick");
    back.close();
  });

  it("does not resume a tab a channel was revealed to while away (a role given, an overwrite): it loads everything again", async () => {
    const owner = await person("revealer");
    const member = await person("shown");
    const guild = await w.domain.guilds.create(owner, "Revealing");
    await w.domain.members.addPerson(guild.id, member);
    const hidden = async (name: string) => {
      const channel = await w.database.prisma.channel.create({
        data: { guildId: guild.id, type: 0, name, position: 9 },
      });
      await w.database.prisma.permissionOverwrite.create({
        data: { channelId: channel.id, targetId: guild.id, type: 0, deny: Permission.ViewChannel },
      });
      return channel;
    };
    const staff = await hidden("staff");
    const role = await w.domain.roles.create(owner, guild.id, { name: "Staff" });
    await w.database.prisma.permissionOverwrite.create({
      data: { channelId: staff.id, targetId: BigInt(role.id), type: 0, allow: Permission.ViewChannel },
    });

    const byRole = await cursorOfTabGoneAway(member);
    const before = await w.domain.messages.create(staff.id, owner, { content: "staff only, before the role" });
    await w.domain.messages.delete(staff.id, BigInt(before.id), owner);
    await w.domain.memberRoles.addRole(owner, guild.id, member, BigInt(role.id));
    const back = await openTab(member, byRole);
    expect(await back.ready()).toMatchObject({ resumed: false, reason: "access-changed" });
    await w.domain.messages.create(staff.id, owner, { content: "staff, live" });
    await back.until((f) => content(f) === "staff, live");
    expect(back.events().map(content)).not.toContain("staff only, before the role");
    back.close();

    const board = await hidden("board");
    const byOverwrite = await cursorOfTabGoneAway(member);
    await w.domain.messages.create(board.id, owner, { content: "board only, before the overwrite" });
    await w.domain.channelOverwrites.put(board.id, member, owner, {
      type: 1,
      allow: Permission.ViewChannel.toString(),
      deny: "0",
    });
    const again = await openTab(member, byOverwrite);
    expect(await again.ready()).toMatchObject({ resumed: false, reason: "access-changed" });
    await quiet();
    expect(again.events().map(content)).not.toContain("board only, before the overwrite");
    again.close();
  });

  it("shows a person typing to the others who can view the channel, under the typing limit", async () => {
    const owner = await person("typist");
    const reader = await person("watcher");
    const guild = await w.domain.guilds.create(owner, "Typing");
    await w.domain.members.addPerson(guild.id, reader);
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tab = await openTab(reader);
    await tab.ready();
    await w.caller(owner).messages.typing({ channelId: channel.id.toString() });
    const typing = await tab.until((f) => f.t === GatewayDispatchEvents.TypingStart);
    expect(typing.d).toMatchObject({
      channel_id: channel.id.toString(),
      user_id: owner.toString(),
      guild_id: guild.id.toString(),
    });
    for (let i = 0; i < 4; i++) await w.caller(owner).messages.typing({ channelId: channel.id.toString() });
    await expect(w.caller(owner).messages.typing({ channelId: channel.id.toString() })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    tab.close();
  });

  it("ends every open stream as an interrupted connection when the process drains, so each tab reconnects and resumes", async () => {
    const owner = await person("draining");
    const guild = await w.domain.guilds.create(owner, "Draining");
    const channel = guild.channels.find((c) => c.type === 0)!;
    const tabs = [await openTab(owner), await openTab(owner)];
    await Promise.all(tabs.map((tab) => tab.ready()));
    await w.domain.messages.create(channel.id, owner, { content: "before draining" });
    await tabs[1].until((f) => content(f) === "before draining");
    const cursor = tabs[1].lastCursor();

    w.live.endAll();
    for (const tab of tabs) expect(((await tab.ended).error as Error).name).toBe("AbortError");
    await w.domain.messages.create(channel.id, owner, { content: "while reconnecting" });
    const resumed = await openTab(owner, cursor);
    expect(await resumed.ready()).toMatchObject({ resumed: true });
    await resumed.until((f) => content(f) === "while reconnecting");
    resumed.close();
  });

  it("ends with UNAUTHORIZED as soon as the tab's web session ends", async () => {
    const owner = await person("signed_out");
    const session = await w.signIn(owner);
    const stream = await w.callerWith(session, new AbortController().signal).live.stream({});
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ kind: "ready" });
    const ended = iterator.next().then(
      () => "still open",
      (error: { code?: string }) => error.code,
    );
    await w.domain.webSessions.endAll(owner);
    expect(await ended).toBe("UNAUTHORIZED");
  });
});
