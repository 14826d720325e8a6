// SQL that gathers what search looks at: ids, labels, alias names, search terms, categories and
// the family-styles of each icon.
// Every function answers with a promise (see auth.repo.ts).
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export function createSearchRepo({ db, t }: Database) {
  return {
    icons: async (releaseId: number) =>
      db.select({ id: t.icons.id, name: t.icons.name, label: t.icons.label, changes: t.icons.changes }).from(t.icons).where(eq(t.icons.releaseId, releaseId)),
    aliasNames: async (releaseId: number) =>
      db.select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name }).from(t.iconAliasNames).where(eq(t.iconAliasNames.releaseId, releaseId)),
    terms: async (releaseId: number) =>
      db
        .select({ iconId: t.iconSearchTerms.iconId, term: t.iconSearchTerms.term })
        .from(t.iconSearchTerms)
        .innerJoin(t.icons, eq(t.icons.id, t.iconSearchTerms.iconId))
        .where(eq(t.icons.releaseId, releaseId)),
    /** Each icon's family-styles, by style ("solid", "brands", ...). */
    iconStyles: async (releaseId: number) =>
      db
        .selectDistinct({ iconId: t.iconFamilyStyles.iconId, familyStyleId: t.iconFamilyStyles.familyStyleId, style: t.familyStyles.style })
        .from(t.iconFamilyStyles)
        .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
        .innerJoin(t.familyStyles, eq(t.familyStyles.id, t.iconFamilyStyles.familyStyleId))
        .where(eq(t.icons.releaseId, releaseId)),
    categories: async (releaseId: number) =>
      db
        .select({ iconId: t.categoryIcons.iconId, label: t.categories.label })
        .from(t.categoryIcons)
        .innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId))
        .where(eq(t.categories.releaseId, releaseId)),
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
