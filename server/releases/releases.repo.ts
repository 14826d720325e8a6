// SQL for releases and the per-release catalogues (family-styles, packs, collections, tags). Every
// function but dataVersion answers with a promise (see auth.repo.ts).
import { and, asc, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { createChangeReader } from '../../db/data-changes.ts';
import type { Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';

export type ReleaseRow = typeof schema.releases.$inferSelect;
export type FamilyStyleRow = typeof schema.familyStyles.$inferSelect;

/** On PostgreSQL: what announces other processes' commits (db/pg-change-listener.ts). */
export interface ChangeSignal {
  version(): number;
}

export function createReleasesRepo(database: Database, signal?: ChangeSignal) {
  const { db, t } = database;
  // Checked on every request: prepared once (db.pragma() would prepare it each time).
  const pragma = database.sqlite?.$client.prepare('PRAGMA data_version').pluck();
  const dataVersion = pragma ? () => pragma.get() as number : signal ? signal.version : () => null;
  const changes = createChangeReader(database);
  return {
    all: async (): Promise<ReleaseRow[]> => db.select().from(t.releases),

    /**
     * On SQLite, changes whenever another connection (the seed CLI, another server) commits to the
     * database file. Synchronous, unlike the rest: it is asked before every request, so it must
     * answer from memory or something as cheap (here one pragma, no I/O). On PostgreSQL, a counter
     * moved by the commits announced (NOTIFY, see `signal`); null without a signal (never changes).
     */
    dataVersion: dataVersion as () => number | null,

    /** What those commits changed (data_changes), to drop only the caches they cover. */
    changes,

    /** Every release's family-styles, each release's in the contract's order. */
    familyStyles: async (): Promise<FamilyStyleRow[]> =>
      db.select().from(t.familyStyles).orderBy(asc(t.familyStyles.releaseId), asc(t.familyStyles.position)),

    visualTagsByFamilyStyle: async (releaseId: number) =>
      db
        .select({ familyStyleId: t.familyStyleVisualTags.familyStyleId, name: t.visualTags.name })
        .from(t.familyStyleVisualTags)
        .innerJoin(t.visualTags, eq(t.visualTags.id, t.familyStyleVisualTags.visualTagId))
        .where(eq(t.visualTags.releaseId, releaseId))
        .orderBy(asc(t.visualTags.position)),

    visualTags: async (releaseId: number) =>
      db.select().from(t.visualTags).where(eq(t.visualTags.releaseId, releaseId)).orderBy(asc(t.visualTags.position)),

    iconPacks: async (releaseId: number) =>
      db.select().from(t.iconPacks).where(eq(t.iconPacks.releaseId, releaseId)).orderBy(asc(t.iconPacks.position)),

    iconPackFamilyStyles: async (packIds: number[]) =>
      db
        .select()
        .from(t.iconPackFamilyStyles)
        .where(inArray(t.iconPackFamilyStyles.iconPackId, packIds))
        .orderBy(asc(t.iconPackFamilyStyles.iconPackId), asc(t.iconPackFamilyStyles.position)),

    iconCollections: async (releaseId: number) =>
      db.select().from(t.iconCollections).where(eq(t.iconCollections.releaseId, releaseId)).orderBy(asc(t.iconCollections.position)),

    iconCollectionPacks: async (collectionIds: number[]) =>
      db
        .select({ collectionId: t.iconCollectionPacks.iconCollectionId, packId: t.iconCollectionPacks.iconPackId })
        .from(t.iconCollectionPacks)
        .where(inArray(t.iconCollectionPacks.iconCollectionId, collectionIds))
        .orderBy(asc(t.iconCollectionPacks.iconCollectionId), asc(t.iconCollectionPacks.position)),

    iconCollectionSubsets: async (collectionIds: number[]) =>
      db
        .select()
        .from(t.iconCollectionSubsets)
        .where(inArray(t.iconCollectionSubsets.iconCollectionId, collectionIds))
        .orderBy(asc(t.iconCollectionSubsets.iconCollectionId), asc(t.iconCollectionSubsets.position)),

    shims: async (releaseId: number) =>
      db.select().from(t.shims).where(eq(t.shims.releaseId, releaseId)).orderBy(asc(t.shims.oldName)),

    /** Ids of the release's family-styles that have at least one free icon. */
    familyStyleIdsWithFreeIcons: async (releaseId: number): Promise<number[]> =>
      db
        .selectDistinct({ id: t.iconFamilyStyles.familyStyleId })
        .from(t.iconFamilyStyles)
        .innerJoin(t.familyStyles, eq(t.familyStyles.id, t.iconFamilyStyles.familyStyleId))
        .where(and(eq(t.familyStyles.releaseId, releaseId), eq(t.iconFamilyStyles.license, 'free')))
        .then((rows) => rows.map((r) => r.id)),

    /** Icon x family-style pairs, and distinct icons, per license. */
    iconCounts: async (releaseId: number) =>
      db
        .select({ license: t.iconFamilyStyles.license, pairs: count(), icons: countDistinct(t.iconFamilyStyles.iconId) })
        .from(t.iconFamilyStyles)
        .innerJoin(t.icons, eq(t.icons.id, t.iconFamilyStyles.iconId))
        .where(eq(t.icons.releaseId, releaseId))
        .groupBy(t.iconFamilyStyles.license),

    sris: async (releaseId: number) =>
      db.select().from(t.releaseSris).where(eq(t.releaseSris.releaseId, releaseId)).orderBy(asc(t.releaseSris.path)),
  };
}

export type ReleasesRepo = ReturnType<typeof createReleasesRepo>;
