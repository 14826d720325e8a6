// `admin db check` on PostgreSQL: what can be wrong there is not a damaged file (the server keeps
// its own storage sound) but a server that does not answer, or a schema behind this version's.
import { readFileSync } from 'node:fs';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import * as pgTables from '../db/schema.pg.ts';

const journal = new URL('../db/migrations-pg/meta/_journal.json', import.meta.url);

/** Problems found on the database at `url` ([] when it answers and has every migration applied). */
export async function pgProblems(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    return [`cannot connect to DATABASE_URL: ${(error as Error).message}`];
  }
  try {
    const expected = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
    const { rows } = await client.query<{ n: string | null }>("select case when to_regclass('drizzle.__drizzle_migrations') is null then null else (select count(*) from drizzle.__drizzle_migrations) end as n");
    const applied = rows[0].n === null ? 0 : Number(rows[0].n);
    if (applied < expected) return [`${expected - applied} of ${expected} migrations not applied: start the server (or run any other admin command) to apply them`];
    if (applied > expected) return [`${applied} migrations applied, this version knows ${expected}: a newer version has migrated this database`];
    return [];
  } finally {
    await client.end();
  }
}

/** One line per table: its name and its rows. */
export async function pgRowCounts(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const lines: string[] = [];
    for (const table of Object.values(pgTables).map((t) => getTableName(t)).sort()) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
      lines.push(`${table}\t${rows[0].n}`);
    }
    return lines;
  } finally {
    await client.end();
  }
}
