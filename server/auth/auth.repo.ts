// SQL for accounts, API tokens and access tokens. Every function answers with a promise, whatever
// the database: better-sqlite3 answers at once, a database server over the network does not, and
// services are written once for both (db/database.ts).
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { first, type Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';

export type ApiTokenRow = typeof schema.apiTokens.$inferSelect;

export function createAuthRepo({ db, t, transaction }: Database) {
  return {
    accountByEmail: async (email: string) => first(await db.select().from(t.accounts).where(eq(t.accounts.email, email))),
    accountById: async (id: number) => first(await db.select().from(t.accounts).where(eq(t.accounts.id, id))),
    accounts: async () => db.select().from(t.accounts).orderBy(asc(t.accounts.id)),
    insertAccount: async (email: string, createdAt: string) => first(await db.insert(t.accounts).values({ email, createdAt }).returning())!,

    insertApiToken: async (row: typeof schema.apiTokens.$inferInsert) => first(await db.insert(t.apiTokens).values(row).returning())!,
    apiTokenByHash: async (hash: string) => first(await db.select().from(t.apiTokens).where(eq(t.apiTokens.tokenHash, hash))),
    apiTokens: async (accountId?: number) =>
      db
        .select({ token: t.apiTokens, email: t.accounts.email })
        .from(t.apiTokens)
        .innerJoin(t.accounts, eq(t.accounts.id, t.apiTokens.accountId))
        .where(accountId === undefined ? undefined : eq(t.apiTokens.accountId, accountId))
        .orderBy(asc(t.apiTokens.id)),
    touchApiToken: async (id: number, at: string): Promise<void> => void (await db.update(t.apiTokens).set({ lastUsedAt: at }).where(eq(t.apiTokens.id, id))),
    /** Revokes an API token and drops the access tokens it issued; false if none was active. */
    revokeApiToken: async (id: number, at: string): Promise<boolean> =>
      transaction(async (tx) => {
        const revoked = await tx
          .update(t.apiTokens)
          .set({ revokedAt: at })
          .where(and(eq(t.apiTokens.id, id), isNull(t.apiTokens.revokedAt)))
          .returning({ id: t.apiTokens.id });
        await tx.delete(t.accessTokens).where(eq(t.accessTokens.apiTokenId, id));
        return revoked.length > 0;
      }),

    insertAccessToken: async (row: typeof schema.accessTokens.$inferInsert): Promise<void> => void (await db.insert(t.accessTokens).values(row)),
    purgeAccessTokens: async (before: string): Promise<number> =>
      (await db.delete(t.accessTokens).where(lt(t.accessTokens.expiresAt, before)).returning({ hash: t.accessTokens.tokenHash })).length,
    /** An access token with the API token and account behind it. */
    accessTokenByHash: async (hash: string) =>
      first(
        await db
          .select({ access: t.accessTokens, api: t.apiTokens })
          .from(t.accessTokens)
          .innerJoin(t.apiTokens, eq(t.apiTokens.id, t.accessTokens.apiTokenId))
          .where(eq(t.accessTokens.tokenHash, hash)),
      ),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
