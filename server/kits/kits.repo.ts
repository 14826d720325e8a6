// Every function answers with a promise (see auth.repo.ts).
import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import { accountScope, recordChange } from '../../db/data-changes.ts';
import { first, type Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';
import { createVariantsRepo } from './variants.repo.ts';

export type KitRow = typeof schema.kits.$inferSelect;
export type UploadRow = typeof schema.kitIconUploads.$inferSelect;
export type SubsetType = KitRow['subsetType'];
export type SubsetRow = typeof schema.kitSubsetFamilyStyles.$inferSelect;

export function createKitsRepo(database: Database) {
  const { db, t, transaction } = database;
  return {
    variants: createVariantsRepo(database),
    insertKit: async (row: typeof schema.kits.$inferInsert) =>
      transaction(async (tx) => {
        const kit = first(await tx.insert(t.kits).values(row).returning())!;
        await recordChange(database, tx, accountScope(kit.accountId));
        return kit;
      }),
    kits: async (accountId?: number) =>
      db
        .select({ kit: t.kits, email: t.accounts.email })
        .from(t.kits)
        .innerJoin(t.accounts, eq(t.accounts.id, t.kits.accountId))
        .where(accountId === undefined ? undefined : eq(t.kits.accountId, accountId))
        .orderBy(asc(t.kits.id)),
    kitByToken: async (token: string) => first(await db.select().from(t.kits).where(eq(t.kits.token, token))),
    uploads: async (kitIds: number[]): Promise<UploadRow[]> =>
      kitIds.length === 0
        ? []
        : db.select().from(t.kitIconUploads).where(inArray(t.kitIconUploads.kitId, kitIds)).orderBy(asc(t.kitIconUploads.kitId), asc(t.kitIconUploads.name)),
    /** Adds an upload with the next private-use code point and bumps the kit's revision, atomically. */
    addUpload: async (kitId: number, upload: Omit<typeof schema.kitIconUploads.$inferInsert, 'kitId' | 'unicode' | 'version'>) =>
      transaction(async (tx) => {
        // The kit's row first, locked on PostgreSQL (the revision update), so two uploads to one
        // kit at once cannot both take the same next code point.
        const kit = first(await tx.update(t.kits).set({ revision: sql`${t.kits.revision} + 1` }).where(eq(t.kits.id, kitId)).returning())!;
        const highest = first(await tx.select({ unicode: max(t.kitIconUploads.unicode) }).from(t.kitIconUploads).where(eq(t.kitIconUploads.kitId, kitId)));
        const row = first(
          await tx
            .insert(t.kitIconUploads)
            .values({ ...upload, kitId, unicode: (highest?.unicode ?? 0xe000 - 1) + 1, version: 1 })
            .returning(),
        )!;
        await recordChange(database, tx, accountScope(kit.accountId));
        return row;
      }),

    /** The CUSTOM subset entries of these kits, each kit's in the order the operator gave them. */
    subsetRows: async (kitIds: number[]): Promise<SubsetRow[]> =>
      kitIds.length === 0
        ? []
        : db.select().from(t.kitSubsetFamilyStyles).where(inArray(t.kitSubsetFamilyStyles.kitId, kitIds)).orderBy(asc(t.kitSubsetFamilyStyles.kitId), asc(t.kitSubsetFamilyStyles.position)),
    /** Replaces a kit's subset and bumps its revision (clients key their caches on it), atomically. */
    setSubset: async (kitId: number, type: SubsetType, entries: { prefix: string; only: string[] | null }[]) =>
      transaction(async (tx) => {
        const kit = first(await tx.update(t.kits).set({ subsetType: type, revision: sql`${t.kits.revision} + 1` }).where(eq(t.kits.id, kitId)).returning())!;
        await tx.delete(t.kitSubsetFamilyStyles).where(eq(t.kitSubsetFamilyStyles.kitId, kitId));
        if (entries.length > 0) await tx.insert(t.kitSubsetFamilyStyles).values(entries.map((e, position) => ({ kitId, ...e, position })));
        await recordChange(database, tx, accountScope(kit.accountId));
        return kit;
      }),
  };
}

export type KitsRepo = ReturnType<typeof createKitsRepo>;
