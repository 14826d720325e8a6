// SQL for icon variants (one icon in one family-style): what kit and collection subsets are made of.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { prepared, type Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';

export type SvgRow = typeof schema.iconSvgs.$inferSelect;

export function createVariantsRepo(database: Database) {
  const { db, t } = database;
  const releaseId = sql.placeholder('releaseId');
  const icons = prepared(database, 'variants_icons', db
    .select({ rowId: t.icons.id, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode, changes: t.icons.changes })
    .from(t.icons)
    .where(eq(t.icons.releaseId, releaseId))
    .orderBy(asc(t.icons.name))
  );
  const memberships = prepared(database, 'variants_memberships', db
    .select({ iconId: t.iconFamilyStyles.iconId, familyStyleId: t.iconFamilyStyles.familyStyleId, license: t.iconFamilyStyles.license })
    .from(t.iconFamilyStyles)
    .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
    .where(eq(t.icons.releaseId, releaseId))
  );
  const aliases = prepared(database, 'variants_aliases', db
    .select({ alias: t.iconAliasNames.name, name: t.icons.name })
    .from(t.iconAliasNames)
    .innerJoin(t.icons, eq(t.icons.id, t.iconAliasNames.iconId))
    .where(eq(t.iconAliasNames.releaseId, releaseId))
    .orderBy(asc(t.icons.name))
  );
  const categories = prepared(database, 'variants_categories', db
    .select({ iconId: t.categoryIcons.iconId, category: t.categories.name })
    .from(t.categoryIcons)
    .innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId))
    .where(eq(t.categories.releaseId, releaseId))
    .orderBy(asc(t.categories.name))
  );
  return {
    /** Icon row ids per category of a release, categories by name. */
    categories: async (release: number) => categories({ releaseId: release }),
    /** Every alias name of a release with the id of its icon, icons by id (name) ascending. */
    aliases: async (release: number) => aliases({ releaseId: release }),
    /** Every icon of a release, by id (name) ascending. */
    icons: async (release: number) => icons({ releaseId: release }),
    /** Which family-styles each icon of a release has, per license. */
    memberships: async (release: number) => memberships({ releaseId: release }),
    /** SVG rows of these icons (a page of variants is scattered over a release: read by id). */
    svgs: async (iconIds: number[]): Promise<SvgRow[]> => (iconIds.length === 0 ? [] : db.select().from(t.iconSvgs).where(inArray(t.iconSvgs.iconId, iconIds))),
  };
}

export type VariantsRepo = ReturnType<typeof createVariantsRepo>;
