import { Permission } from "@chat/domain";
import { AuditLogEvent } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab } from "./live-tab";
import { refusal } from "./refusal";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`;
/** The smallest JPEG header the sniffer recognises. */
const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]).toString("base64")}`;

/** Gives `userId` a role holding `permissions`. */
async function grantRole(guildId: string, owner: bigint, userId: bigint, permissions: bigint) {
  const role = await w.domain.roles.create(owner, BigInt(guildId), {
    name: "Emoji keepers",
    permissions: permissions.toString(),
  });
  await w.domain.memberRoles.addRole(owner, BigInt(guildId), userId, BigInt(role.id));
}

const auditActions = async (guildId: string) =>
  (await w.database.prisma.auditLogEntry.findMany({ where: { guildId: BigInt(guildId) }, orderBy: { id: "asc" } })).map(
    (e) => e.actionType,
  );

describe("the guild settings' Emoji section", () => {
  it("uploads, renames and deletes a custom emoji; members' tabs get GUILD_EMOJIS_UPDATE each time; each change is in the audit log", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("emo_owner", "emo_member");
    const tab = await openLiveTab((signal) => w.caller(member, signal));
    await tab.ready();

    const uploaded = await w.caller(owner).emojis.upload({ guildId, name: "party_blob", image: PNG });
    expect((await tab.until((f) => f.t === "GUILD_EMOJIS_UPDATE")).d).toEqual({
      guild_id: guildId,
      emojis: [expect.objectContaining({ id: uploaded.id, name: "party_blob", animated: false })],
    });
    const settings = await w.caller(owner).emojis.forSettings({ guildId });
    expect(settings).toMatchObject({
      canManage: true,
      limitPerKind: 50,
      maxBytes: 256 * 1024,
      emojis: [{ id: uploaded.id, name: "party_blob", animated: false, creatorName: "emo_owner" }],
    });

    await w.caller(owner).emojis.rename({ guildId, emojiId: uploaded.id, name: "blob" });
    await tab.until(
      (f) => f.t === "GUILD_EMOJIS_UPDATE" && (f.d as { emojis: { name: string }[] }).emojis[0]?.name === "blob",
    );
    expect(await w.caller(member).social.guildEmojis({ guildId })).toEqual([
      { id: uploaded.id, name: "blob", animated: false },
    ]);

    await w.caller(owner).emojis.remove({ guildId, emojiId: uploaded.id });
    await tab.until((f) => f.t === "GUILD_EMOJIS_UPDATE" && (f.d as { emojis: unknown[] }).emojis.length === 0);
    expect(await w.caller(member).social.guildEmojis({ guildId })).toEqual([]);
    tab.close();

    const actions = await auditActions(guildId);
    expect(actions.filter((a) => a >= AuditLogEvent.EmojiCreate && a <= AuditLogEvent.EmojiDelete)).toEqual([
      AuditLogEvent.EmojiCreate,
      AuditLogEvent.EmojiUpdate,
      AuditLogEvent.EmojiDelete,
    ]);
  });

  it("refuses members without Manage Guild Expressions (50013) before saying whether the emoji exists; a role with it may manage", async () => {
    const { owner, member, guildId } = await w.guildOfTwo("emp_owner", "emp_member");
    const emoji = await w.caller(owner).emojis.upload({ guildId, name: "keep", image: PNG });
    expect((await w.caller(member).emojis.forSettings({ guildId })).canManage).toBe(false);
    for (const call of [
      w.caller(member).emojis.upload({ guildId, name: "mine", image: PNG }),
      w.caller(member).emojis.rename({ guildId, emojiId: emoji.id, name: "taken" }),
      w.caller(member).emojis.remove({ guildId, emojiId: emoji.id }),
      w.caller(member).emojis.remove({ guildId, emojiId: "123456789" }),
    ]) {
      expect(await refusal(call)).toMatchObject({ code: "FORBIDDEN", data: { apiCode: 50013 } });
    }
    expect((await w.caller(owner).emojis.forSettings({ guildId })).emojis.map((e) => e.name)).toEqual(["keep"]);

    await grantRole(guildId, owner, member, Permission.ManageGuildExpressions);
    await w.caller(member).emojis.rename({ guildId, emojiId: emoji.id, name: "kept" });
    expect((await w.caller(member).emojis.forSettings({ guildId })).canManage).toBe(true);
  });

  it("answers Unknown Emoji (10014) for an emoji of another guild and to strangers as if the guild did not exist", async () => {
    const a = await w.guildOfTwo("emu_a", "emu_a2");
    const b = await w.guildOfTwo("emu_b", "emu_b2");
    const foreign = await w.caller(b.owner).emojis.upload({ guildId: b.guildId, name: "theirs", image: PNG });
    expect(
      await refusal(w.caller(a.owner).emojis.rename({ guildId: a.guildId, emojiId: foreign.id, name: "ours" })),
    ).toMatchObject({ code: "NOT_FOUND", data: { apiCode: 10014 } });
    expect(await refusal(w.caller(a.owner).emojis.remove({ guildId: a.guildId, emojiId: foreign.id }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10014 },
    });
    expect(await refusal(w.caller(a.owner).emojis.forSettings({ guildId: b.guildId }))).toMatchObject({
      code: "NOT_FOUND",
      data: { apiCode: 10004 },
    });
    expect((await w.caller(b.owner).emojis.forSettings({ guildId: b.guildId })).emojis.map((e) => e.name)).toEqual([
      "theirs",
    ]);
  });

  it("refuses bad names and pictures with 50035 saying what is wrong, storing nothing", async () => {
    const { owner, guildId } = await w.guildOfTwo("emb_owner", "emb_member");
    const cases: [string, string, RegExp][] = [
      ["x", PNG, /between 2 and 32/],
      ["has space", PNG, /letters, numbers and underscores/],
      ["photo", JPEG, /PNG, GIF or WebP/],
      ["not_picture", `data:image/png;base64,${Buffer.from("hello").toString("base64")}`, /PNG, JPEG, GIF or WebP/],
      [
        "too_big",
        `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(256 * 1024)]).toString("base64")}`,
        /256 KB/,
      ],
    ];
    for (const [name, image, message] of cases) {
      const refused = await refusal(w.caller(owner).emojis.upload({ guildId, name, image }));
      expect(refused, name).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
      expect(JSON.stringify(refused.data), name).toMatch(message);
    }
    const kept = await w.caller(owner).emojis.upload({ guildId, name: "fine", image: PNG });
    expect(
      await refusal(w.caller(owner).emojis.rename({ guildId, emojiId: kept.id, name: "no-dashes" })),
    ).toMatchObject({ code: "BAD_REQUEST", data: { apiCode: 50035 } });
    expect((await w.caller(owner).emojis.forSettings({ guildId })).emojis.map((e) => e.name)).toEqual(["fine"]);
  });
});
