// Every function answers with a promise (see auth.repo.ts); transactions stay synchronous inside.
import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountScope, recordChange } from '../../db/data-changes.ts';
import * as t from '../../db/schema.ts';
import { createVariantsRepo } from './variants.repo.ts';

export type KitRow = typeof t.kits.$inferSelect;
export type UploadRow = typeof t.kitIconUploads.$inferSelect;
export type SubsetType = KitRow['subsetType'];
export type SubsetRow = typeof t.kitSubsetFamilyStyles.$inferSelect;

export function createKitsRepo(db: Db) {
  return {
    variants: createVariantsRepo(db),
    insertKit: async (row: typeof t.kits.$inferInsert) =>
      db.transaction((tx) => {
        const kit = tx.insert(t.kits).values(row).returning().get();
        recordChange(tx as unknown as Db, accountScope(kit.accountId));
        return kit;
      }),
    kits: async (accountId?: number) =>
      db
        .select({ kit: t.kits, email: t.accounts.email })
        .from(t.kits)
        .innerJoin(t.accounts, eq(t.accounts.id, t.kits.accountId))
        .where(accountId === undefined ? undefined : eq(t.kits.accountId, accountId))
        .orderBy(asc(t.kits.id))
        .all(),
    kitByToken: async (token: string) => db.select().from(t.kits).where(eq(t.kits.token, token)).get(),
    uploads: async (kitIds: number[]): Promise<UploadRow[]> =>
      kitIds.length === 0
        ? []
        : db.select().from(t.kitIconUploads).where(inArray(t.kitIconUploads.kitId, kitIds)).orderBy(asc(t.kitIconUploads.kitId), asc(t.kitIconUploads.name)).all(),
    /** Adds an upload with the next private-use code point and bumps the kit's revision, atomically. */
    addUpload: async (kitId: number, upload: Omit<typeof t.kitIconUploads.$inferInsert, 'kitId' | 'unicode' | 'version'>) =>
      db.transaction((tx) => {
        const highest = tx.select({ unicode: max(t.kitIconUploads.unicode) }).from(t.kitIconUploads).where(eq(t.kitIconUploads.kitId, kitId)).get();
        const row = tx
          .insert(t.kitIconUploads)
          .values({ ...upload, kitId, unicode: (highest?.unicode ?? 0xe000 - 1) + 1, version: 1 })
          .returning()
          .get();
        const kit = tx.update(t.kits).set({ revision: sql`${t.kits.revision} + 1` }).where(eq(t.kits.id, kitId)).returning().get();
        recordChange(tx as unknown as Db, accountScope(kit.accountId));
        return row;
      }),

    /** The CUSTOM subset entries of these kits, each kit's in the order the operator gave them. */
    subsetRows: async (kitIds: number[]): Promise<SubsetRow[]> =>
      kitIds.length === 0
        ? []
        : db.select().from(t.kitSubsetFamilyStyles).where(inArray(t.kitSubsetFamilyStyles.kitId, kitIds)).orderBy(asc(t.kitSubsetFamilyStyles.kitId), asc(t.kitSubsetFamilyStyles.position)).all(),
    /** Replaces a kit's subset and bumps its revision (clients key their caches on it), atomically. */
    setSubset: async (kitId: number, type: SubsetType, entries: { prefix: string; only: string[] | null }[]) =>
      db.transaction((tx) => {
        tx.delete(t.kitSubsetFamilyStyles).where(eq(t.kitSubsetFamilyStyles.kitId, kitId)).run();
        if (entries.length > 0) tx.insert(t.kitSubsetFamilyStyles).values(entries.map((e, position) => ({ kitId, ...e, position }))).run();
        const kit = tx.update(t.kits).set({ subsetType: type, revision: sql`${t.kits.revision} + 1` }).where(eq(t.kits.id, kitId)).returning().get();
        recordChange(tx as unknown as Db, accountScope(kit.accountId));
        return kit;
      }),
  };
}

export type KitsRepo = ReturnType<typeof createKitsRepo>;
