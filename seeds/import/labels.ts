// Releases whose package has no metadata (5.0.x-5.11.x, 6.0.0) carry no labels. The nearest later
// release that has metadata names the same id; failing that, the adapter title-cases the id.
import { inArray } from 'drizzle-orm';
import semver from 'semver';
import type { Db } from '../../db/client.ts';
import { icons, releases } from '../../db/schema.ts';

const hasMetadata = (source: string) => !/\((js|split)\)$/.test(source);

export function laterLabels(db: Db, version: string): (id: string) => string | undefined {
  const later = db
    .select({ id: releases.id, version: releases.version, source: releases.source })
    .from(releases)
    .all()
    .filter((r) => hasMetadata(r.source) && semver.gt(r.version, version))
    .sort((a, b) => semver.compare(a.version, b.version));
  const labels = new Map<string, string>();
  if (later.length > 0) {
    const rows = db
      .select({ releaseId: icons.releaseId, name: icons.name, label: icons.label })
      .from(icons)
      .where(inArray(icons.releaseId, later.map((r) => r.id)))
      .all();
    const rank = new Map(later.map((r, i) => [r.id, i]));
    // Nearest release first, so its label wins.
    rows.sort((a, b) => rank.get(a.releaseId)! - rank.get(b.releaseId)!);
    for (const row of rows) if (!labels.has(row.name)) labels.set(row.name, row.label);
  }
  return (id) => labels.get(id);
}

/** Whether a release's package carries metadata, judged by its version (font-awesome-data.md). */
export function versionHasMetadata(version: string): boolean {
  return semver.gte(version, '5.12.0') && version !== '6.0.0';
}

