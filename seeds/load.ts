// The release document -> the database, in one transaction: all of it or none of it. The rows are
// seeds/release-writes.ts's; SQLite writes them here, PostgreSQL in seeds/load.pg.ts.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createBulkInsert, type BulkInsert } from '../db/bulk-insert.ts';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client.ts';
import { RELEASES_SCOPE, recordChangeNow } from '../db/data-changes.ts';
import type { Database } from '../db/database.ts';
import * as t from '../db/schema.ts';
import { parseReleaseDocument, type ReleaseDocument } from './import/document.ts';
import { RELEASE_FILE_PATH, type ReleaseFile } from './import/release-files.ts';
import { loadReleasePg, removeReleasePg } from './load.pg.ts';
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

/** Validates `input` as a release document and writes it, on either dialect; resolves to the release's row id. */
export async function loadRelease(database: Database, input: unknown, options: LoadOptions = {}): Promise<number> {
  if (database.dialect === 'sqlite') return loadReleaseNow(database.sqlite!, input, options);
  const { doc, files } = checkedInput(input, options);
  return loadReleasePg(database, doc, files, options.replace ?? false);
}

/** Removes a loaded release (and the file bytes no other release names); false when it was not loaded. */
export async function removeRelease(database: Database, version: string): Promise<boolean> {
  if (database.dialect === 'sqlite') return removeReleaseNow(database.sqlite!, version);
  return removeReleasePg(database, version);
}

function checkedInput(input: unknown, options: LoadOptions): { doc: ReleaseDocument; files: ReleaseFile[] } {
  const doc = parseReleaseDocument(input);
  checkReferences(doc);
  const files = options.files ?? [];
  const badPath = files.find((file) => !RELEASE_FILE_PATH.test(file.path));
  if (badPath) throw new Error(`release ${doc.version}: file path "${badPath.path}" is outside css/, js/, webfonts/, svgs/<style>/, sprites/`);
  return { doc, files };
}

/** loadRelease on a SQLite connection, synchronously (better-sqlite3 runs statements in this thread). */
export function loadReleaseNow(db: Db, input: unknown, options: LoadOptions = {}): number {
  const { doc, files } = checkedInput(input, options);
  const insertAll = createBulkInsert(db);
  // Immediate: the write lock is taken before the release is looked up. Deferred, two processes
  // importing one release at once both found it absent, and the later one failed with "database
  // is locked" (its read no longer current) instead of being told it is loaded already.
  return db.transaction((tx) => {
    const existing = tx.select({ id: t.releases.id }).from(t.releases).where(eq(t.releases.version, doc.version)).get();
    if (existing && !options.replace) throw new ReleaseExistsError(doc.version);
    if (existing) {
      tx.delete(t.releases).where(eq(t.releases.id, existing.id)).run();
      deleteUnusedBlobs(tx as unknown as Db);
    }
    const steps = releaseWrites(doc);
    let step = steps.next();
    while (!step.done) {
      const { table, rows, idsBy } = step.value;
      step = steps.next(idsByKey(insertAll(t[table] as SQLiteTable, rows, idsBy)));
    }
    const releaseId = step.value;
    writeFiles(db, insertAll, releaseId, files); // the same connection, inside this transaction
    recordChangeNow(tx as unknown as Db, t, RELEASES_SCOPE);
    return releaseId;
  }, { behavior: 'immediate' });
}

/** removeRelease on a SQLite connection, synchronously. */
export function removeReleaseNow(db: Db, version: string): boolean {
  return db.transaction((tx) => {
    const removed = tx.delete(t.releases).where(eq(t.releases.version, version)).run().changes > 0;
    if (removed) recordChangeNow(tx as unknown as Db, t, RELEASES_SCOPE);
    deleteUnusedBlobs(tx as unknown as Db);
    return removed;
  });
}

/** Each file's bytes once in `blobs` (most repeat from the release before), and its path. */
function writeFiles(db: Db, insertAll: BulkInsert, releaseId: number, files: ReleaseFile[]): void {
  const rows = files.map((file) => ({ file, sha256: createHash('sha256').update(file.bytes).digest('hex') }));
  // Only bytes not stored yet are sent to SQLite: looking a hash up is far cheaper than binding
  // the bytes of a file it already holds.
  const stored = db.$client.prepare('select 1 from blobs where sha256 = ?').pluck();
  const fresh = new Map<string, Buffer>();
  for (const { file, sha256 } of rows) if (!fresh.has(sha256) && !stored.get(sha256)) fresh.set(sha256, file.bytes);
  insertAll(t.blobs, [...fresh].map(([sha256, bytes]) => ({ sha256, bytes })));
  insertAll(t.releaseFiles, rows.map(({ file, sha256 }) => ({ releaseId, path: file.path, sha256, size: file.bytes.length })));
}

function deleteUnusedBlobs(db: Db): void {
  db.run(sql`delete from blobs where not exists (select 1 from release_files where release_files.sha256 = blobs.sha256)`);
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
