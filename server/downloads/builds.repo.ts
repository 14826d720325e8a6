// SQL for builds (db/schema.ts, builds): created PENDING, finished READY (with the zip) or FAILED.
import { and, desc, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type BuildRow = Omit<typeof t.builds.$inferSelect, 'zip'>;
const columns = {
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
};

export function createBuildsRepo(db: Db) {
  return {
    insert: async (row: Omit<typeof t.builds.$inferInsert, 'status' | 'heartbeatAt'>) =>
      db.insert(t.builds).values({ ...row, status: 'PENDING', heartbeatAt: row.createdAt }).returning(columns).get(),
    /** The builds this process is making are alive. */
    heartbeat: async (ids: string[], at: string): Promise<void> => {
      if (ids.length > 0) db.update(t.builds).set({ heartbeatAt: at }).where(and(inArray(t.builds.id, ids), eq(t.builds.status, 'PENDING'))).run();
    },
    byId: async (id: string): Promise<BuildRow | undefined> => db.select(columns).from(t.builds).where(eq(t.builds.id, id)).get(),
    /** The newest build made for this request that has not failed, if any. */
    reusable: async (request: string): Promise<BuildRow | undefined> =>
      db.select(columns).from(t.builds).where(and(eq(t.builds.request, request), inArray(t.builds.status, ['PENDING', 'READY']))).orderBy(desc(t.builds.createdAt)).get(),
    zip: async (id: string): Promise<Buffer | undefined> => db.select({ zip: t.builds.zip }).from(t.builds).where(and(eq(t.builds.id, id), eq(t.builds.status, 'READY'))).get()?.zip ?? undefined,
    ready: async (id: string, zip: Buffer, at: string): Promise<void> => void db.update(t.builds).set({ status: 'READY', zip, finishedAt: at }).where(eq(t.builds.id, id)).run(),
    failed: async (id: string, reason: string, at: string): Promise<void> => void db.update(t.builds).set({ status: 'FAILED', failureReason: reason, finishedAt: at }).where(eq(t.builds.id, id)).run(),
    /** PENDING builds with no heartbeat since `before`: their process stopped, they will never finish. */
    failStale: async (before: string, at: string): Promise<number> =>
      db
        .update(t.builds)
        .set({ status: 'FAILED', failureReason: 'the server making it stopped (a restart) before the build finished; request it again', finishedAt: at })
        .where(and(eq(t.builds.status, 'PENDING'), or(isNull(t.builds.heartbeatAt), lt(t.builds.heartbeatAt, before))))
        .run().changes,
    /** Keeps the newest `keep` builds (their zips are what the database holds). */
    prune: async (keep: number): Promise<void> => {
      const newest = db.select({ id: t.builds.id }).from(t.builds).orderBy(desc(t.builds.createdAt)).limit(keep).all().map((r) => r.id);
      if (newest.length === keep) db.delete(t.builds).where(notInArray(t.builds.id, newest)).run();
    },
  };
}

export type BuildsRepo = ReturnType<typeof createBuildsRepo>;
