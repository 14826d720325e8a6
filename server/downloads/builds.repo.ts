// SQL for builds (db/schema.ts, builds): created PENDING, finished READY (with the zip) or FAILED.
import { and, desc, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import { first, type Database } from '../../db/database.ts';
import type * as schema from '../../db/schema.ts';

export type BuildRow = Omit<typeof schema.builds.$inferSelect, 'zip'>;
const columnsOf = (t: Database['t']) => ({
  id: t.builds.id,
  kind: t.builds.kind,
  kitId: t.builds.kitId,
  buildType: t.builds.buildType,
  request: t.builds.request,
  status: t.builds.status,
  failureReason: t.builds.failureReason,
  createdAt: t.builds.createdAt,
  finishedAt: t.builds.finishedAt,
  heartbeatAt: t.builds.heartbeatAt,
});

export function createBuildsRepo({ db, t }: Database) {
  const columns = columnsOf(t);
  return {
    insert: async (row: Omit<typeof schema.builds.$inferInsert, 'status' | 'heartbeatAt'>) =>
      first(await db.insert(t.builds).values({ ...row, status: 'PENDING', heartbeatAt: row.createdAt }).returning(columns))!,
    /** The builds this process is making are alive. */
    heartbeat: async (ids: string[], at: string): Promise<void> => {
      if (ids.length > 0) await db.update(t.builds).set({ heartbeatAt: at }).where(and(inArray(t.builds.id, ids), eq(t.builds.status, 'PENDING')));
    },
    byId: async (id: string): Promise<BuildRow | undefined> => first(await db.select(columns).from(t.builds).where(eq(t.builds.id, id))),
    /** The newest build made for this request that has not failed, if any. */
    reusable: async (request: string): Promise<BuildRow | undefined> =>
      first(await db.select(columns).from(t.builds).where(and(eq(t.builds.request, request), inArray(t.builds.status, ['PENDING', 'READY']))).orderBy(desc(t.builds.createdAt)).limit(1)),
    zip: async (id: string): Promise<Buffer | undefined> => first(await db.select({ zip: t.builds.zip }).from(t.builds).where(and(eq(t.builds.id, id), eq(t.builds.status, 'READY'))))?.zip ?? undefined,
    ready: async (id: string, zip: Buffer, at: string): Promise<void> => void (await db.update(t.builds).set({ status: 'READY', zip, finishedAt: at }).where(eq(t.builds.id, id))),
    failed: async (id: string, reason: string, at: string): Promise<void> => void (await db.update(t.builds).set({ status: 'FAILED', failureReason: reason, finishedAt: at }).where(eq(t.builds.id, id))),
    /** PENDING builds with no heartbeat since `before`: their process stopped, they will never finish. */
    failStale: async (before: string, at: string): Promise<number> =>
      (
        await db
          .update(t.builds)
        .set({ status: 'FAILED', failureReason: 'the server making it stopped (a restart) before the build finished; request it again', finishedAt: at })
          .where(and(eq(t.builds.status, 'PENDING'), or(isNull(t.builds.heartbeatAt), lt(t.builds.heartbeatAt, before))))
          .returning({ id: t.builds.id })
      ).length,
    /** Keeps the newest `keep` builds (their zips are what the database holds). */
    prune: async (keep: number): Promise<void> => {
      const newest = (await db.select({ id: t.builds.id }).from(t.builds).orderBy(desc(t.builds.createdAt)).limit(keep)).map((r) => r.id);
      if (newest.length === keep) await db.delete(t.builds).where(notInArray(t.builds.id, newest));
    },
  };
}

export type BuildsRepo = ReturnType<typeof createBuildsRepo>;
