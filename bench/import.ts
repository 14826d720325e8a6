// `npm run bench:import`: how long importing takes, from local tarballs (downloaded once into
// BENCH_CACHE, default ./data/bench-tarballs, and not timed). Targets: 7.3.1 <= 2 s, all <= 20 s
// (issue 11).
// Baseline in the same run: unpacking the same tarballs without importing them.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { addRelease } from '../seeds/add-release.ts';
import { addReleases } from '../seeds/add-releases.ts';
import { versionHasMetadata } from '../seeds/import/labels.ts';
import { fetchRelease, FREE_PACKAGE, openTarball, publishedVersions } from '../seeds/import/package-source.ts';

const cache = resolve(process.env.BENCH_CACHE ?? './data/bench-tarballs');
mkdirSync(cache, { recursive: true });

// Registry dates of the cached 5.0.x folders, for the releases that ship no font.
const datesFile = join(cache, 'registry-dates.json');
const registryDates: Record<string, string> = existsSync(datesFile) ? JSON.parse(readFileSync(datesFile, 'utf8')) : {};

async function localSource(version: string): Promise<string> {
  if (semver.satisfies(version, '5.0.x')) {
    const folder = join(cache, version);
    if (!existsSync(folder) || !registryDates[version]) {
      const fetched = await fetchRelease(version);
      rmSync(folder, { recursive: true, force: true });
      cpSync(fetched.dir, folder, { recursive: true });
      registryDates[version] = fetched.fallbackDate!;
      writeFileSync(datesFile, JSON.stringify(registryDates, null, 2));
      fetched.cleanup();
    }
    return folder;
  }
  const file = join(cache, `fortawesome-fontawesome-free-${version}.tgz`);
  if (!existsSync(file)) execFileSync('npm', ['pack', `${FREE_PACKAGE}@${version}`, '--pack-destination', cache, '--silent'], { stdio: 'ignore' });
  return file;
}

function freshDb() {
  const dir = mkdtempSync(join(tmpdir(), 'iconmeta-bench-'));
  const db = openDatabase(join(dir, 'bench.sqlite'));
  migrateDatabase(db);
  return { db, done: () => (db.$client.close(), rmSync(dir, { recursive: true, force: true })) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const versions = await publishedVersions();
console.log(`${versions.length} stable releases; fetching missing tarballs into ${cache} ...`);
const sources = new Map<string, string>();
for (const version of versions) sources.set(version, await localSource(version));

// One release: 7.3.1, median of 5 fresh imports.
const one: number[] = [];
const unpackOne: number[] = [];
for (let i = 0; i < 5; i++) {
  let started = performance.now();
  const opened = await openTarball(sources.get('7.3.1')!);
  unpackOne.push(performance.now() - started);
  opened.cleanup();
  const { db, done } = freshDb();
  started = performance.now();
  await addRelease(db, sources.get('7.3.1')!);
  one.push(performance.now() - started);
  done();
}

// Every release, in the CLI's order (metadata releases first, so JS-only ones find their labels).
const order = [...versions].sort((a, b) => Number(versionHasMetadata(b)) - Number(versionHasMetadata(a)) || semver.rcompare(a, b));
let unpackAll = 0;
for (const version of order) {
  const source = sources.get(version)!;
  if (!source.endsWith('.tgz')) continue;
  const started = performance.now();
  (await openTarball(source)).cleanup();
  unpackAll += performance.now() - started;
}
const { db, done } = freshDb();
const started = performance.now();
const cpuBefore = process.cpuUsage();
let icons = 0;
// As `seed add --all` does: the next release read on a worker thread while one is written.
const all69 = order.map((version) => ({ spec: sources.get(version)!, version, options: { fallbackDate: registryDates[version] } }));
for await (const outcome of addReleases(db, all69)) {
  if ('error' in outcome) throw outcome.error;
  icons += outcome.result.icons;
}
const all = performance.now() - started;
// CPU seconds of this process (threads included): less at the mercy of other work on the machine.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
// BENCH_KEEP_DATABASE=<file>: keep the database of every release there (bench:memory and
// bench:startup take it as BENCH_DATABASE).
const keep = process.env.BENCH_KEEP_DATABASE;
if (keep) {
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  await db.$client.backup(resolve(keep));
  console.log(`kept the database of all ${versions.length} releases at ${resolve(keep)}`);
}
done();

console.log(`import 7.3.1 (median of 5): ${seconds(median(one))}  target 2 s  -> ${(median(one) / 2000).toFixed(2)} of target; unpack only ${seconds(median(unpackOne))} (import/unpack ${(median(one) / median(unpackOne)).toFixed(1)}x)`);
console.log(`import all ${versions.length} (${icons} icon rows): ${seconds(all)} (${cpuSeconds.toFixed(2)} CPU s)  target 20 s  -> ${(all / 20000).toFixed(2)} of target; unpack only ${seconds(unpackAll)} (import/unpack ${(all / unpackAll).toFixed(1)}x)`);
