// Two processes importing the same release at once (two replicas, or two operators): one imports
// it, the other is told it is loaded already, and the database holds one copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { loadRelease } from '../seeds/load.ts';
import { fixtureDocument } from './helpers.ts';
import { sqliteOnly } from './test-dialect.ts';

describe('the same release imported by two connections at once', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-concurrent-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('ends with one copy: the later importer waits, then is told the release is loaded already', async function () {
    sqliteOnly(this, "SQLite's write lock (BEGIN IMMEDIATE) and busy timeout between two connections to one file");
    const file = join(dir, 'shared.sqlite');
    const document = fixtureDocument('1.2.0');
    const db = openDatabase(file);
    migrateDatabase(db);
    // This connection is an import under way (it holds the write lock) when the other starts its
    // own; it commits while the other waits for the lock.
    db.$client.exec('begin immediate');
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: { file, document } });
    const ended = new Promise<{ done: string; error?: string }>((resolve, reject) => {
      worker.on('message', (message: { done?: string; error?: string }) => message.done && resolve(message as { done: string; error?: string }));
      worker.on('error', reject);
    });
    await new Promise<void>((resolve) => worker.once('message', () => resolve())); // it is loading
    await new Promise((resolve) => setTimeout(resolve, 500)); // and waits for the lock (its busy timeout is 5 s)
    await loadRelease(db, document); // a savepoint inside the transaction this connection holds
    db.$client.exec('commit');
    try {
      expect(await ended).to.deep.equal({ done: 'failed', error: 'release 1.2.0 is already loaded; remove it first or load with replace' });
      expect(db.$client.prepare("select count(*) as n from releases where version = '1.2.0'").get()).to.deep.equal({ n: 1 });
    } finally {
      await worker.terminate();
      db.$client.close();
    }
  });
});
