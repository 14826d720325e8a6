// The release document -> the database, in one transaction: all of it or none of it, on either
// dialect. The rows are seeds/release-writes.ts's; the writes are written once here, against the
// shared tables. Where the engines differ (taking the release write lock, inserting many rows) the
// two small functions at the end choose.
import { createHash } from 'node:crypto';
import { eq, inArray, notExists, sql } from 'drizzle-orm';
import { pgBulkInsert, sqliteBulkInsert, type BulkInsert } from '../db/bulk-insert.ts';
import type { Db } from '../db/client.ts';
import { RELEASES_SCOPE, recordChange } from '../db/data-changes.ts';
import { first, type Database, type Tables } from '../db/database.ts';
import { asDatabase, type DatabaseHandle } from './database-handle.ts';
import { parseReleaseDocument, type ReleaseDocument } from './import/document.ts';
import { RELEASE_FILE_PATH, type ReleaseFile } from './import/release-files.ts';
import { idsByKey, releaseWrites } from './release-writes.ts';

export class ReleaseExistsError extends Error {
  constructor(version: string) {
    super(`release ${version} is already loaded; remove it first or load with replace`);
  }
}

export interface LoadOptions {
  /** Replace a release that is already loaded (releases are otherwise immutable). */
  replace?: boolean;
  /** The files its CDN serves (from its package); a release document alone brings none. */
  files?: ReleaseFile[];
}

/**
 * Validates `input` as a release document and writes it; resolves to the release's row id. A
 * second importer of one version waits for the first, then is told it is loaded (ReleaseExistsError).
 */
export async function loadRelease(handle: DatabaseHandle, input: unknown, options: LoadOptions = {}): Promise<number> {
  const database = asDatabase(handle);
  const { doc, files } = checkedInput(input, options);
  const { t } = database;
  return releaseTransaction(database, async (tx, insertAll) => {
    const existing = first(await tx.select({ id: t.releases.id }).from(t.releases).where(eq(t.releases.version, doc.version)));
    if (existing && !options.replace) throw new ReleaseExistsError(doc.version);
    if (existing) {
      await tx.delete(t.releases).where(eq(t.releases.id, existing.id));
      await deleteUnusedBlobs(tx, t);
    }
    const steps = releaseWrites(doc);
    let step = steps.next();
    while (!step.done) {
      const { table, rows, idsBy } = step.value;
      step = steps.next(idsByKey(await insertAll(t[table], rows, idsBy)));
    }
    const releaseId = step.value;
    await writeFiles(tx, t, insertAll, releaseId, files);
    await recordChange(database, tx, RELEASES_SCOPE);
    return releaseId;
  });
}

/** Removes a loaded release (and the file bytes no other release names); false when it was not loaded. */
export async function removeRelease(handle: DatabaseHandle, version: string): Promise<boolean> {
  const database = asDatabase(handle);
  const { t } = database;
  return releaseTransaction(database, async (tx) => {
    const removed = (await tx.delete(t.releases).where(eq(t.releases.version, version)).returning({ id: t.releases.id })).length > 0;
    if (removed) await recordChange(database, tx, RELEASES_SCOPE);
    await deleteUnusedBlobs(tx, t);
    return removed;
  });
}

function checkedInput(input: unknown, options: LoadOptions): { doc: ReleaseDocument; files: ReleaseFile[] } {
  const doc = parseReleaseDocument(input);
  checkReferences(doc);
  const files = options.files ?? [];
  const badPath = files.find((file) => !RELEASE_FILE_PATH.test(file.path));
  if (badPath) throw new Error(`release ${doc.version}: file path "${badPath.path}" is outside css/, js/, webfonts/, svgs/<style>/, sprites/`);
  return { doc, files };
}

/** Hashes asked about in one statement at most (SQLite binds at most 32,766 parameters). */
const HASHES_PER_LOOKUP = 1000;

/** Each file's bytes once in `blobs` (most repeat from the release before), and its path. */
async function writeFiles(tx: Db, t: Tables, insertAll: BulkInsert, releaseId: number, files: ReleaseFile[]): Promise<void> {
  if (files.length === 0) return;
  const rows = files.map((file) => ({ file, sha256: createHash('sha256').update(file.bytes).digest('hex') }));
  // Only bytes not stored yet are sent: looking a hash up is far cheaper than sending the bytes of
  // a file the database holds already. The release write lock keeps other writers of blobs out.
  const hashes = [...new Set(rows.map((row) => row.sha256))];
  const stored = new Set<string>();
  for (let start = 0; start < hashes.length; start += HASHES_PER_LOOKUP) {
    const found = await tx.select({ sha256: t.blobs.sha256 }).from(t.blobs).where(inArray(t.blobs.sha256, hashes.slice(start, start + HASHES_PER_LOOKUP)));
    for (const { sha256 } of found) stored.add(sha256);
  }
  const fresh = new Map<string, Buffer>();
  for (const { file, sha256 } of rows) if (!fresh.has(sha256) && !stored.has(sha256)) fresh.set(sha256, file.bytes);
  await insertAll(t.blobs, [...fresh].map(([sha256, bytes]) => ({ sha256, bytes })));
  await insertAll(t.releaseFiles, rows.map(({ file, sha256 }) => ({ releaseId, path: file.path, sha256, size: file.bytes.length })));
}

