// SQL that gathers what search looks at: ids, labels, alias names, search terms and categories.
// Every function answers with a promise (see auth.repo.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export function createSearchRepo(db: Db) {
  return {
    icons: async (releaseId: number) =>
      db.select({ id: t.icons.id, name: t.icons.name, label: t.icons.label }).from(t.icons).where(eq(t.icons.releaseId, releaseId)).all(),
    aliasNames: async (releaseId: number) =>
      db.select({ iconId: t.iconAliasNames.iconId, name: t.iconAliasNames.name }).from(t.iconAliasNames).where(eq(t.iconAliasNames.releaseId, releaseId)).all(),
    terms: async (releaseId: number) =>
      db
        .select({ iconId: t.iconSearchTerms.iconId, term: t.iconSearchTerms.term })
        .from(t.iconSearchTerms)
        .innerJoin(t.icons, eq(t.icons.id, t.iconSearchTerms.iconId))
        .where(eq(t.icons.releaseId, releaseId))
        .all(),
    categories: async (releaseId: number) =>
      db
        .select({ iconId: t.categoryIcons.iconId, label: t.categories.label })
        .from(t.categoryIcons)
        .innerJoin(t.categories, eq(t.categories.id, t.categoryIcons.categoryId))
        .where(eq(t.categories.releaseId, releaseId))
        .all(),
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
