import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { addRelease } from '../seeds/add-release.ts';
import { addReleases, type AddOutcome, type ReleaseSource } from '../seeds/add-releases.ts';
import { emptyTestDatabase, fixturePath } from './helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';

// In the CLI's order: releases with metadata first, then the JS-only 6.0.0, which borrows labels
// and histories from 7.3.1 and so must be read after it is committed.
const SOURCES: ReleaseSource[] = [
  { spec: fixturePath('fa-icon-families'), version: '7.3.1' },
  { spec: fixturePath('fa-icons-yml'), version: '5.15.4' },
  { spec: fixturePath('fa-js-only'), version: '6.0.0' },
];

const contents = ({ db, t }: Database) =>
  db
    .select({ releaseId: t.icons.releaseId, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode, changes: t.icons.changes })
    .from(t.icons)
    .orderBy(t.icons.releaseId, t.icons.name);

async function collect(outcomes: AsyncGenerator<AddOutcome>): Promise<AddOutcome[]> {
  const all: AddOutcome[] = [];
  for await (const outcome of outcomes) all.push(outcome);
  return all;
}

describe('adding many releases', () => {
  let dir: string; // where a missing source is
  const shared: SharedTestDatabase[] = [];
  /** An empty database that a worker thread can open too (a file, on SQLite). */
  const sharedDb = async () => {
    shared.push(await sharedTestDatabase('empty', () => {}));
    return shared.at(-1)!.connect();
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-add-releases-'))));
  afterEach(async () => {
    await Promise.all(shared.splice(0).map((database) => database.remove()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads each next release on a worker thread and writes what adding them one at a time writes', async () => {
    const pipelined = await sharedDb();
    const outcomes = await collect(addReleases(pipelined, SOURCES));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal(['7.3.1', '5.15.4', '6.0.0']);

    const oneByOne = await sharedDb();
    for (const { spec } of SOURCES) await addRelease(oneByOne, spec);
    expect(await contents(pipelined)).to.deep.equal(await contents(oneByOne));
    // Borrowed over the worker's own connection, from 7.3.1 committed before 6.0.0 was read.
    const house = (await contents(pipelined)).find((icon) => icon.releaseId === 3 && icon.name === 'house');
    expect(house).to.deep.include({ label: 'House', changes: ['1.0.0', '5.0.0', '5.7.0', '6.0.0-beta1', '6.0.0-beta2', '6.0.0-beta3'] });
  });

  it('reports a source that fails and goes on with the others, writing nothing of it', async () => {
    const database = await sharedDb();
    const missing = join(dir, 'no-such-folder');
    const outcomes = await collect(addReleases(database, [SOURCES[0], { spec: missing, version: '7.0.0' }, SOURCES[2]]));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal([
      '7.3.1',
      `"${missing}" is not a release version (such as 7.3.1), an existing folder, a .tgz or a .json file`,
      '6.0.0',
    ]);
    const { db, t } = database;
    expect((await db.select({ version: t.releases.version }).from(t.releases).orderBy(t.releases.id)).map((r) => r.version)).to.deep.equal(['7.3.1', '6.0.0']);
  });

  it('adds them one at a time to a database in memory, with the same outcome', async () => {
    const database = await emptyTestDatabase(); // in memory on SQLite: no file for a worker to open
    const outcomes = await collect(addReleases(database, SOURCES));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal(['7.3.1', '5.15.4', '6.0.0']);
    const reference = await sharedDb();
    for (const { spec } of SOURCES) await addRelease(reference, spec);
    expect(await contents(database)).to.deep.equal(await contents(reference));
  });
});
