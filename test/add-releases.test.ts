import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { addRelease } from '../seeds/add-release.ts';
import { addReleases, type AddOutcome, type ReleaseSource } from '../seeds/add-releases.ts';
import { fixturePath } from './helpers.ts';

// In the CLI's order: releases with metadata first, then the JS-only 6.0.0, which borrows labels
// and histories from 7.3.1 and so must be read after it is committed.
const SOURCES: ReleaseSource[] = [
  { spec: fixturePath('fa-icon-families'), version: '7.3.1' },
  { spec: fixturePath('fa-icons-yml'), version: '5.15.4' },
  { spec: fixturePath('fa-js-only'), version: '6.0.0' },
];

const contents = (db: Db) =>
  db
    .select({ releaseId: t.icons.releaseId, name: t.icons.name, label: t.icons.label, unicode: t.icons.unicode, changes: t.icons.changes })
    .from(t.icons)
    .orderBy(t.icons.releaseId, t.icons.name)
    .all();

async function collect(outcomes: AsyncGenerator<AddOutcome>): Promise<AddOutcome[]> {
  const all: AddOutcome[] = [];
  for await (const outcome of outcomes) all.push(outcome);
  return all;
}

describe('adding many releases', () => {
  let dir: string;
  const fileDb = (name: string) => {
    const db = openDatabase(join(dir, name));
    migrateDatabase(db);
    return db;
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'iconmeta-add-releases-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads each next release on a worker thread and writes what adding them one at a time writes', async () => {
    const pipelined = fileDb('pipelined.sqlite');
    const outcomes = await collect(addReleases(pipelined, SOURCES));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal(['7.3.1', '5.15.4', '6.0.0']);

    const oneByOne = fileDb('one-by-one.sqlite');
    for (const { spec } of SOURCES) await addRelease(oneByOne, spec);
    expect(contents(pipelined)).to.deep.equal(contents(oneByOne));
    // Borrowed over the worker's own connection, from 7.3.1 committed before 6.0.0 was read.
    const house = contents(pipelined).find((icon) => icon.releaseId === 3 && icon.name === 'house');
    expect(house).to.deep.include({ label: 'House', changes: ['1.0.0', '5.0.0', '5.7.0', '6.0.0-beta1', '6.0.0-beta2', '6.0.0-beta3'] });
    pipelined.$client.close();
    oneByOne.$client.close();
  });

  it('reports a source that fails and goes on with the others, writing nothing of it', async () => {
    const db = fileDb('partial.sqlite');
    const missing = join(dir, 'no-such-folder');
    const outcomes = await collect(addReleases(db, [SOURCES[0], { spec: missing, version: '7.0.0' }, SOURCES[2]]));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal([
      '7.3.1',
      `"${missing}" is not a release version (such as 7.3.1), an existing folder, a .tgz or a .json file`,
      '6.0.0',
    ]);
    expect(db.select({ version: t.releases.version }).from(t.releases).orderBy(t.releases.id).all().map((r) => r.version)).to.deep.equal(['7.3.1', '6.0.0']);
    db.$client.close();
  });

  it('adds them one at a time to a database in memory, with the same outcome', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const outcomes = await collect(addReleases(db, SOURCES));
    expect(outcomes.map((o) => ('result' in o ? o.result.version : o.error.message))).to.deep.equal(['7.3.1', '5.15.4', '6.0.0']);
    const file = fileDb('reference.sqlite');
    for (const { spec } of SOURCES) await addRelease(file, spec);
    expect(contents(db)).to.deep.equal(contents(file));
    file.$client.close();
  });
});
