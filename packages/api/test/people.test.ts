import { Permission } from "@chat/domain";
import { GatewayDispatchEvents } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, STRONG_PASSWORD, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

/** A 1×1 PNG as image data. */
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("people.openDm and people.dms", () => {
  it("opens one DM with a guild-mate (the same channel both ways) and refuses a stranger, oneself and a bot alike", async () => {
    const { owner, member } = await w.guildOfTwo("dora", "dmitri");
    const stranger = await w.signUp("stella");
    const opened = await w.caller(owner).people.openDm({ userId: member.toString() });
    expect(opened.recipient).toMatchObject({ id: member.toString(), username: "dmitri", bot: false });
    const back = await w.caller(member).people.openDm({ userId: owner.toString() });
    expect(back.id).toBe(opened.id);

    const app = await w.domain.applications.create(owner, "Dm Bot");
    for (const userId of [stranger, owner, app.botUser.id, 999_999_999n]) {
      const refused = await refusal(w.caller(owner).people.openDm({ userId: userId.toString() }));
      expect(refused).toMatchObject({
        code: "FORBIDDEN",
        message: "Cannot send messages to this user",
        data: { apiCode: 50007 },
      });
    }
    expect((await w.caller(member).people.dms()).map((dm) => dm.recipient.username)).toEqual(["dora"]);
    expect(await w.caller(stranger).people.dms()).toEqual([]);
  });

  it("lists a bot's DM, newest activity first, and delivers the DM's messages live to the person only", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("hana", "hugo");
    const app = await w.domain.applications.create(owner, "Pager");
    await w.domain.members.addBot(
      owner,
      BigInt(guildId),
      app.application.id,
      Permission.ViewChannel | Permission.SendMessages,
    );
    await w.caller(member).people.openDm({ userId: owner.toString() });
    const hugoTab = await openLiveTab((signal) => w.caller(member, signal));
    const hanaTab = await openLiveTab((signal) => w.caller(owner, signal));
    await Promise.all([hugoTab.ready(), hanaTab.ready()]);

    const botDm = await w.domain.directMessages.open(app.botUser.id, { recipient_id: member.toString() });
    await w.domain.messages.create(BigInt(botDm.id), app.botUser.id, { content: "Your build passed" });
    const arrived = await hugoTab.until(
      (e) => e.t === GatewayDispatchEvents.MessageCreate && e.d.channel_id === botDm.id,
    );
    expect(arrived.d).toMatchObject({ content: "Your build passed" });

    const dms = await w.caller(member).people.dms();
    expect(dms.map((dm) => dm.recipient.displayName)).toEqual(["Pager", "hana"]);
    expect(dms[0]).toMatchObject({ id: botDm.id, recipient: { bot: true } });
    const states = await w.caller(member).readStates.list();
    expect(states.find((s) => s.channelId === botDm.id)).toMatchObject({
      guildId: null,
      lastReadId: null,
      mentionCount: 1,
    });
    expect(
      hanaTab.events().some((e) => e.t === GatewayDispatchEvents.MessageCreate && e.d.channel_id === botDm.id),
    ).toBe(false);
    hugoTab.close();
    hanaTab.close();
  });
});

