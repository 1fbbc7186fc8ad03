import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { removePictures } from "../pictures/pictures";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { serializeUser } from "../../serializers";
import type { OAuth2Service } from "../oauth2/oauth2";
import { userSelect } from "../shared/selects";

/**
 * A person's account as a whole: suspension and deletion. Either one revokes every login
 * token the person gave to websites (state table: Access token and refresh token).
 */
export class AccountService {
  constructor(
    private ctx: DomainContext,
    private oauth2: OAuth2Service,
  ) {}

  /** The person can no longer sign in, the web app ends their session and websites lose their tokens. */
  async suspend(userId: bigint) {
    const user = await this.person(userId);
    await this.ctx.db.user.update({ where: { id: user.id }, data: { suspendedAt: this.ctx.clock.now() } });
    await this.oauth2.revokeAllForUser(user.id);
    return user;
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
    if (ownedGuilds > 0 || ownedApps > 0) throw Errors.refused("Delete or hand over your guilds and applications before deleting your account.");
    await this.oauth2.revokeAllForUser(user.id);
    const memberships = await this.ctx.db.member.findMany({ where: { userId: user.id }, select: { guildId: true } });
    const gone = await this.ctx.db.$transaction(async (tx) => {
      await tx.oAuthGrant.deleteMany({ where: { userId: user.id } });
      await tx.oAuthToken.deleteMany({ where: { userId: user.id } });
      await tx.oAuthCode.deleteMany({ where: { userId: user.id } });
      await tx.member.deleteMany({ where: { userId: user.id } });
      await removePictures(tx, { kind: "avatar", id: user.id });
      return tx.user.update({
        where: { id: user.id },
        data: { username: `deleted_user_${user.id}`, globalName: "Deleted User", passwordHash: null, avatarHash: null, suspendedAt: this.ctx.clock.now() },
        select: userSelect,
      });
    });
    const wire = serializeUser(gone, this.ctx.urls);
    for (const { guildId } of memberships) {
      await emit(this.ctx, { t: GatewayDispatchEvents.GuildMemberRemove, d: { guild_id: guildId.toString(), user: wire }, guildId: guildId.toString() });
    }
  }

  private async person(userId: bigint) {
    const user = await this.ctx.db.user.findUnique({ where: { id: userId }, select: { ...userSelect, suspendedAt: true } });
    if (!user || user.bot) throw Errors.unknownUser();
    return user;
  }
}
