// Per-request DataLoaders: every per-icon field of a list of icons costs one statement in all.
import DataLoader from 'dataloader';
import type { Aliases } from '../icons/icons.service.ts';
import type { IconsRepo } from '../icons/icons.repo.ts';
import type { SubsetRow, UploadRow } from '../kits/kits.repo.ts';
import type { KitsService } from '../kits/kits.service.ts';
import type { ResolvedSubset } from '../kits/subsets.ts';
import type { SvgRow } from '../kits/variants.repo.ts';
import type { ReleasesRepo } from '../releases/releases.repo.ts';

type ShimRow = Awaited<ReturnType<ReleasesRepo['shims']>>[number];

/** Loads rows for a batch of icon row ids with one range scan, keeping those asked for. */
function byRange<Row, Value>(load: (first: number, last: number) => Promise<Row[]>, idOf: (row: Row) => number, reduce: (rows: Row[]) => Value) {
  return new DataLoader<number, Value>(async (ids) => {
    const grouped = new Map<number, Row[]>(ids.map((id) => [id, []]));
    for (const row of await load(Math.min(...ids), Math.max(...ids))) grouped.get(idOf(row))?.push(row);
    return ids.map((id) => reduce(grouped.get(id)!));
  }, { maxBatchSize: 5000 });
}

/** Rows of a batch of kits in one statement, grouped by kit id. */
const byKit = <Row extends { kitId: number }>(load: (kitIds: number[]) => Promise<Row[]>) =>
  new DataLoader<number, Row[]>(async (kitIds) => {
    const rows = await load([...kitIds]);
    return kitIds.map((id) => rows.filter((row) => row.kitId === id));
  });

export function createLoaders(icons: IconsRepo, releases: ReleasesRepo, kits: KitsService) {
  return {
    uploads: byKit<UploadRow>(kits.uploads),
    subsetRows: byKit<SubsetRow>(kits.subsetRows),
    /** Each kit's subset, resolved once per request (several Kit fields read it). */
    kitSubsets: new Map<number, Promise<ResolvedSubset>>(),
    changes: byRange(icons.changes, (r) => r.id, (rows) => rows[0]?.changes ?? []),
    svgs: byRange<SvgRow, SvgRow[]>(icons.svgs, (r) => r.iconId, (rows) => rows),
    /** One icon variant's SVG, by `iconRowId:familyStyleId`: a page of variants is read by id, not range. */
    variantSvgs: new DataLoader<string, SvgRow | null>(async (keys) => {
      const iconIds = [...new Set(keys.map((k) => Number(k.split(':')[0])))];
      const byKey = new Map((await kits.svgs(iconIds)).map((row) => [`${row.iconId}:${row.familyStyleId}`, row]));
      return keys.map((k) => byKey.get(k) ?? null);
    }),
    /** Alias names and unicodes of scattered icons (for icon definitions), null when none. */
    aliases: new DataLoader<number, Aliases | null>(async (ids) => {
      const rows = await icons.scattered([...ids]);
      const byId = new Map<number, Aliases>();
      const of = (id: number) => byId.get(id) ?? byId.set(id, { names: [], unicodes: { primary: [], composite: [], secondary: [] } }).get(id)!;
      for (const { iconId, name } of rows.aliasNames) of(iconId).names.push(name);
      for (const { iconId, kind, value } of rows.aliasUnicodes) of(iconId).unicodes[kind].push(value);
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Font Awesome 4 shims of a release, by the name of the icon they map to. */
    shimsByTarget: new DataLoader<number, Map<string, ShimRow>>(async (releaseIds) =>
      Promise.all(
        releaseIds.map(async (releaseId) => {
          const byTarget = new Map<string, ShimRow>();
          for (const shim of await releases.shims(releaseId)) {
            const target = shim.name ?? shim.oldName;
            if (!byTarget.has(target)) byTarget.set(target, shim);
          }
          return byTarget;
        }),
      ),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
