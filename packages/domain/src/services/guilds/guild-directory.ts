import type { DomainContext } from "../../context";

/** What the admin CLI lists of a guild: its owner and how many members it has. */
const directorySelect = {
  id: true,
  name: true,
  ownerId: true,
  createdAt: true,
  owner: { select: { username: true } },
  _count: { select: { members: true } },
} as const;

/** Every guild, for the operators (the admin CLI): found by name, oldest first. */
export class GuildDirectory {
  constructor(private ctx: DomainContext) {}

  /** Guilds whose name contains `query` (any case; empty: all), the first `limit` of them, and how many match. */
  async search(query: string | undefined, limit: number) {
    const where = query ? { name: { contains: query, mode: "insensitive" as const } } : {};
    const [total, guilds] = await Promise.all([
      this.ctx.db.guild.count({ where }),
      this.ctx.db.guild.findMany({ where, orderBy: { id: "asc" }, take: limit, select: directorySelect }),
    ]);
    return { total, guilds };
  }

  /** The guild's owner; null when there is no such guild. */
  async ownerOf(guildId: bigint): Promise<bigint | null> {
    const guild = await this.ctx.db.guild.findUnique({ where: { id: guildId }, select: { ownerId: true } });
    return guild?.ownerId ?? null;
  }
}
