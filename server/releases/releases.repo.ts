// SQL for releases and the per-release catalogues (family-styles, packs, collections, tags). Every
// function but dataVersion answers with a promise (see auth.repo.ts).
import { and, asc, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createChangeReader } from '../../db/data-changes.ts';
import * as t from '../../db/schema.ts';

export type ReleaseRow = typeof t.releases.$inferSelect;
export type FamilyStyleRow = typeof t.familyStyles.$inferSelect;

export function createReleasesRepo(db: Db) {
  // Checked on every request: prepared once (db.pragma() would prepare it each time).
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  const changes = createChangeReader(db);
  return {
    all: async (): Promise<ReleaseRow[]> => db.select().from(t.releases).all(),

    /**
     * Changes whenever another connection (the seed CLI, another server) commits to the database
     * file. Synchronous, unlike the rest: it is asked before every request, so it must answer from
     * memory or something as cheap (here one pragma, no I/O).
     */
    dataVersion: (): number => dataVersion.get() as number,

    /** What those commits changed (data_changes), to drop only the caches they cover. */
    changes,

    /** Every release's family-styles, each release's in the contract's order. */
    familyStyles: async (): Promise<FamilyStyleRow[]> =>
      db.select().from(t.familyStyles).orderBy(asc(t.familyStyles.releaseId), asc(t.familyStyles.position)).all(),

    visualTagsByFamilyStyle: async (releaseId: number) =>
      db
        .select({ familyStyleId: t.familyStyleVisualTags.familyStyleId, name: t.visualTags.name })
        .from(t.familyStyleVisualTags)
        .innerJoin(t.visualTags, eq(t.visualTags.id, t.familyStyleVisualTags.visualTagId))
        .where(eq(t.visualTags.releaseId, releaseId))
        .orderBy(asc(t.visualTags.position))
        .all(),

    visualTags: async (releaseId: number) =>
      db.select().from(t.visualTags).where(eq(t.visualTags.releaseId, releaseId)).orderBy(asc(t.visualTags.position)).all(),

    iconPacks: async (releaseId: number) =>
      db.select().from(t.iconPacks).where(eq(t.iconPacks.releaseId, releaseId)).orderBy(asc(t.iconPacks.position)).all(),

    iconPackFamilyStyles: async (packIds: number[]) =>
      db
        .select()
        .from(t.iconPackFamilyStyles)
        .where(inArray(t.iconPackFamilyStyles.iconPackId, packIds))
        .orderBy(asc(t.iconPackFamilyStyles.iconPackId), asc(t.iconPackFamilyStyles.position))
        .all(),

    iconCollections: async (releaseId: number) =>
      db.select().from(t.iconCollections).where(eq(t.iconCollections.releaseId, releaseId)).orderBy(asc(t.iconCollections.position)).all(),

    iconCollectionPacks: async (collectionIds: number[]) =>
      db
        .select({ collectionId: t.iconCollectionPacks.iconCollectionId, packId: t.iconCollectionPacks.iconPackId })
        .from(t.iconCollectionPacks)
        .where(inArray(t.iconCollectionPacks.iconCollectionId, collectionIds))
        .orderBy(asc(t.iconCollectionPacks.iconCollectionId), asc(t.iconCollectionPacks.position))
        .all(),

    iconCollectionSubsets: async (collectionIds: number[]) =>
      db
        .select()
        .from(t.iconCollectionSubsets)
        .where(inArray(t.iconCollectionSubsets.iconCollectionId, collectionIds))
        .orderBy(asc(t.iconCollectionSubsets.iconCollectionId), asc(t.iconCollectionSubsets.position))
        .all(),

    shims: async (releaseId: number) =>
      db.select().from(t.shims).where(eq(t.shims.releaseId, releaseId)).orderBy(asc(t.shims.oldName)).all(),

    /** Ids of the release's family-styles that have at least one free icon. */
    familyStyleIdsWithFreeIcons: async (releaseId: number): Promise<number[]> =>
      db
        .selectDistinct({ id: t.iconFamilyStyles.familyStyleId })
        .from(t.iconFamilyStyles)
        .innerJoin(t.familyStyles, eq(t.familyStyles.id, t.iconFamilyStyles.familyStyleId))
        .where(and(eq(t.familyStyles.releaseId, releaseId), eq(t.iconFamilyStyles.license, 'free')))
        .all()
        .map((r) => r.id),

    /** Icon x family-style pairs, and distinct icons, per license. */
    iconCounts: async (releaseId: number) =>
      db
        .select({ license: t.iconFamilyStyles.license, pairs: count(), icons: countDistinct(t.iconFamilyStyles.iconId) })
        .from(t.iconFamilyStyles)
        .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
        .where(eq(t.icons.releaseId, releaseId))
        .groupBy(t.iconFamilyStyles.license)
        .all(),

    sris: async (releaseId: number) =>
      db.select().from(t.releaseSris).where(eq(t.releaseSris.releaseId, releaseId)).orderBy(asc(t.releaseSris.path)).all(),
  };
}

export type ReleasesRepo = ReturnType<typeof createReleasesRepo>;
