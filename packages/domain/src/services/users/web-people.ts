import type { DomainContext } from "../../context";
import { serializeMember } from "../../serializers";
import { guildAccess } from "../shared/access";
import { memberInclude } from "../shared/selects";

/** Use-cases only the people's web app needs: a guild's member list (sessions: web-sessions.ts). */
export class WebPeopleService {
  constructor(private ctx: DomainContext) {}

  /** Every member of a guild the caller belongs to (Unknown Guild otherwise), bots included. */
  async guildMembers(guildId: bigint, userId: bigint) {
    await guildAccess(this.ctx, guildId, userId);
    const members = await this.ctx.db.member.findMany({
      where: { guildId },
      include: memberInclude,
      orderBy: { userId: "asc" },
      take: 1000,
    });
    return members.map((m) => serializeMember(m, this.ctx.urls));
  }
}
