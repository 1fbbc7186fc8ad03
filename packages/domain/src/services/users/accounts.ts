import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { serializeUser } from "../../serializers";
import type { OAuth2Service } from "../oauth2/oauth2";
import { removePictures } from "../pictures/pictures";
import { userSelect } from "../shared/selects";
import { disconnectVoice } from "../voice/voice-enforcement";
import type { WebSessionService } from "./web-sessions";

/** Password hashing lives in @chat/auth (argon2id); the caller hands it in. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** 50035 naming `currentPassword`, as the reference platform answers a wrong password on a change. */
const wrongCurrentPassword = () =>
  Errors.invalidForm({
    currentPassword: { _errors: [{ code: "PASSWORD_DOES_NOT_MATCH", message: "Password does not match." }] },
  });

/**
 * A person's account as a whole: password, suspension and deletion. Suspension and deletion
 * end every web session and revoke every login token the person gave to websites (state
 * table: Access token and refresh token).
 */
export class AccountService {
  constructor(
    private ctx: DomainContext,
    private oauth2: OAuth2Service,
    private webSessions: WebSessionService,
  ) {}

  /** The person can no longer sign in, every web session ends at once, websites lose their tokens and voice ends. */
  async suspend(userId: bigint) {
    const user = await this.person(userId);
    const ended = await this.ctx.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { suspendedAt: this.ctx.clock.now() } });
      return this.webSessions.endAllWithin(tx, user.id);
    });
    await this.webSessions.announceEnded(user.id, ended);
    await this.oauth2.revokeAllForUser(user.id);
    // Out of voice too; a join token issued before no longer gets them in (voice standing).
    await disconnectVoice(this.ctx, { userId: user.id });
    return user;
  }

  /**
   * Changes the password after checking the current one (a wrong one is 50035 naming
   * `currentPassword`); every other web session of the person ends, `keepSessionId` stays.
   * The new password's rules are the caller's (the same schema as sign-up).
   */
  async changePassword(
    userId: bigint,
    input: { currentPassword: string; newPassword: string; keepSessionId: string },
    passwords: PasswordHasher,
  ): Promise<{ endedSessions: number }> {
    const account = await this.ctx.db.user.findUnique({
      where: { id: userId },
      select: { bot: true, passwordHash: true },
    });
    if (!account || account.bot) throw Errors.unknownUser();
    const oldHash = account.passwordHash;
    if (!oldHash || !(await passwords.verify(oldHash, input.currentPassword))) throw wrongCurrentPassword();
    const newHash = await passwords.hash(input.newPassword);
    const ended = await this.ctx.db.$transaction(async (tx) => {
      // Compare-and-set: a change that raced this one and won makes the checked password stale.
      const changed = await tx.user.updateMany({
        where: { id: userId, passwordHash: oldHash },
        data: { passwordHash: newHash },
      });
      if (changed.count === 0) throw wrongCurrentPassword();
      return this.webSessions.endAllWithin(tx, userId, { except: input.keepSessionId });
    });
    await this.webSessions.announceEnded(userId, ended);
    return { endedSessions: ended.length };
  }

  /**
   * An operator sets a new password for someone who lost theirs (admin CLI): like a change,
   * but without the current one, and every web session of the person ends.
   */
  async resetPassword(userId: bigint, newPasswordHash: string): Promise<{ endedSessions: number }> {
    const user = await this.person(userId);
    const ended = await this.ctx.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { passwordHash: newPasswordHash } });
      return this.webSessions.endAllWithin(tx, user.id);
    });
    await this.webSessions.announceEnded(user.id, ended);
    return { endedSessions: ended.length };
  }

  /** Refuses (50035 on `currentPassword`) unless `password` is the person's own: asked again before deleting the account. */
  async confirmPassword(userId: bigint, password: string, passwords: PasswordHasher): Promise<void> {
    const account = await this.ctx.db.user.findUnique({
      where: { id: userId },
      select: { bot: true, passwordHash: true },
    });
    if (!account || account.bot) throw Errors.unknownUser();
    if (!account.passwordHash || !(await passwords.verify(account.passwordHash, password)))
      throw wrongCurrentPassword();
  }

  async unsuspend(userId: bigint) {
    const user = await this.person(userId);
    await this.ctx.db.user.update({ where: { id: user.id }, data: { suspendedAt: null } });
    return user;
  }

  /**
   * Deletes a person's account the way the reference platform does: their messages stay under
   * "Deleted User", they leave every guild, their login grants, codes and tokens go. Someone
   * who still owns guilds or applications must delete or hand them over first.
   */
  async delete(userId: bigint): Promise<void> {
    const user = await this.person(userId);
    const [ownedGuilds, ownedApps] = await Promise.all([
      this.ctx.db.guild.count({ where: { ownerId: user.id } }),
      this.ctx.db.application.count({ where: { ownerId: user.id } }),
    ]);
    if (ownedGuilds > 0 || ownedApps > 0)
      throw Errors.refused("Delete or hand over your guilds and applications before deleting your account.");
    await this.oauth2.revokeAllForUser(user.id);
    const memberships = await this.ctx.db.member.findMany({ where: { userId: user.id }, select: { guildId: true } });
    await disconnectVoice(this.ctx, { userId: user.id });
    const { gone, endedSessions } = await this.ctx.db.$transaction(async (tx) => {
      await tx.oAuthGrant.deleteMany({ where: { userId: user.id } });
      await tx.oAuthToken.deleteMany({ where: { userId: user.id } });
      await tx.oAuthCode.deleteMany({ where: { userId: user.id } });
      await tx.member.deleteMany({ where: { userId: user.id } });
      await removePictures(tx, { kind: "avatar", id: user.id });
      const endedSessions = await this.webSessions.endAllWithin(tx, user.id);
      const gone = await tx.user.update({
        where: { id: user.id },
        data: {
          username: `deleted_user_${user.id}`,
          globalName: "Deleted User",
          passwordHash: null,
          avatarHash: null,
          suspendedAt: this.ctx.clock.now(),
        },
        select: userSelect,
      });
      return { gone, endedSessions };
    });
    await this.webSessions.announceEnded(user.id, endedSessions);
    const wire = serializeUser(gone, this.ctx.urls);
    for (const { guildId } of memberships) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildMemberRemove,
        d: { guild_id: guildId.toString(), user: wire },
        guildId: guildId.toString(),
      });
    }
  }

  private async person(userId: bigint) {
    const user = await this.ctx.db.user.findUnique({
      where: { id: userId },
      select: { ...userSelect, suspendedAt: true },
    });
    if (!user || user.bot) throw Errors.unknownUser();
    return user;
  }
}
