// SQL for accounts, API tokens and access tokens. Every function answers with a promise, whatever
// the database: better-sqlite3 answers at once, a database server over the network does not, and
// services are written once for both.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ApiTokenRow = typeof t.apiTokens.$inferSelect;

export function createAuthRepo(db: Db) {
  return {
    accountByEmail: async (email: string) => db.select().from(t.accounts).where(eq(t.accounts.email, email)).get(),
    accountById: async (id: number) => db.select().from(t.accounts).where(eq(t.accounts.id, id)).get(),
    accounts: async () => db.select().from(t.accounts).orderBy(asc(t.accounts.id)).all(),
    insertAccount: async (email: string, createdAt: string) =>
      db.insert(t.accounts).values({ email, createdAt }).returning().get(),

    insertApiToken: async (row: typeof t.apiTokens.$inferInsert) => db.insert(t.apiTokens).values(row).returning().get(),
    apiTokenByHash: async (hash: string) => db.select().from(t.apiTokens).where(eq(t.apiTokens.tokenHash, hash)).get(),
    apiTokens: async (accountId?: number) =>
      db
        .select({ token: t.apiTokens, email: t.accounts.email })
        .from(t.apiTokens)
        .innerJoin(t.accounts, eq(t.accounts.id, t.apiTokens.accountId))
        .where(accountId === undefined ? undefined : eq(t.apiTokens.accountId, accountId))
        .orderBy(asc(t.apiTokens.id))
        .all(),
    touchApiToken: async (id: number, at: string): Promise<void> => void db.update(t.apiTokens).set({ lastUsedAt: at }).where(eq(t.apiTokens.id, id)).run(),
    /** Revokes an API token and drops the access tokens it issued; false if none was active. */
    revokeApiToken: async (id: number, at: string): Promise<boolean> =>
      db.transaction((tx) => {
        const changed = tx.update(t.apiTokens).set({ revokedAt: at }).where(and(eq(t.apiTokens.id, id), isNull(t.apiTokens.revokedAt))).run().changes;
        tx.delete(t.accessTokens).where(eq(t.accessTokens.apiTokenId, id)).run();
        return changed > 0;
      }),

    insertAccessToken: async (row: typeof t.accessTokens.$inferInsert): Promise<void> => void db.insert(t.accessTokens).values(row).run(),
    purgeAccessTokens: async (before: string): Promise<number> => db.delete(t.accessTokens).where(lt(t.accessTokens.expiresAt, before)).run().changes,
    /** An access token with the API token and account behind it. */
    accessTokenByHash: async (hash: string) =>
      db
        .select({ access: t.accessTokens, api: t.apiTokens })
        .from(t.accessTokens)
        .innerJoin(t.apiTokens, eq(t.apiTokens.id, t.accessTokens.apiTokenId))
        .where(eq(t.accessTokens.tokenHash, hash))
        .get(),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
