import { publicProcedure, router } from "../trpc";

export const healthRouter = router({
  /**
   * One round trip to the database (`SELECT 1`), signed in or not: while the database is
   * unavailable the web app asks this every couple of seconds to learn when it is back. Fails
   * with SERVICE_UNAVAILABLE, as every procedure does, while it cannot be reached.
   */
  database: publicProcedure.query(async ({ ctx }) => {
    await ctx.domain.ctx.db.$queryRaw`SELECT 1`;
    return { reachable: true as const };
  }),
});
