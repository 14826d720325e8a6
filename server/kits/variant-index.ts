// A release's icon variants indexed for subsets: which icons each family-style has under each
// license, and a showcase order. Release data is immutable, so an index is built once per release.
import semver from 'semver';
import type { VariantsRepo } from './variants.repo.ts';

export type License = 'free' | 'pro';

export interface VariantIcon {
  rowId: number;
  name: string;
  label: string;
  unicode: string;
}

export interface ReleaseVariants {
  byName: ReadonlyMap<string, VariantIcon>;
  /** The id of the icon an alias name belongs to (the first by id, as Release.icon does). */
  aliasTarget(name: string): string | undefined;
  icon(rowId: number): VariantIcon | undefined;
  /** Icons that have this family-style under this license, by id ascending. */
  members(familyStyleId: number, license: License): VariantIcon[];
  has(rowId: number, familyStyleId: number, license: License): boolean;
  /** Showcase position of an icon: 0 is shown first. */
  rank(rowId: number): number;
}

/**
 * When each icon first appeared (its oldest change), as a position among the release's versions:
 * the few hundred distinct versions are ordered once, then icons compare as integers.
 */
function firstSeenOf(icons: { rowId: number; changes: string[] }[]): Map<number, number> {
  const versions = [...new Set(icons.flatMap((i) => i.changes))].filter((v) => semver.valid(v)).sort(semver.compare);
  const position = new Map(versions.map((v, i) => [v, i]));
  return new Map(icons.map((i) => [i.rowId, Math.min(versions.length, ...i.changes.map((v) => position.get(v) ?? versions.length))]));
}

/**
 * The showcase order, without usage data to go on. Icons that have been in the library longest are
 * its staples (house, user, star, heart, envelope date from 1.0.0), and a first page should show
 * the range of the library rather than 80 alignment arrows: so the categories take turns, each
 * offering its longest-standing icon not yet shown. Icons in no category follow, oldest first.
 */
function showcaseOrder(icons: { rowId: number; name: string; changes: string[] }[], categories: { iconId: number; category: string }[]): number[] {
  const firstSeen = firstSeenOf(icons);
  const names = new Map(icons.map((i) => [i.rowId, i.name]));
  const oldestFirst = (a: number, b: number) => firstSeen.get(a)! - firstSeen.get(b)! || (names.get(a)! < names.get(b)! ? -1 : 1);
  const queues = new Map<string, number[]>();
  for (const { iconId, category } of categories) {
    if (!firstSeen.has(iconId)) continue;
    const queue = queues.get(category);
    if (queue) queue.push(iconId);
    else queues.set(category, [iconId]);
  }
  const turns = [...queues.values()].map((queue) => queue.sort(oldestFirst));
  const order: number[] = [];
  const placed = new Set<number>();
  for (let round = 0; turns.some((q) => round < q.length); round++) {
    for (const queue of turns) {
      const id = queue[round];
      if (id !== undefined && !placed.has(id)) (placed.add(id), order.push(id));
    }
  }
  return [...order, ...icons.map((i) => i.rowId).filter((id) => !placed.has(id)).sort(oldestFirst)];
}

export async function buildReleaseVariants(repo: VariantsRepo, releaseId: number): Promise<ReleaseVariants> {
  const [icons, memberships, categories, aliasRows] = await Promise.all([
    repo.icons(releaseId),
    repo.memberships(releaseId),
    repo.categories(releaseId),
    repo.aliases(releaseId),
  ]);
  const ofIcon = new Map<number, Record<License, Set<number>>>(icons.map((i) => [i.rowId, { free: new Set(), pro: new Set() }]));
  for (const m of memberships) ofIcon.get(m.iconId)?.[m.license].add(m.familyStyleId);
  const aliases = new Map<string, string>();
  for (const { alias, name } of aliasRows) if (!aliases.has(alias)) aliases.set(alias, name);

  const lists = new Map<number, Record<License, VariantIcon[]>>();
  const byName = new Map<string, VariantIcon>();
  const byRowId = new Map<number, VariantIcon>();
  for (const { changes: _changes, ...icon } of icons) {
    byName.set(icon.name, icon);
    byRowId.set(icon.rowId, icon);
    for (const license of ['free', 'pro'] as const) {
      for (const familyStyleId of ofIcon.get(icon.rowId)![license]) {
        let entry = lists.get(familyStyleId);
        if (!entry) lists.set(familyStyleId, (entry = { free: [], pro: [] }));
        entry[license].push(icon);
      }
    }
  }
  const ranks = new Map(showcaseOrder(icons, categories).map((rowId, i) => [rowId, i]));

  return {
    byName,
    aliasTarget: (name) => aliases.get(name),
    icon: (rowId) => byRowId.get(rowId),
    members: (familyStyleId, license) => lists.get(familyStyleId)?.[license] ?? [],
    has: (rowId, familyStyleId, license) => ofIcon.get(rowId)?.[license].has(familyStyleId) ?? false,
    rank: (rowId) => ranks.get(rowId) ?? Number.MAX_SAFE_INTEGER,
  };
}
