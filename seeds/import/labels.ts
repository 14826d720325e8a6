// Releases whose package has no metadata (5.0.x-5.11.x, 6.0.0) carry no labels and no `changes`.
// The nearest later release that has metadata and names the same id knows both: its label, and its
// history cut to the versions at or before the release (font-awesome-data.md, "Shims and changes").
// Failing that, the adapter title-cases the id and leaves the history empty: nothing is invented.
import { sql } from 'drizzle-orm';
import semver from 'semver';
import type { Db } from '../../db/client.ts';
import { releases } from '../../db/schema.ts';

export interface LaterIcon {
  label: string;
  changes: string[];
}

/** Whether a loaded release came with metadata, judged by the source the adapter wrote. */
export const sourceHasMetadata = (source: string) => !/\((js|split)\)$/.test(source);

/** `changes` entries are versions, some short ("4.4") or pre-release ("6.0.0-beta1"). */
const asVersion = (entry: string) => semver.valid(entry) ?? semver.coerce(entry)?.version ?? null;

/** The part of an icon's history that had happened by release `version`. */
export function historyUpTo(changes: string[], version: string): string[] {
  return changes.filter((entry) => {
    const at = asVersion(entry);
    return at !== null && semver.lte(at, version);
  });
}

export function laterIcons(db: Db, version: string): (id: string) => LaterIcon | undefined {
  const later = db
    .select({ id: releases.id, version: releases.version, source: releases.source })
    .from(releases)
    .all()
    .filter((r) => sourceHasMetadata(r.source) && semver.gt(r.version, version))
    .sort((a, b) => semver.compare(a.version, b.version));
  const found = new Map<string, LaterIcon>();
  if (later.length > 0) {
    // Per id, the row of the nearest later release only: SQLite picks it, so the ~2,000 rows of each
    // of ~45 later releases are not all read out and parsed for each of ~30 such releases.
    const nearestFirst = sql.join(later.map((r, i) => sql`when ${r.id} then ${i}`), sql` `);
    const rows = db.all<{ name: string; label: string; changes: string }>(sql`
      select name, label, changes from (
        select name, label, changes, row_number() over (partition by name order by case release_id ${nearestFirst} end) as nearest
        from icons where release_id in ${later.map((r) => r.id)}
      ) where nearest = 1`);
    for (const row of rows) found.set(row.name, { label: row.label, changes: historyUpTo(JSON.parse(row.changes), version) });
  }
  return (id) => found.get(id);
}

/** Whether a release's package carries metadata, judged by its version (font-awesome-data.md). */
export function versionHasMetadata(version: string): boolean {
  return semver.gte(version, '5.12.0') && version !== '6.0.0';
}