describe("people.updateProfile", () => {
  it("sets and clears the display name within 1–32 characters; guild-mates hear the new name", async () => {
    const { owner, member } = await w.guildOfTwo("nora", "ned");
    const watcher = await openLiveTab((signal) => w.caller(owner, signal));
    await watcher.ready();
    const set = await w.caller(member).people.updateProfile({ globalName: "  Ned the Bold  " });
    expect(set).toMatchObject({ globalName: "Ned the Bold", displayName: "Ned the Bold", username: "ned" });
    const heard = await watcher.until(
      (e) => e.t === GatewayDispatchEvents.GuildMemberUpdate && e.d.user.id === member.toString(),
    );
    expect(heard.d).toMatchObject({ user: { global_name: "Ned the Bold" } });

    const long = await refusal(w.caller(member).people.updateProfile({ globalName: "x".repeat(33) }));
    expect(long).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { global_name: ["Must be between 1 and 32 in length."] } },
    });
    expect((await w.caller(member).people.me()).globalName).toBe("Ned the Bold");
    expect(await w.caller(member).people.updateProfile({ globalName: "" })).toMatchObject({
      globalName: null,
      displayName: "ned",
    });
    watcher.close();
  });

  it("stores a picture and refuses what is not a PNG, JPEG, GIF or WebP, or is over 1 MB, naming the avatar", async () => {
    const ann = await w.signUp("avery");
    const set = await w.caller(ann).people.updateProfile({ avatar: PNG });
    expect(set.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(await w.domain.cdnPictures.picture("avatar", ann, set.avatar as string)).toMatchObject({
      contentType: "image/png",
    });

    const text = await refusal(
      w
        .caller(ann)
        .people.updateProfile({ avatar: `data:image/png;base64,${Buffer.from("not a picture").toString("base64")}` }),
    );
    expect(text).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { avatar: [expect.stringContaining("PNG, JPEG, GIF or WebP")] } },
    });
    const big = Buffer.concat([Buffer.from(PNG.split(",")[1] as string, "base64"), Buffer.alloc(1024 * 1024)]);
    const tooBig = await refusal(
      w.caller(ann).people.updateProfile({ avatar: `data:image/png;base64,${big.toString("base64")}` }),
    );
    expect(tooBig).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { avatar: ["Must be 1024 KB or smaller."] } },
    });
    expect((await w.caller(ann).people.me()).avatar).toBe(set.avatar);

    expect((await w.caller(ann).people.updateProfile({ avatar: null })).avatar).toBeNull();
  });
});

describe("people.updateProfile limit", () => {
  it("allows 10 profile changes in 10 minutes, then refuses with when to try again", async () => {
    const ivy = await w.signUp("ivy");
    for (let i = 0; i < 10; i++) await w.caller(ivy).people.updateProfile({ globalName: `Ivy ${i}` });
    const refused = await refusal(w.caller(ivy).people.updateProfile({ globalName: "Ivy again" }));
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await w.caller(ivy).people.me()).globalName).toBe("Ivy 9");
  });
});

describe("people.deleteAccount", () => {
  it("needs the typed confirmation and the person's password, then ends every session and leaves the guild", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("olga", "otto");
    const wrong = await refusal(
      w.caller(member).people.deleteAccount({ confirmation: "delete it", password: STRONG_PASSWORD }),
    );
    expect(wrong).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { confirmation: ["Type DELETE to confirm."] } },
    });
    const wrongPassword = await refusal(
      w.caller(member).people.deleteAccount({ confirmation: "DELETE", password: "not my password" }),
    );
    expect(wrongPassword).toMatchObject({
      code: "BAD_REQUEST",
      data: { apiCode: 50035, fieldErrors: { currentPassword: ["Password does not match."] } },
    });
    expect((await w.caller(member).people.me()).username).toBe("otto");
    const session = await w.signIn(member);
    await expect(
      w.callerWith(session).people.deleteAccount({ confirmation: "DELETE", password: STRONG_PASSWORD }),
    ).resolves.toEqual({ deleted: true });
    await expect(w.callerWith(session).people.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const members = await w.caller(owner).guilds.members({ guildId });
    expect(members.map((m) => m.user.id)).toEqual([owner.toString()]);
  });

  it("is refused to someone who still owns a guild", async () => {
    const { owner } = await w.guildOfTwo("gus", "gia");
    const refused = await refusal(
      w.caller(owner).people.deleteAccount({ confirmation: "DELETE", password: STRONG_PASSWORD }),
    );
    expect(refused).toMatchObject({
      code: "BAD_REQUEST",
      message: "Delete or hand over your guilds and applications before deleting your account.",
    });
    expect((await w.caller(owner).people.me()).username).toBe("gus");
  });
});
