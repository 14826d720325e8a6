// SQL for icon variants (one icon in one family-style): what kit and collection subsets are made of.
import { asc, eq, inArray, sql } from 'drizzle-orm';
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
  const aliases = db
    .select({ alias: t.iconAliasNames.name, name: t.icons.name })
    .from(t.iconAliasNames)
    .innerJoin(t.icons, eq(t.icons.id, t.iconAliasNames.iconId))
    .where(eq(t.iconAliasNames.releaseId, releaseId))
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
    categories: async (release: number) => categories.all({ releaseId: release }),
    /** Every alias name of a release with the id of its icon, icons by id (name) ascending. */
    aliases: async (release: number) => aliases.all({ releaseId: release }),
    /** Every icon of a release, by id (name) ascending. */
    icons: async (release: number) => icons.all({ releaseId: release }),
    /** Which family-styles each icon of a release has, per license. */
    memberships: async (release: number) => memberships.all({ releaseId: release }),
    /** SVG rows of these icons (a page of variants is scattered over a release: read by id). */
    svgs: async (iconIds: number[]): Promise<SvgRow[]> => (iconIds.length === 0 ? [] : db.select().from(t.iconSvgs).where(inArray(t.iconSvgs.iconId, iconIds)).all()),
  };
}

export type VariantsRepo = ReturnType<typeof createVariantsRepo>;
