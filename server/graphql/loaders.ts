// Per-request DataLoaders: every per-icon field of a list of icons costs one statement in all.
import DataLoader from 'dataloader';
import type { IconsRepo } from '../icons/icons.repo.ts';
import type { UploadRow } from '../kits/kits.repo.ts';
import type { KitsService } from '../kits/kits.service.ts';
import type { ReleasesRepo } from '../releases/releases.repo.ts';

type SvgRow = ReturnType<IconsRepo['svgs']>[number];
type ShimRow = ReturnType<ReleasesRepo['shims']>[number];

/** Loads rows for a batch of icon row ids with one range scan, keeping those asked for. */
function byRange<Row, Value>(load: (first: number, last: number) => Row[], idOf: (row: Row) => number, reduce: (rows: Row[]) => Value) {
  return new DataLoader<number, Value>(async (ids) => {
    const grouped = new Map<number, Row[]>(ids.map((id) => [id, []]));
    for (const row of load(Math.min(...ids), Math.max(...ids))) grouped.get(idOf(row))?.push(row);
    return ids.map((id) => reduce(grouped.get(id)!));
  }, { maxBatchSize: 5000 });
}

export function createLoaders(icons: IconsRepo, releases: ReleasesRepo, kits: KitsService) {
  return {
    uploads: new DataLoader<number, UploadRow[]>(async (kitIds) => {
      const rows = kits.uploads([...kitIds]);
      return kitIds.map((id) => rows.filter((row) => row.kitId === id));
    }),
    changes: byRange(icons.changes, (r) => r.id, (rows) => rows[0]?.changes ?? []),
    svgs: byRange<SvgRow, SvgRow[]>(icons.svgs, (r) => r.iconId, (rows) => rows),
    /** Font Awesome 4 shims of a release, by the name of the icon they map to. */
    shimsByTarget: new DataLoader<number, Map<string, ShimRow>>(async (releaseIds) =>
      releaseIds.map((releaseId) => {
        const byTarget = new Map<string, ShimRow>();
        for (const shim of releases.shims(releaseId)) {
          const target = shim.name ?? shim.oldName;
          if (!byTarget.has(target)) byTarget.set(target, shim);
        }
        return byTarget;
      }),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
