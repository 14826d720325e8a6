// Icon sets -> the database: each call is one transaction (all of its sets or none), under the
// release write lock, so a set is replaced whole: readers see the old set or the new one.
import { eq } from 'drizzle-orm';
import semver from 'semver';
import type { BulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { ICON_SETS_SCOPE, recordChange } from '../../db/data-changes.ts';
import { first, type Database } from '../../db/database.ts';
import { asDatabase, type DatabaseHandle } from '../database-handle.ts';
import { releaseTransaction } from '../load.ts';
import type { PreparedIconSet } from './icon-set.ts';

/** What happened to one set. */
export type SetOutcome =
  | { prefix: string; status: 'added' | 'replaced'; version: string; icons: number; previous?: string }
  | { prefix: string; status: 'unchanged' | 'kept-newer' | 'held-by-font-awesome'; version: string; icons: number; previous: string };

/** The `source` of a set made from a Font Awesome release (seeds/iconify/font-awesome-sets.ts). */
export const FONT_AWESOME_SOURCE = /^font-awesome /;

export interface WriteOptions {
  /** Replace a set even with an older version (a newer one replaces it anyway). */
  replace?: boolean;
  /** Replace sets made from Font Awesome releases too (only the Font Awesome derivation does). */
  overFontAwesome?: boolean;
}

/**
 * Writes every set `sets` yields, in one transaction. `sets` is pulled inside it, one at a time,
 * so that a large import holds one set in memory; a set that fails validation undoes them all.
 */
export async function writeIconSets(handle: DatabaseHandle, sets: Iterable<PreparedIconSet>, options: WriteOptions = {}): Promise<SetOutcome[]> {
  const database = asDatabase(handle);
  return releaseTransaction(database, async (tx, insertAll) => {
    const outcomes: SetOutcome[] = [];
    for (const set of sets) outcomes.push(await writeSet(database, tx, insertAll, set, options));
    if (outcomes.some((o) => o.status === 'added' || o.status === 'replaced')) await recordChange(database, tx, ICON_SETS_SCOPE);
    return outcomes;
  });
}

async function writeSet(database: Database, tx: Db, insertAll: BulkInsert, set: PreparedIconSet, options: WriteOptions): Promise<SetOutcome> {
  const { t } = database;
  const existing = first(await tx.select({ id: t.iconifySets.id, version: t.iconifySets.version, source: t.iconifySets.source }).from(t.iconifySets).where(eq(t.iconifySets.prefix, set.prefix)));
  const kept = (status: 'unchanged' | 'kept-newer' | 'held-by-font-awesome'): SetOutcome => ({ prefix: set.prefix, status, version: set.version, icons: set.total, previous: existing!.version });
  if (existing) {
    if (FONT_AWESOME_SOURCE.test(existing.source) && !options.overFontAwesome) return kept('held-by-font-awesome');
    if (existing.source === set.source && existing.version === set.version && !options.replace) return kept('unchanged');
    const older = semver.valid(existing.version) && semver.valid(set.version) && semver.lt(set.version, existing.version);
    if (older && !options.replace) return kept('kept-newer');
    await tx.delete(t.iconifySets).where(eq(t.iconifySets.id, existing.id));
  }
  const [{ id }] = await insertAll(
    t.iconifySets,
    [{ prefix: set.prefix, version: set.version, source: set.source, lastModified: set.lastModified, info: set.info, defaults: set.defaults, listing: set.listing, chars: set.chars }],
    'prefix',
  );
  await insertAll(t.iconifyIcons, set.entries.map((entry) => ({ setId: id, ...entry })));
  return existing
    ? { prefix: set.prefix, status: 'replaced', version: set.version, icons: set.total, previous: existing.version }
    : { prefix: set.prefix, status: 'added', version: set.version, icons: set.total };
}

/** Removes sets by prefix; answers the prefixes that were loaded. */
export async function removeIconSets(handle: DatabaseHandle, prefixes: string[]): Promise<string[]> {
  const database = asDatabase(handle);
  const { t } = database;
  return releaseTransaction(database, async (tx) => {
    const removed: string[] = [];
    for (const prefix of prefixes) {
      if ((await tx.delete(t.iconifySets).where(eq(t.iconifySets.prefix, prefix)).returning({ id: t.iconifySets.id })).length > 0) removed.push(prefix);
    }
    if (removed.length > 0) await recordChange(database, tx, ICON_SETS_SCOPE);
    return removed;
  });
}

/** Each loaded set's source, by prefix (without reading their info). */
export async function setSources(handle: DatabaseHandle): Promise<Map<string, string>> {
  const { db, t } = asDatabase(handle);
  const rows = await db.select({ prefix: t.iconifySets.prefix, source: t.iconifySets.source }).from(t.iconifySets);
  return new Map(rows.map((row) => [row.prefix, row.source]));
}

export interface LoadedSet {
  prefix: string;
  version: string;
  source: string;
  name: string | null;
  total: number | null;
  license: string | null;
}

/** The loaded sets, by prefix. */
export async function listIconSets(handle: DatabaseHandle): Promise<LoadedSet[]> {
  const { db, t } = asDatabase(handle);
  const rows = await db.select({ prefix: t.iconifySets.prefix, version: t.iconifySets.version, source: t.iconifySets.source, info: t.iconifySets.info }).from(t.iconifySets);
  return rows
    .map(({ info, ...row }) => {
      const parsed = info ? (JSON.parse(info) as { name?: string; total?: number; license?: { spdx?: string; title?: string } }) : null;
      return { ...row, name: parsed?.name ?? null, total: parsed?.total ?? null, license: parsed?.license?.spdx ?? parsed?.license?.title ?? null };
    })
    .sort((a, b) => a.prefix.localeCompare(b.prefix));
}
