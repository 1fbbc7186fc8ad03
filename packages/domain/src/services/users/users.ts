import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { ApiError, Errors } from "../../errors";
import { serializeMember, serializeSelf, serializeUser } from "../../serializers";
import { type DecodedPicture, parseForm, zBotUserPatch, zPersonProfilePatch, zUsername } from "../../validation";
import { type PictureService, removePictures, replacePicture } from "../pictures/pictures";
import { isUniqueViolation } from "../shared/prisma-errors";
import { memberInclude, userSelect } from "../shared/selects";

/** 50035 naming `username`, the reference platform's answer for a name someone else has. */
const usernameTaken = () =>
  new ApiError(400, 50035, "Username is already taken.", {
    username: {
      _errors: [
        {
          code: "USERNAME_ALREADY_TAKEN",
          message: "Username is unavailable. Try adding numbers, letters, underscores _ , or periods.",
        },
      ],
    },
  });

export class UserService {
  constructor(
    private ctx: DomainContext,
    private pictures: PictureService,
  ) {}

  /** Sets the user's picture from image data, or removes it with null; the user's new `avatar` hash. */
  async setAvatar(userId: bigint, image: unknown): Promise<string | null> {
    await this.get(userId);
    const hash =
      image === null
        ? null
        : await this.pictures.replace({ kind: "avatar", id: userId }, this.pictures.decode(image, "avatar"));
    if (hash === null) await this.pictures.removeAll({ kind: "avatar", id: userId });
    await this.ctx.db.user.update({ where: { id: userId }, data: { avatarHash: hash } });
    return hash;
  }

  /** A person's account; `passwordHash` comes from @chat/auth (argon2id). */
  async createPerson(input: { username: unknown; passwordHash: string; globalName?: string | null }) {
    const username = parseForm(zUsername, input.username);
    try {
      return await this.ctx.db.user.create({
        data: { username, passwordHash: input.passwordHash, globalName: input.globalName ?? null },
        select: userSelect,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  async findByUsername(username: string) {
    return this.ctx.db.user.findUnique({
      where: { username },
      select: { ...userSelect, passwordHash: true, suspendedAt: true },
    });
  }

  async get(userId: bigint) {
    const user = await this.ctx.db.user.findUnique({ where: { id: userId }, select: userSelect });
    if (!user) throw Errors.unknownUser();
    return user;
  }

  async getWire(userId: bigint) {
    return serializeUser(await this.get(userId), this.ctx.urls);
  }

  /**
   * GET /users/{id}: the viewer itself or someone sharing a guild with it. Anyone else
   * answers Unknown User, exactly like an id that does not exist (rule 9).
   */
  async getForViewer(viewerId: bigint, userId: bigint) {
    if (viewerId !== userId) {
      const shared = await this.ctx.db.member.findFirst({
        where: { userId, guild: { members: { some: { userId: viewerId } } } },
        select: { guildId: true },
      });
      if (!shared) throw Errors.unknownUser();
    }
    return this.getWire(userId);
  }

  /**
   * PATCH /users/@me for a bot: `username` (also its display name and its application's
   * name) and `avatar` (image data, or null to remove it). A name someone else has, in any
   * case, is USERNAME_ALREADY_TAKEN. The bot gets USER_UPDATE; its guilds see
   * GUILD_MEMBER_UPDATE with the new name and picture.
   */
  async updateBot(botUserId: bigint, input: unknown) {
    const body = parseForm(zBotUserPatch, input ?? {});
    const current = await this.get(botUserId);
    const picture: DecodedPicture | null | undefined =
      body.avatar === undefined ? undefined : body.avatar === null ? null : this.pictures.decode(body.avatar, "avatar");
    const username = body.username !== undefined && body.username !== current.username ? body.username : undefined;
    if (username !== undefined) {
      const holder = await this.ctx.db.user.findFirst({
        where: { username: { equals: username, mode: "insensitive" }, id: { not: botUserId } },
        select: { id: true },
      });
      if (holder) throw usernameTaken();
    }
    let updated: Awaited<ReturnType<UserService["get"]>>;
    try {
      updated = await this.ctx.db.$transaction(async (tx) => {
        if (username !== undefined) await tx.application.updateMany({ where: { botUserId }, data: { name: username } });
        if (picture === null) await removePictures(tx, { kind: "avatar", id: botUserId });
        if (picture) await replacePicture(tx, { kind: "avatar", id: botUserId }, picture);
        return tx.user.update({
          where: { id: botUserId },
          data: {
            ...(username !== undefined ? { username, globalName: username } : {}),
            ...(picture !== undefined ? { avatarHash: picture?.hash ?? null } : {}),
          },
          select: userSelect,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
    const self = serializeSelf(updated, this.ctx.urls);
    if (username !== undefined || picture !== undefined) await this.announce(botUserId, self);
    return self;
  }

  /**
   * A person's own profile from the web app: `global_name` (1–32 characters; empty or null
   * clears it) and `avatar` (image data as bots give it, or null). The person's tabs and bots
   * hear USER_UPDATE; their guilds GUILD_MEMBER_UPDATE with the new name and picture.
   */
  async updatePerson(userId: bigint, input: unknown) {
    const body = parseForm(zPersonProfilePatch, input ?? {});
    const current = await this.get(userId);
    if (current.bot) throw Errors.unknownUser();
    const picture: DecodedPicture | null | undefined =
      body.avatar === undefined ? undefined : body.avatar === null ? null : this.pictures.decode(body.avatar, "avatar");
    const updated = await this.ctx.db.$transaction(async (tx) => {
      if (picture === null) await removePictures(tx, { kind: "avatar", id: userId });
      if (picture) await replacePicture(tx, { kind: "avatar", id: userId }, picture);
      return tx.user.update({
        where: { id: userId },
        data: {
          ...(body.global_name !== undefined ? { globalName: body.global_name } : {}),
          ...(picture !== undefined ? { avatarHash: picture?.hash ?? null } : {}),
        },
        select: userSelect,
      });
    });
    const self = serializeSelf(updated, this.ctx.urls);
    if (body.global_name !== undefined || picture !== undefined) await this.announce(userId, self);
    return self;
  }

  /** USER_UPDATE to the user, GUILD_MEMBER_UPDATE with the new name and picture to each of their guilds. */
  private async announce(userId: bigint, self: ReturnType<typeof serializeSelf>) {
    await emit(this.ctx, { t: GatewayDispatchEvents.UserUpdate, d: self, userIds: [userId.toString()] });
    const memberships = await this.ctx.db.member.findMany({ where: { userId }, include: memberInclude });
    for (const member of memberships) {
      const guildId = member.guildId.toString();
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildMemberUpdate,
        d: { ...serializeMember(member, this.ctx.urls), guild_id: guildId },
        guildId,
      });
    }
  }
}
