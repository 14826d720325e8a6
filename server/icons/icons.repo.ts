// SQL for icons: one page of icons, then each related list for all icons of the page at once, so
// a page costs the same few statements whatever its size.
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type LicenseFilter = 'free' | 'pro' | null;
export type IconRow = Pick<typeof t.icons.$inferSelect, 'id' | 'name' | 'label' | 'unicode'>;

export function createIconsRepo(db: Db) {
  const where = (releaseId: number, license: LicenseFilter): SQL =>
    license ? and(eq(t.icons.releaseId, releaseId), eq(t.icons.license, license))! : eq(t.icons.releaseId, releaseId);

  return {
    count: (releaseId: number, license: LicenseFilter): number =>
      db.select({ n: count() }).from(t.icons).where(where(releaseId, license)).get()!.n,

    page: (releaseId: number, license: LicenseFilter, limit: number, offset: number): IconRow[] =>
      db
        .select({ id: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode })
        .from(t.icons)
        .where(where(releaseId, license))
        .orderBy(asc(t.icons.name))
        .limit(limit)
        .offset(offset)
        .all(),

    aliasNames: (iconIds: number[]) =>
      db
        .select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name })
        .from(t.iconAliasNames)
        .where(inArray(t.iconAliasNames.iconId, iconIds))
        .orderBy(asc(t.iconAliasNames.iconId), asc(t.iconAliasNames.position))
        .all(),

    aliasUnicodes: (iconIds: number[]) =>
      db
        .select({ iconId: t.iconAliasUnicodes.iconId, kind: t.iconAliasUnicodes.kind, value: t.iconAliasUnicodes.value })
        .from(t.iconAliasUnicodes)
        .where(inArray(t.iconAliasUnicodes.iconId, iconIds))
        .orderBy(asc(t.iconAliasUnicodes.iconId), asc(t.iconAliasUnicodes.kind), asc(t.iconAliasUnicodes.position))
        .all(),

    /** Family-style memberships, in the contract's family-style order. */
    familyStyles: (iconIds: number[]) =>
      db
        .select({ iconId: t.iconFamilyStyles.iconId, license: t.iconFamilyStyles.license, familyStyleId: t.iconFamilyStyles.familyStyleId })
        .from(t.iconFamilyStyles)
        .innerJoin(t.familyStyles, eq(t.familyStyles.id, t.iconFamilyStyles.familyStyleId))
        .where(inArray(t.iconFamilyStyles.iconId, iconIds))
        .orderBy(asc(t.iconFamilyStyles.iconId), asc(t.familyStyles.position))
        .all(),
  };
}

export type IconsRepo = ReturnType<typeof createIconsRepo>;
