// The data_changes log (db/schema.ts): writers record what they changed, in their own transaction;
// readers (every server process on the file) learn what changed since they last looked.
import { gt, lte, max, min } from 'drizzle-orm';
import type { Db } from './client.ts';
import { dataChanges } from './schema.ts';

export const RELEASES_SCOPE = 'releases';
export const accountScope = (accountId: number) => `account:${accountId}`;

/** Rows kept: a reader further behind than this (idle through that many changes) drops everything. */
const KEPT_CHANGES = 1000;

/** Records a change; call it inside the transaction that makes the change. */
export function recordChange(db: Db, scope: string): void {
  const { id } = db.insert(dataChanges).values({ scope }).returning({ id: dataChanges.id }).get();
  if (id % 100 === 0) db.delete(dataChanges).where(lte(dataChanges.id, id - KEPT_CHANGES)).run();
}

export interface ChangesSince {
  /** The newest change id: pass it to the next call. */
  last: number;
  /** Scopes changed since the id asked about; null when older changes are no longer kept (assume all). */
  scopes: Set<string> | null;
}

export function createChangeReader(db: Db) {
  const newest = db.select({ id: max(dataChanges.id) }).from(dataChanges).prepare();
  const oldest = db.select({ id: min(dataChanges.id) }).from(dataChanges).prepare();
  return {
    /** The newest change id (0 before the first change). */
    latest: async (): Promise<number> => newest.get()?.id ?? 0,
    async since(after: number): Promise<ChangesSince> {
      const rows = db.select().from(dataChanges).where(gt(dataChanges.id, after)).all();
      if (rows.length === 0) return { last: after, scopes: new Set() };
      // Ids are consecutive (AUTOINCREMENT; rolled-back rows take no id): a gap means pruned rows.
      const first = oldest.get()?.id ?? 0;
      const missed = first > after + 1;
      return { last: rows.at(-1)!.id, scopes: missed ? null : new Set(rows.map((row) => row.scope)) };
    },
  };
}
