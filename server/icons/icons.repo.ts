// Every function answers with a promise (see auth.repo.ts).
// SQL for icons: one page of icons, then each related list for the whole page at once. The loader
// inserts a release's icons in id order, so a page's row ids form one range and every related
// list is a range scan on a primary key: the same few statements whatever the page size.
import { and, asc, between, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type LicenseFilter = 'free' | 'pro' | null;
export type IconRow = Pick<typeof t.icons.$inferSelect, 'id' | 'name' | 'label' | 'unicode'>;

const lo = sql.placeholder('lo');
const hi = sql.placeholder('hi');

export function createIconsRepo(db: Db) {
  const where = (license: LicenseFilter): SQL =>
    license
      ? and(eq(t.icons.releaseId, sql.placeholder('releaseId')), eq(t.icons.license, license))!
      : eq(t.icons.releaseId, sql.placeholder('releaseId'));
  const byLicense = <T>(build: (license: LicenseFilter) => T) => ({ any: build(null), free: build('free'), pro: build('pro') });
  const key = (license: LicenseFilter) => license ?? 'any';

  const counts = byLicense((license) => db.select({ n: count() }).from(t.icons).where(where(license)).prepare());
  const pages = byLicense((license) =>
    db
      .select({ id: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode })
      .from(t.icons)
      .where(where(license))
      .orderBy(asc(t.icons.name))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  );
  const aliasNames = db
    .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
    .from(t.iconAliasNames)
    .where(between(t.iconAliasNames.iconId, lo, hi))
    .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position))
    .prepare();
  const aliasUnicodes = db
    .select({ iconId: t.iconAliasUnicodes.iconId, kind: t.iconAliasUnicodes.kind, value: t.iconAliasUnicodes.value })
    .from(t.iconAliasUnicodes)
    .where(between(t.iconAliasUnicodes.iconId, lo, hi))
    .orderBy(asc(t.iconAliasUnicodes.iconId), asc(t.iconAliasUnicodes.kind), asc(t.iconAliasUnicodes.position))
    .prepare();
  // Ordered by row id only: the service puts each icon's family-styles in the contract's order.
  const familyStyles = db
    .select({ iconId: t.iconFamilyStyles.iconId, license: t.iconFamilyStyles.license, familyStyleId: t.iconFamilyStyles.familyStyleId })
    .from(t.iconFamilyStyles)
    .where(between(t.iconFamilyStyles.iconId, lo, hi))
    .orderBy(asc(t.iconFamilyStyles.iconId))
    .prepare();

  const iconColumns = { id: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode };
  const byName = db.select(iconColumns).from(t.icons).where(and(eq(t.icons.releaseId, sql.placeholder('releaseId')), eq(t.icons.name, sql.placeholder('name')))).prepare();
  const byAlias = db
    .select(iconColumns)
    .from(t.iconAliasNames)
    .innerJoin(t.icons, eq(t.icons.id, t.iconAliasNames.iconId))
    .where(and(eq(t.iconAliasNames.releaseId, sql.placeholder('releaseId')), eq(t.iconAliasNames.name, sql.placeholder('name'))))
    .orderBy(asc(t.icons.name))
    .prepare();
  const changes = db.select({ id: t.icons.id, changes: t.icons.changes }).from(t.icons).where(between(t.icons.id, lo, hi)).prepare();
  const svgs = db.select().from(t.iconSvgs).where(between(t.iconSvgs.iconId, lo, hi)).prepare();

  return {
    /** The icon with this id, else the first (by id) whose alias names include it. */
    byNameOrAlias: async (releaseId: number, name: string): Promise<IconRow | undefined> =>
      byName.get({ releaseId, name }) ?? byAlias.all({ releaseId, name })[0],

    changes: async (first: number, last: number) => changes.all({ lo: first, hi: last }),
    svgs: async (first: number, last: number) => svgs.all({ lo: first, hi: last }),

    count: async (releaseId: number, license: LicenseFilter): Promise<number> => counts[key(license)].get({ releaseId })!.n,

    page: async (releaseId: number, license: LicenseFilter, limit: number, offset: number): Promise<IconRow[]> =>
      pages[key(license)].all({ releaseId, limit, offset }),

    /** Related rows of every icon whose row id lies in [first, last]; callers filter to their icons. */
    aliasNames: async (first: number, last: number) => aliasNames.all({ lo: first, hi: last }),
    aliasUnicodes: async (first: number, last: number) => aliasUnicodes.all({ lo: first, hi: last }),
    familyStyles: async (first: number, last: number) => familyStyles.all({ lo: first, hi: last }),

    /** The same related rows for a few scattered icons (search results), where a range would read most of a release. */
    scattered: async (iconIds: number[]) => ({
      aliasNames: db
        .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
        .from(t.iconAliasNames)
        .where(inArray(t.iconAliasNames.iconId, iconIds))
        .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position))
        .all(),
      aliasUnicodes: db
        .select({ iconId: t.iconAliasUnicodes.iconId, kind: t.iconAliasUnicodes.kind, value: t.iconAliasUnicodes.value })
        .from(t.iconAliasUnicodes)
        .where(inArray(t.iconAliasUnicodes.iconId, iconIds))
        .orderBy(asc(t.iconAliasUnicodes.iconId), asc(t.iconAliasUnicodes.kind), asc(t.iconAliasUnicodes.position))
        .all(),
      familyStyles: db
        .select({ iconId: t.iconFamilyStyles.iconId, license: t.iconFamilyStyles.license, familyStyleId: t.iconFamilyStyles.familyStyleId })
        .from(t.iconFamilyStyles)
        .where(inArray(t.iconFamilyStyles.iconId, iconIds))
        .all(),
    }),
  };
}

export type IconsRepo = ReturnType<typeof createIconsRepo>;
