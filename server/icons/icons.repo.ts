// Every function answers with a promise (see auth.repo.ts).
// SQL for icons: one page of icons, then each related list for the whole page at once. The loader
// inserts a release's icons in id order, so a page's row ids form one range and every related
// list is a range scan on a primary key: the same few statements whatever the page size.
import { and, asc, between, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { first, prepared, type Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';

export type LicenseFilter = 'free' | 'pro' | null;
export type IconRow = Pick<typeof schema.icons.$inferSelect, 'id' | 'name' | 'label' | 'unicode'>;

const lo = sql.placeholder('lo');
const hi = sql.placeholder('hi');

export function createIconsRepo(database: Database) {
  const { db, t } = database;
  const where = (license: LicenseFilter): SQL =>
    license
      ? and(eq(t.icons.releaseId, sql.placeholder('releaseId')), eq(t.icons.license, license))!
      : eq(t.icons.releaseId, sql.placeholder('releaseId'));
  const byLicense = <T>(build: (license: LicenseFilter) => T) => ({ any: build(null), free: build('free'), pro: build('pro') });
  const key = (license: LicenseFilter) => license ?? 'any';

  const counts = byLicense((license) => prepared(database, `icons_count_${key(license)}`, db.select({ n: count() }).from(t.icons).where(where(license))));
  const pages = byLicense((license) =>
    prepared(database, `icons_page_${key(license)}`, db
      .select({ id: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode })
      .from(t.icons)
      .where(where(license))
      .orderBy(asc(t.icons.name))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      ),
  );
  const aliasNames = prepared(database, 'icons_alias_names', db
    .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
    .from(t.iconAliasNames)
    .where(between(t.iconAliasNames.iconId, lo, hi))
    .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position))
    );
  const aliasUnicodes = prepared(database, 'icons_alias_unicodes', db
    .select({ iconId: t.iconAliasUnicodes.iconId, kind: t.iconAliasUnicodes.kind, value: t.iconAliasUnicodes.value })
    .from(t.iconAliasUnicodes)
    .where(between(t.iconAliasUnicodes.iconId, lo, hi))
    .orderBy(asc(t.iconAliasUnicodes.iconId), asc(t.iconAliasUnicodes.kind), asc(t.iconAliasUnicodes.position))
    );
  // Ordered by row id only: the service puts each icon's family-styles in the contract's order.
  const familyStyles = prepared(database, 'icons_family_styles', db
    .select({ iconId: t.iconFamilyStyles.iconId, license: t.iconFamilyStyles.license, familyStyleId: t.iconFamilyStyles.familyStyleId })
    .from(t.iconFamilyStyles)
    .where(between(t.iconFamilyStyles.iconId, lo, hi))
    .orderBy(asc(t.iconFamilyStyles.iconId))
    );

  const iconColumns = { id: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode };
  const byName = prepared(database, 'icons_by_name', db.select(iconColumns).from(t.icons).where(and(eq(t.icons.releaseId, sql.placeholder('releaseId')), eq(t.icons.name, sql.placeholder('name')))));
  const byAlias = prepared(database, 'icons_by_alias', db
    .select(iconColumns)
    .from(t.iconAliasNames)
    .innerJoin(t.icons, eq(t.icons.id, t.iconAliasNames.iconId))
    .where(and(eq(t.iconAliasNames.releaseId, sql.placeholder('releaseId')), eq(t.iconAliasNames.name, sql.placeholder('name'))))
    .orderBy(asc(t.icons.name))
    );
  const changes = prepared(database, 'icons_changes', db.select({ id: t.icons.id, changes: t.icons.changes }).from(t.icons).where(between(t.icons.id, lo, hi)));
  const svgs = prepared(database, 'icons_svgs', db.select().from(t.iconSvgs).where(between(t.iconSvgs.iconId, lo, hi)));

  return {
    /** The icon with this id, else the first (by id) whose alias names include it. */
    byNameOrAlias: async (releaseId: number, name: string): Promise<IconRow | undefined> =>
      first(await byName({ releaseId, name })) ?? first(await byAlias({ releaseId, name })),

    changes: async (first: number, last: number) => changes({ lo: first, hi: last }),
    svgs: async (first: number, last: number) => svgs({ lo: first, hi: last }),

    count: async (releaseId: number, license: LicenseFilter): Promise<number> => first(await counts[key(license)]({ releaseId }))!.n,

    page: async (releaseId: number, license: LicenseFilter, limit: number, offset: number): Promise<IconRow[]> =>
      pages[key(license)]({ releaseId, limit, offset }),

    /** Related rows of every icon whose row id lies in [first, last]; callers filter to their icons. */
    aliasNames: async (first: number, last: number) => aliasNames({ lo: first, hi: last }),
    aliasUnicodes: async (first: number, last: number) => aliasUnicodes({ lo: first, hi: last }),
    familyStyles: async (first: number, last: number) => familyStyles({ lo: first, hi: last }),

    /** The same related rows for a few scattered icons (search results), where a range would read most of a release. */
    scattered: async (iconIds: number[]) => ({
      aliasNames: await db
        .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
        .from(t.iconAliasNames)
        .where(inArray(t.iconAliasNames.iconId, iconIds))
        .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position)),
      aliasUnicodes: await db
        .select({ iconId: t.iconAliasUnicodes.iconId, kind: t.iconAliasUnicodes.kind, value: t.iconAliasUnicodes.value })
        .from(t.iconAliasUnicodes)
        .where(inArray(t.iconAliasUnicodes.iconId, iconIds))
        .orderBy(asc(t.iconAliasUnicodes.iconId), asc(t.iconAliasUnicodes.kind), asc(t.iconAliasUnicodes.position)),
      familyStyles: await db
        .select({ iconId: t.iconFamilyStyles.iconId, license: t.iconFamilyStyles.license, familyStyleId: t.iconFamilyStyles.familyStyleId })
        .from(t.iconFamilyStyles)
        .where(inArray(t.iconFamilyStyles.iconId, iconIds)),
    }),
  };
}

export type IconsRepo = ReturnType<typeof createIconsRepo>;
