// Releases whose package has no metadata (5.0.x-5.11.x, 6.0.0) carry no labels and no `changes`.
// The nearest later release that has metadata and names the same id knows both: its label, and its
// history cut to the versions at or before the release (font-awesome-data.md, "Shims and changes").
// Failing that, the adapter title-cases the id and leaves the history empty: nothing is invented.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import semver from 'semver';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/database.ts';
import { icons, releases } from '../../db/schema.ts';

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

export type LaterIconLookup = (id: string) => LaterIcon | undefined;

export function laterIcons(db: Db, version: string): LaterIconLookup {
  const later = db
    .select({ id: releases.id, version: releases.version, source: releases.source })
    .from(releases)
    .all()
    .filter((r) => sourceHasMetadata(r.source) && semver.gt(r.version, version))
    .sort((a, b) => semver.compare(a.version, b.version));
  if (later.length === 0) return () => undefined;
  const found = (row: { label: string; changes: string[] }): LaterIcon => ({ label: row.label, changes: historyUpTo(row.changes, version) });
  // Nearly every id is in the nearest later release: read that one release whole, and look up
  // the few others (icons it dropped) in the releases after it, one indexed query each.
  const nearest = db.select({ name: icons.name, label: icons.label, changes: icons.changes }).from(icons).where(eq(icons.releaseId, later[0].id)).all();
  const inNearest = new Map(nearest.map((row) => [row.name, row]));
  const further = later.slice(1).map((r) => r.id);
  const rank = new Map(further.map((id, i) => [id, i]));
  const inFurther = db
    .select({ releaseId: icons.releaseId, label: icons.label, changes: icons.changes })
    .from(icons)
    .where(and(eq(icons.name, sql.placeholder('name')), inArray(icons.releaseId, further)))
    .prepare();
  return (id) => {
    const row = inNearest.get(id);
    if (row) return found(row);
    if (further.length === 0) return undefined;
    const rows = inFurther.all({ name: id });
    if (rows.length === 0) return undefined;
    return found(rows.reduce((best, r) => (rank.get(r.releaseId)! < rank.get(best.releaseId)! ? r : best)));
  };
}

/** Whether a release's package carries metadata, judged by its version (font-awesome-data.md). */
export function versionHasMetadata(version: string): boolean {
  return semver.gte(version, '5.12.0') && version !== '6.0.0';
}

/**
 * laterIcons on either dialect (PostgreSQL has no synchronous reads): the nearest later release's
 * icons whole, and, of the releases after it, only the icons it dropped, read up front.
 */
export async function laterIconsOf(database: Database, version: string): Promise<LaterIconLookup> {
  if (database.sqlite) return laterIcons(database.sqlite, version);
  const { db, t } = database;
  const later = (await db.select({ id: t.releases.id, version: t.releases.version, source: t.releases.source }).from(t.releases))
    .filter((r) => sourceHasMetadata(r.source) && semver.gt(r.version, version))
    .sort((a, b) => semver.compare(a.version, b.version));
  if (later.length === 0) return () => undefined;
  const found = (row: { label: string; changes: string[] }): LaterIcon => ({ label: row.label, changes: historyUpTo(row.changes, version) });
  const nearest = await db.select({ name: t.icons.name, label: t.icons.label, changes: t.icons.changes }).from(t.icons).where(eq(t.icons.releaseId, later[0].id));
  const inNearest = new Map(nearest.map((row) => [row.name, row]));
  const further = later.slice(1).map((r) => r.id);
  const rank = new Map(further.map((id, i) => [id, i]));
  const inFurther = new Map<string, { releaseId: number; label: string; changes: string[] }>();
  if (further.length > 0) {
    const dropped = await db
      .select({ releaseId: t.icons.releaseId, name: t.icons.name, label: t.icons.label, changes: t.icons.changes })
      .from(t.icons)
      .where(and(inArray(t.icons.releaseId, further), notInArray(t.icons.name, db.select({ name: t.icons.name }).from(t.icons).where(eq(t.icons.releaseId, later[0].id)))));
    for (const row of dropped) {
      const best = inFurther.get(row.name);
      if (!best || rank.get(row.releaseId)! < rank.get(best.releaseId)!) inFurther.set(row.name, row);
    }
  }
  return (id) => {
    const row = inNearest.get(id) ?? inFurther.get(id);
    return row && found(row);
  };
}
