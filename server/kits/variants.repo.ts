// SQL for icon variants (one icon in one family-style): what kit and collection subsets are made of.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type SvgRow = typeof t.iconSvgs.$inferSelect;

export function createVariantsRepo(db: Db) {
  const releaseId = sql.placeholder('releaseId');
  const icons = db
    .select({ rowId: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode, changes: t.icons.changes })
    .from(t.icons)
    .where(eq(t.icons.releaseId, releaseId))
    .orderBy(asc(t.icons.name))
    .prepare();
  const memberships = db
    .select({ iconId: t.iconFamilyStyles.iconId, familyStyleId: t.iconFamilyStyles.familyStyleId, license: t.iconFamilyStyles.license })
    .from(t.iconFamilyStyles)
    .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
    .where(eq(t.icons.releaseId, releaseId))
    .prepare();
  const aliasTarget = db
    .select({ name: t.icons.name })
    .from(t.iconAliasNames)
    .innerJoin(t.icons, eq(t.icons.id, t.iconAliasNames.iconId))
    .where(and(eq(t.iconAliasNames.releaseId, releaseId), eq(t.iconAliasNames.name, sql.placeholder('name'))))
    .orderBy(asc(t.icons.name))
    .prepare();
  const categories = db
    .select({ iconId: t.categoryIcons.iconId, category: t.categories.name })
    .from(t.categoryIcons)
    .innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId))
    .where(eq(t.categories.releaseId, releaseId))
    .orderBy(asc(t.categories.name))
    .prepare();
  return {
    /** Icon row ids per category of a release, categories by name. */
    categories: (release: number) => categories.all({ releaseId: release }),
    /** The id of the icon an alias name belongs to (the first by id, as Release.icon does). */
    aliasTarget: (release: number, name: string): string | undefined => aliasTarget.get({ releaseId: release, name })?.name,
    /** Every icon of a release, by id (name) ascending. */
    icons: (release: number) => icons.all({ releaseId: release }),
    /** Which family-styles each icon of a release has, per license. */
    memberships: (release: number) => memberships.all({ releaseId: release }),
    /** SVG rows of these icons (a page of variants is scattered over a release: read by id). */
    svgs: (iconIds: number[]): SvgRow[] => (iconIds.length === 0 ? [] : db.select().from(t.iconSvgs).where(inArray(t.iconSvgs.iconId, iconIds)).all()),
  };
}

export type VariantsRepo = ReturnType<typeof createVariantsRepo>;
