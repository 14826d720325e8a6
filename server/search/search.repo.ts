// SQL that gathers what search looks at: ids, labels, alias names, search terms, categories and
// how many family-styles each icon has.
// Every function answers with a promise (see auth.repo.ts).
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export function createSearchRepo({ db, t }: Database) {
  return {
    icons: async (releaseId: number) =>
      db.select({ id: t.icons.id, name: t.icons.name, label: t.icons.label }).from(t.icons).where(eq(t.icons.releaseId, releaseId)),
    aliasNames: async (releaseId: number) =>
      db.select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name }).from(t.iconAliasNames).where(eq(t.iconAliasNames.releaseId, releaseId)),
    terms: async (releaseId: number) =>
      db
        .select({ iconId: t.iconSearchTerms.iconId, term: t.iconSearchTerms.term })
        .from(t.iconSearchTerms)
        .innerJoin(t.icons, eq(t.icons.id, t.iconSearchTerms.iconId))
        .where(eq(t.icons.releaseId, releaseId)),
    /** How many family-styles each icon ships in. */
    styleCounts: async (releaseId: number) =>
      db
        .select({ iconId: t.iconFamilyStyles.iconId, styles: count() })
        .from(t.iconFamilyStyles)
        .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
        .where(eq(t.icons.releaseId, releaseId))
        .groupBy(t.iconFamilyStyles.iconId),
    categories: async (releaseId: number) =>
      db
        .select({ iconId: t.categoryIcons.iconId, label: t.categories.label })
        .from(t.categoryIcons)
        .innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId))
        .where(eq(t.categories.releaseId, releaseId)),
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