async function deleteUnusedBlobs(tx: Db, t: Tables): Promise<void> {
  const named = tx.select({ one: sql`1` }).from(t.releaseFiles).where(eq(t.releaseFiles.sha256, t.blobs.sha256));
  await tx.delete(t.blobs).where(notExists(named));
}

/**
 * Any constant shared by every process: the key of the lock that PostgreSQL's release writers
 * (imports and removals) take in turn until they commit, as SQLite's take its one write lock.
 */
export const RELEASE_WRITE_LOCK = 0x1c0_7e1;

/**
 * Runs `work` in one transaction that holds the release write lock, with the dialect's inserter:
 * SQLite's write lock is taken at BEGIN IMMEDIATE (deferred, two processes importing one release
 * both found it absent, and the later failed with "database is locked" instead of being told it is
 * loaded); PostgreSQL's is an advisory lock, on a connection of the pool kept for the transaction.
 */
export async function releaseTransaction<T>(database: Database, work: (tx: Db, insertAll: BulkInsert) => Promise<T>): Promise<T> {
  if (database.sqlite) return database.transaction((tx) => work(tx, sqliteBulkInsert(database.sqlite!.$client)));
  // Loaded here: a server on SQLite never needs PostgreSQL's driver.
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = await database.pg!.$client.connect();
  let failure: Error | undefined;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [RELEASE_WRITE_LOCK]);
    const result = await work(drizzle(client) as unknown as Db, pgBulkInsert(client));
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

/** Everything the document names must exist in it, and every name must be unique. */
export function checkReferences(doc: ReleaseDocument): void {
  const problems: string[] = [];
  const uniqueNames = (what: string, names: string[]) => {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) problems.push(`${what} "${name}" appears twice`);
      seen.add(name);
    }
    return seen;
  };
  const prefixes = uniqueNames('family-style prefix', doc.familyStyles.map((fs) => fs.prefix));
  uniqueNames('family-style', doc.familyStyles.map((fs) => `${fs.family}/${fs.style}`));
  const iconIds = uniqueNames('icon', doc.icons.map((i) => i.id));
  const packs = uniqueNames('icon pack', doc.iconPacks.map((p) => p.name));
  uniqueNames('icon collection', doc.iconCollections.map((c) => c.name));
  uniqueNames('visual tag', doc.visualTags.map((v) => v.name));
  uniqueNames('category', doc.categories.map((c) => c.name));
  uniqueNames('shim', doc.shims.map((s) => s.oldName));

  const needPrefix = (where: string, prefix: string) => {
    if (!prefixes.has(prefix)) problems.push(`${where} names family-style "${prefix}", which the release does not have`);
  };
  for (const icon of doc.icons) {
    [...icon.familyStylesByLicense.free, ...icon.familyStylesByLicense.pro].forEach((p) => needPrefix(`icon ${icon.id}`, p));
    icon.svgs.forEach((svg) => needPrefix(`icon ${icon.id} svg`, svg.prefix));
    uniqueNames(`icon ${icon.id} svg for`, icon.svgs.map((s) => s.prefix));
    uniqueNames(`icon ${icon.id} alias`, icon.aliases.names);
  }
  doc.iconPacks.forEach((pack) => pack.familyStyles.forEach((p) => needPrefix(`icon pack ${pack.name}`, p)));
  doc.visualTags.forEach((tag) => tag.familyStyles.forEach((p) => needPrefix(`visual tag ${tag.name}`, p)));
  for (const collection of doc.iconCollections) {
    collection.iconPacks.filter((p) => !packs.has(p)).forEach((p) => problems.push(`icon collection ${collection.name} names unknown pack "${p}"`));
    for (const entry of collection.subset ?? []) {
      needPrefix(`icon collection ${collection.name}`, entry.prefix);
      (entry.only ?? []).filter((id) => !iconIds.has(id)).forEach((id) => problems.push(`icon collection ${collection.name} names unknown icon "${id}"`));
    }
  }
  for (const category of doc.categories) {
    category.icons.filter((id) => !iconIds.has(id)).forEach((id) => problems.push(`category ${category.name} names unknown icon "${id}"`));
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    throw new Error(`invalid release document ${doc.version}:\n  ${shown.join('\n  ')}${more}`);
  }
}
