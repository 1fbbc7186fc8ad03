import type { DomainContext } from "../context";
import { ApiError, Errors } from "../errors";
import { serializeUser } from "../serializers";
import { parseForm, zUsername } from "../validation";
import type { PictureService } from "./pictures";
import { isUniqueViolation } from "./prisma-errors";
import { userSelect } from "./selects";

export class UserService {
  constructor(
    private ctx: DomainContext,
    private pictures: PictureService,
  ) {}

  /** Sets the user's picture from image data, or removes it with null; the user's new `avatar` hash. */
  async setAvatar(userId: bigint, image: unknown): Promise<string | null> {
    await this.get(userId);
    const hash = image === null ? null : await this.pictures.replace(userId, this.pictures.decode(image, "avatar"));
    if (hash === null) await this.pictures.removeAll(userId);
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
      if (isUniqueViolation(error)) {
        throw new ApiError(400, 50035, "Username is already taken.", {
          username: { _errors: [{ code: "USERNAME_ALREADY_TAKEN", message: "Username is unavailable. Try adding numbers, letters, underscores _ , or periods." }] },
        });
      }
      throw error;
    }
  }

  async findByUsername(username: string) {
    return this.ctx.db.user.findUnique({ where: { username }, select: { ...userSelect, passwordHash: true, suspendedAt: true } });
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
}
