// buildTestApp(): the real app on a fresh database of the dialect under test (TEST_DATABASE: an
// in-memory SQLite database, or a PostgreSQL database of the run's cluster), migrated and loaded
// from test/fixtures.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pino, { type Logger } from 'pino';
import request from 'supertest';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { first, sqliteDatabase, type Database, type Tables } from '../db/database.ts';
import type { ReleaseDocument } from '../seeds/import/document.ts';
import { addRelease } from '../seeds/add-release.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { loadRelease, removeRelease, type LoadOptions } from '../seeds/load.ts';
import { copySqliteToPostgres } from '../scripts/db-copy.ts';
import { createApp } from '../server/app.ts';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { loadConfig } from '../server/config.ts';
import { freshPgDatabase } from './pg-test-databases.ts';
import { onPostgres } from './test-dialect.ts';

export const fixturePath = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

/** The rich fixture release (1.2.0: free and pro-only icons), optionally as another version. */
export function fixtureDocument(version = '1.2.0', date = '2025-03-01'): ReleaseDocument {
  const doc = JSON.parse(readFileSync(fixturePath('release-document.json'), 'utf8')) as ReleaseDocument;
  return { ...doc, version, date };
}

/** Releases in the test app: 1.2.0 and 1.10.0 (semver, not string, order), 1.0.0, and a 2.x pre-release only. */
export const FIXTURE_VERSIONS = ['1.0.0', '1.2.0', '1.10.0', '2.0.0-beta1'];

/**
 * A fresh, migrated database of the dialect under test, filled by `load` (given a SQLite handle:
 * the loaders are SQLite's). On PostgreSQL, `load` runs once per `key` into a scratch SQLite
 * database copied into a template; each call then gets a copy of the template.
 */
export async function databaseWith(key: string, load: (db: Db) => unknown): Promise<Database> {
  if (!onPostgres) return sqliteDatabase(await loadedSqlite(':memory:', load));
  return freshPgDatabase(key, copiedFrom(load));
}

/** A SQLite database at `file`, migrated and filled by `load`. */
export async function loadedSqlite(file: string, load: (db: Db) => unknown): Promise<Db> {
  const db = openDatabase(file);
  migrateDatabase(db);
  await load(db);
  return db;
}

/** Fills a migrated PostgreSQL database with what `load` writes into a scratch SQLite database. */
export const copiedFrom = (load: (db: Db) => unknown) => async (database: Database) => {
  const scratch = await loadedSqlite(':memory:', load);
  try {
    await copySqliteToPostgres(scratch, database.pg!); // what `iconmeta admin db copy` does, verified
  } finally {
    scratch.$client.close();
  }
};

/** Loads the fixture releases `versions` (dated a month apart). */
export const loadFixtures = (versions: string[]) => async (db: Db) => {
  for (const [i, version] of versions.entries()) await loadRelease(db, fixtureDocument(version, `2025-0${i + 1}-01`));
};

/** A fresh database with the fixture releases `versions`. */
export const testDatabase = (versions = FIXTURE_VERSIONS): Promise<Database> =>
  databaseWith(`fixtures ${versions.join(' ')}`, loadFixtures(versions));

/** A fresh, migrated database without releases. */
export const emptyTestDatabase = (): Promise<Database> => databaseWith('empty', () => {});

/** Imports the Font Awesome packages the project depends on (fa-<version>), files included. */
export const loadPackages = (versions: string[]) => async (db: Db) => {
  for (const version of versions) await addRelease(db, defaultPackageDir(version));
};

/** A fresh database with the packages `versions` imported (once per run on PostgreSQL). */
export const packagesDatabase = (versions: string[]) => databaseWith(`packages ${versions.join(' ')}`, loadPackages(versions));

/** The release loader on a database of the dialect under test (seeds/load.ts). */
export const loadInto = async (database: Database, input: unknown, options?: LoadOptions): Promise<number> => loadRelease(database, input, options);
export const removeFrom = async (database: Database, version: string): Promise<boolean> => removeRelease(database, version);

/** The error `promise` rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

export async function buildTestApp(options: { database?: Database; env?: Record<string, string>; clock?: () => Date; logger?: Logger } = {}) {
  const database = options.database ?? (await testDatabase());
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const built = createApp({ database, config, logger, clock: options.clock });
  // The app reads the release list when created; on PostgreSQL that read is asynchronous. Requests
  // wait for it, but tests that call services directly (kits.setSubset resolving "7.x") would race
  // it. A database that cannot be read leaves the list unread, as in a server (the fault tests).
  await built.releases.refresh().catch(() => {});
  return { ...built, database, config, http: request(built.handler) };
}

/** How many rows `table` has. */
export async function countRows(database: Database, table: (t: Tables) => SQLiteTable): Promise<number> {
  return first(await database.db.select({ n: count() }).from(table(database.t)))!.n;
}

/** A request sent as is, whose body arrives as sent (supertest sets headers and decompresses). */
export async function rawRequest(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(options.body);
    });
  } finally {
    server.close();
  }
}

export const rawGet = (handler: Parameters<typeof rawRequest>[0], path: string, headers: Record<string, string> = {}) =>
  rawRequest(handler, { path, headers });

/**
 * Asks for a kept answer once per Accept-Encoding and waits for the compressed form each request
 * started in the background, so that later requests get those forms. One at a time, and none
 * while other jobs run: a job past the limit would be dropped.
 */
export async function makeCompressedForms(handler: Parameters<typeof rawRequest>[0], path: string, acceptEncodings: string[]): Promise<void> {
  for (const acceptEncoding of acceptEncodings) {
    await compressionsIdle();
    await rawGet(handler, path, { 'accept-encoding': acceptEncoding });
  }
  await compressionsIdle();
}
