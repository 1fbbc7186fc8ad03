import type { RunningServer } from "../src/server";

/**
 * Tables left out of the snapshot, each with the reason. Only the migration runner's own
 * bookkeeping: every table of the Prisma schema is data a request could half-write. (Rate
 * limits and sessions live in memory or Redis, not in tables; sequences are no tables, and a
 * refused insert may use up an id without that being a write.)
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  _prisma_migrations: "the migration runner's record of applied migrations; no request writes it",
};

/** Per table: its row count and an md5 over its rows as text (in a fixed order). */
export type Snapshot = Map<string, string>;

/** Takes snapshots of every table of the schema in one statement. */
export async function snapshotter(server: RunningServer): Promise<{ tables: string[]; take(): Promise<Snapshot> }> {
  const prisma = server.ctx.database.prisma;
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const tables = rows.map((row) => row.name).filter((name) => !(name in EXCLUDED_TABLES));
  if (!tables.includes("Message") || !tables.includes("User"))
    throw new Error(`fuzz snapshot: the schema's tables were not found (${tables.join(", ")})`);
  const sql = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS print FROM "${name}" t`,
    )
    .join(" UNION ALL ");
  return {
    tables,
    async take() {
      const result = await prisma.$queryRawUnsafe<{ name: string; print: string }[]>(sql);
      return new Map(result.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose content differs, as `Table (rows before → after)`. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [name, print] of after) {
    const old = before.get(name);
    if (old !== print) changed.push(`${name} (rows ${old?.split(":")[0] ?? "?"} → ${print.split(":")[0]})`);
  }
  return changed;
}
