// buildTestApp(): the real app on an in-memory database, migrated and loaded from test/fixtures.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import request from 'supertest';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { sqliteDatabase } from '../db/database.ts';
import type { ReleaseDocument } from '../seeds/import/document.ts';
import { loadRelease } from '../seeds/load.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

export const fixturePath = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

/** The rich fixture release (1.2.0: free and pro-only icons), optionally as another version. */
export function fixtureDocument(version = '1.2.0', date = '2025-03-01'): ReleaseDocument {
  const doc = JSON.parse(readFileSync(fixturePath('release-document.json'), 'utf8')) as ReleaseDocument;
  return { ...doc, version, date };
}

/** Releases in the test app: 1.2.0 and 1.10.0 (semver, not string, order), 1.0.0, and a 2.x pre-release only. */
export const FIXTURE_VERSIONS = ['1.0.0', '1.2.0', '1.10.0', '2.0.0-beta1'];

export function testDatabase(versions = FIXTURE_VERSIONS): Db {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  versions.forEach((version, i) => loadRelease(db, fixtureDocument(version, `2025-0${i + 1}-01`)));
  return db;
}

export function buildTestApp(options: { db?: Db; env?: Record<string, string>; clock?: () => Date; logger?: Logger } = {}) {
  const db = options.db ?? testDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const built = createApp({ database: sqliteDatabase(db), config, logger, clock: options.clock });
  return { ...built, db, config, http: request(built.handler) };
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
