// Copies every table of a SQLite database into a migrated, empty PostgreSQL one, ids kept. The
// suite's PostgreSQL databases are built this way from what SQLite's synchronous loader wrote,
// once per set of releases (test/pg-test-databases.ts keeps them as templates).
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { PgDb } from '../db/client.pg.ts';
import * as pgTables from '../db/schema.pg.ts';
import * as sqliteTables from '../db/schema.ts';

/** PostgreSQL takes at most 65535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

export async function copyToPostgres(from: Db, to: PgDb): Promise<void> {
  const tables = (Object.entries(pgTables) as [string, unknown][]).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
  await to.transaction(async (tx) => {
    // Foreign keys are checked by triggers, which a replica session skips: tables copy in any order.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [name, table] of tables) {
      const rows = from.select().from(sqliteTables[name as keyof typeof sqliteTables] as never).all() as Record<string, unknown>[];
      if (rows.length === 0) continue;
      const batch = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length));
      for (let i = 0; i < rows.length; i += batch) await tx.insert(table).values(rows.slice(i, i + batch) as never);
    }
    // Identity columns hand out ids after the copied ones.
    for (const [, table] of tables) {
      const id = (table as unknown as { id?: { generatedIdentity?: unknown } }).id;
      if (!id?.generatedIdentity) continue;
      const name = getTableName(table);
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from ${name}), 0) + 1, false)`));
    }
  });
}
