// The release loader on PostgreSQL (seeds/load.ts is the entry point for both dialects): the rows
// of seeds/release-writes.ts in one transaction on one pooled connection, in multi-row INSERTs.
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { createPgBulkInsert } from '../db/bulk-insert.pg.ts';
import type { Db } from '../db/client.ts';
import { RELEASES_SCOPE, recordChange } from '../db/data-changes.ts';
import type { Database } from '../db/database.ts';
import * as t from '../db/schema.pg.ts';
import type { ReleaseDocument } from './import/document.ts';
import type { ReleaseFile } from './import/release-files.ts';
import { ReleaseExistsError } from './load.ts';
import { idsByKey, releaseWrites } from './release-writes.ts';

/**
 * Any constant shared by every process: the key of the lock that release writers (imports and
 * removals) take in turn until they commit. A second importer of one version waits, then finds it
 * loaded (ReleaseExistsError) instead of failing on the unique version; and a removal cannot
 * delete a blob that an import under way found stored and names.
 */
export const RELEASE_WRITE_LOCK = 0x1c0_7e1;

export async function loadReleasePg(database: Database, doc: ReleaseDocument, files: ReleaseFile[], replace: boolean): Promise<number> {
  return inTransaction(database, async (client, tx) => {
    const existing = await client.query<{ id: number }>('select id from releases where version = $1', [doc.version]);
    if (existing.rows.length > 0 && !replace) throw new ReleaseExistsError(doc.version);
    if (existing.rows.length > 0) {
      await client.query('delete from releases where id = $1', [existing.rows[0].id]);
      await deleteUnusedBlobs(client);
    }
    const insertAll = createPgBulkInsert(client);
    const steps = releaseWrites(doc);
    let step = steps.next();
    while (!step.done) {
      const { table, rows, idsBy } = step.value;
      step = steps.next(idsByKey(await insertAll(t[table] as PgTable, rows, idsBy)));
    }
    const releaseId = step.value;
    await writeFiles(client, releaseId, files);
    await recordChange(database, tx, RELEASES_SCOPE);
    return releaseId;
  });
}

export async function removeReleasePg(database: Database, version: string): Promise<boolean> {
  return inTransaction(database, async (client, tx) => {
    const removed = (await client.query('delete from releases where version = $1', [version])).rowCount! > 0;
    if (removed) await recordChange(database, tx, RELEASES_SCOPE);
    await deleteUnusedBlobs(client);
    return removed;
  });
}

/**
 * Runs `work` in one transaction holding the release write lock, on a connection of the pool
 * (`client` for raw statements, `tx` the same connection for Drizzle).
 */
async function inTransaction<T>(database: Database, work: (client: pg.PoolClient, tx: Db) => Promise<T>): Promise<T> {
  const client = await database.pg!.$client.connect();
  let failure: Error | undefined;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [RELEASE_WRITE_LOCK]);
    const result = await work(client, drizzle(client, { schema: t }) as unknown as Db);
    await client.query('commit');
    return result;
  } catch (error) {
    failure = error as Error;
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    // A connection whose rollback failed may be broken: the pool drops it instead of reusing it.
    client.release(failure !== undefined && !(failure instanceof ReleaseExistsError) ? failure : undefined);
  }
}

/** Each file's bytes once in `blobs` (most repeat from the release before), and its path. */
async function writeFiles(client: pg.PoolClient, releaseId: number, files: ReleaseFile[]): Promise<void> {
  if (files.length === 0) return;
  const rows = files.map((file) => ({ file, sha256: createHash('sha256').update(file.bytes).digest('hex') }));
  // Only bytes not stored yet are sent: most of a release's files are its predecessor's.
  const hashes = [...new Set(rows.map((row) => row.sha256))];
  const stored = new Set((await client.query<{ sha256: string }>('select sha256 from blobs where sha256 = any($1)', [hashes])).rows.map((row) => row.sha256));
  const fresh = new Map<string, Buffer>();
  for (const { file, sha256 } of rows) if (!fresh.has(sha256) && !stored.has(sha256)) fresh.set(sha256, file.bytes);
  await createPgBulkInsert(client, { conflict: 'ignore' })(t.blobs, [...fresh].map(([sha256, bytes]) => ({ sha256, bytes })));
  await createPgBulkInsert(client)(t.releaseFiles, rows.map(({ file, sha256 }) => ({ releaseId, path: file.path, sha256, size: file.bytes.length })));
}

async function deleteUnusedBlobs(client: pg.PoolClient): Promise<void> {
  await client.query('delete from blobs where not exists (select 1 from release_files where release_files.sha256 = blobs.sha256)');
}
