import type { DomainContext } from "../../context";

/** What the admin CLI lists of an account. */
const directorySelect = {
  id: true,
  username: true,
  globalName: true,
  bot: true,
  suspendedAt: true,
  createdAt: true,
} as const;

/** Every account, for the operators (the admin CLI): found by name, oldest first. */
export class UserDirectory {
  constructor(private ctx: DomainContext) {}

  /** People and bots whose username or display name contains `query` (any case; empty: everyone), the first `limit` of them, and how many match. */
  async search(query: string | undefined, limit: number) {
    const where = query
      ? {
          OR: [
            { username: { contains: query, mode: "insensitive" as const } },
            { globalName: { contains: query, mode: "insensitive" as const } },
          ],
        }
      : {};
    const [total, users] = await Promise.all([
      this.ctx.db.user.count({ where }),
      this.ctx.db.user.findMany({ where, orderBy: { id: "asc" }, take: limit, select: directorySelect }),
    ]);
    return { total, users };
  }
}
