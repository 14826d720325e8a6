// The data_changes log (db/schema.ts): writers record what they changed, in their own transaction;
// readers (every server process on the database) learn what changed since they last looked.
import { gt, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { first, prepared, type Database, type Tables } from './database.ts';

export const RELEASES_SCOPE = 'releases';
/** Open icon sets (the Iconify API's): added, replaced or removed. */
export const ICON_SETS_SCOPE = 'icon-sets';
export const accountScope = (accountId: number) => `account:${accountId}`;

/**
 * The PostgreSQL channel on which each recorded change's id is announced (at its commit): server
 * processes LISTEN on it (db/pg-change-listener.ts) instead of asking the table before each request.
 */
export const CHANGES_CHANNEL = 'iconmeta_data_changes';

/** Rows kept: a reader further behind than this (idle through that many changes) drops everything. */
const KEPT_CHANGES = 1000;

/** Any constant shared by every process: the key of the lock that orders recorded changes. */
const CHANGE_LOCK = 0x1c0_dc;

/** Records a change; call it inside the transaction that makes the change (`tx` is its handle). */
export async function recordChange(database: Database, tx: Db, scope: string): Promise<void> {
  const { t } = database;
  // The PostgreSQL-only statements below, on the transaction's handle (typed as SQLite's).
  const pgExecute = database.dialect === 'postgres' ? (query: SQL) => (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(query) : null;
  // PostgreSQL hands out ids at insert but makes them visible at commit, in any order: a reader
  // could see id 11 before 10 commits, and skip 10 for good. Writers of changes take turns until
  // their commit (a transaction-level lock), so ids become visible in order. SQLite has one writer.
  await pgExecute?.(sql`select pg_advisory_xact_lock(${CHANGE_LOCK})`);
  const { id } = first(await tx.insert(t.dataChanges).values({ scope }).returning({ id: t.dataChanges.id }))!;
  // Queued with the transaction: listeners hear it at commit, never of a change rolled back.
  await pgExecute?.(sql`select pg_notify(${CHANGES_CHANNEL}, ${String(id)})`);
  if (id % 100 === 0) await tx.delete(t.dataChanges).where(lte(t.dataChanges.id, id - KEPT_CHANGES));
}

export interface ChangesSince {
  /** The newest change id: pass it to the next call. */
  last: number;
  /** Scopes changed since the id asked about; null when older changes are no longer kept (assume all). */
  scopes: Set<string> | null;
}

/** The prepared statement's name for the newest change id (PostgreSQL's change listener polls it). */
export const NEWEST_CHANGE_STATEMENT = 'data_changes_newest';

export function createChangeReader(database: Database) {
  const { db, t } = database;
  const newest = prepared(database, NEWEST_CHANGE_STATEMENT, db.select({ id: max(t.dataChanges.id) }).from(t.dataChanges));
  const oldest = prepared(database, 'data_changes_oldest', db.select({ id: min(t.dataChanges.id) }).from(t.dataChanges));
  return {
    /** The newest change id (0 before the first change). */
    latest: async (): Promise<number> => first(await newest())?.id ?? 0,
    async since(after: number): Promise<ChangesSince> {
      const rows = await db.select().from(t.dataChanges).where(gt(t.dataChanges.id, after)).orderBy(t.dataChanges.id);
      if (rows.length === 0) return { last: after, scopes: new Set() };
      // A gap before the first row still kept means pruned rows: older changes are unknown. Gaps
      // after it are harmless (PostgreSQL skips the ids of rolled-back inserts; SQLite does not).
      const kept = first(await oldest())?.id ?? 0;
      const missed = kept > after + 1;
      return { last: rows.at(-1)!.id, scopes: missed ? null : new Set(rows.map((row) => row.scope)) };
    },
  };
}
