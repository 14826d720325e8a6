// The rows a release document becomes, in the order they must be inserted, for either dialect
// (seeds/load.ts runs the steps). A step that needs the new rows' ids (children point at them)
// gets them back, by a column unique within the release (a prefix, an icon's name, ...).
import type { Tables } from '../db/database.ts';
import type { ReleaseDocument } from './import/document.ts';
import { familyStylePositions } from './import/ordering.ts';

export interface InsertStep {
  table: keyof Tables;
  rows: Record<string, unknown>[];
  /** Answer with each new row's id, by the value of this column. */
  idsBy?: string;
}

/** New rows' ids by the value of the step's `idsBy` column (empty for a step without it). */
export type IdsBy = Map<unknown, number>;

export type ReleaseWrites = Generator<InsertStep, number, IdsBy>;

/** The steps writing `doc` (checked already: every name it refers to exists); returns the release's id. */
export function* releaseWrites(doc: ReleaseDocument): ReleaseWrites {
  const release = yield {
    table: 'releases',
    rows: [{ version: doc.version, date: doc.date, isPrerelease: doc.version.includes('-'), separatesWebDesktop: doc.separatesWebDesktop, source: doc.source }],
    idsBy: 'version',
  };
  const releaseId = release.get(doc.version)!;

  const positions = familyStylePositions(doc.familyStyles);
  const familyStyleIds = yield { table: 'familyStyles', rows: doc.familyStyles.map((fs) => ({ ...fs, releaseId, position: positions.get(fs.prefix)! })), idsBy: 'prefix' };
  const fsId = (prefix: string) => familyStyleIds.get(prefix)!;

  // Inserting in id order makes row ids ascend with icon ids, so a page of icons is one row-id
  // range and its related rows can be read with a range scan (server/icons/icons.repo.ts).
  const sortedIcons = [...doc.icons].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const iconIds = yield {
    table: 'icons',
    rows: sortedIcons.map((icon) => ({
      releaseId,
      name: icon.id,
      label: icon.label,
      unicode: icon.unicode,
      changes: icon.changes,
      license: icon.familyStylesByLicense.free.length > 0 ? 'free' : 'pro',
    })),
    idsBy: 'name',
  };

  const aliasNames = [];
  const aliasUnicodes = [];
  const memberships = [];
  const svgs = [];
  const terms = [];
  for (const icon of doc.icons) {
    const iconId = iconIds.get(icon.id)!;
    aliasNames.push(...icon.aliases.names.map((name, position) => ({ iconId, releaseId, name, position })));
    for (const kind of ['primary', 'composite', 'secondary'] as const) {
      aliasUnicodes.push(...icon.aliases.unicodes[kind].map((value, position) => ({ iconId, kind, value, position })));
    }
    for (const license of ['free', 'pro'] as const) {
      memberships.push(...icon.familyStylesByLicense[license].map((prefix) => ({ iconId, license, familyStyleId: fsId(prefix) })));
    }
    svgs.push(...icon.svgs.map(({ prefix, ...svg }) => ({ iconId, familyStyleId: fsId(prefix), ...svg })));
    terms.push(...icon.searchTerms.map((term) => ({ iconId, term })));
  }
  yield { table: 'iconAliasNames', rows: aliasNames };
  yield { table: 'iconAliasUnicodes', rows: aliasUnicodes };
  yield { table: 'iconFamilyStyles', rows: memberships };
  yield { table: 'iconSvgs', rows: svgs };
  yield { table: 'iconSearchTerms', rows: terms };

  const categoryIds = yield { table: 'categories', rows: doc.categories.map(({ name, label }) => ({ releaseId, name, label })), idsBy: 'name' };
  yield {
    table: 'categoryIcons',
    rows: doc.categories.flatMap((category) => category.icons.map((icon) => ({ categoryId: categoryIds.get(category.name)!, iconId: iconIds.get(icon)! }))),
  };
  yield { table: 'shims', rows: doc.shims.map((shim) => ({ releaseId, ...shim })) };
  yield { table: 'releaseSris', rows: doc.sris.map((sri) => ({ releaseId, ...sri })) };

  const tagIds = yield { table: 'visualTags', rows: doc.visualTags.map(({ familyStyles, ...tag }, position) => ({ releaseId, ...tag, position })), idsBy: 'name' };
  yield {
    table: 'familyStyleVisualTags',
    rows: doc.visualTags.flatMap((tag) => tag.familyStyles.map((prefix) => ({ visualTagId: tagIds.get(tag.name)!, familyStyleId: fsId(prefix) }))),
  };
  const packIds = yield { table: 'iconPacks', rows: doc.iconPacks.map(({ familyStyles, ...pack }, position) => ({ releaseId, ...pack, position })), idsBy: 'name' };
  yield {
    table: 'iconPackFamilyStyles',
    rows: doc.iconPacks.flatMap((pack) => pack.familyStyles.map((prefix, i) => ({ iconPackId: packIds.get(pack.name)!, familyStyleId: fsId(prefix), position: i }))),
  };
  const collectionIds = yield {
    table: 'iconCollections',
    rows: doc.iconCollections.map(({ iconPacks, subset, ...collection }, position) => ({ releaseId, ...collection, isSubset: subset !== null, position })),
    idsBy: 'name',
  };
  yield {
    table: 'iconCollectionPacks',
    rows: doc.iconCollections.flatMap((c) => c.iconPacks.map((name, i) => ({ iconCollectionId: collectionIds.get(c.name)!, iconPackId: packIds.get(name)!, position: i }))),
  };
  yield {
    table: 'iconCollectionSubsets',
    rows: doc.iconCollections.flatMap((c) =>
      (c.subset ?? []).map((entry, i) => ({ iconCollectionId: collectionIds.get(c.name)!, familyStyleId: fsId(entry.prefix), only: entry.only, position: i })),
    ),
  };
  return releaseId;
}

/** The ids a bulk insert answered, by key. */
export const idsByKey = (rows: { id: number; key: unknown }[]): IdsBy => new Map(rows.map((row) => [row.key, Number(row.id)]));
