// `iconmeta seed <command>` (`npm run seed -- <command>`): a thin shell over addRelease /
// removeRelease / listReleases.
import { Command, CommanderError } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import semver from 'semver';
import type { Database } from '../db/database.ts';
import { openConfiguredDatabase } from '../scripts/configured-database.ts';
import { ConfigError } from '../server/config.ts';
import { keepSearchIndex } from '../server/search/keep-index.ts';
import { addRelease, importOrder } from './add-release.ts';
import { addReleases } from './add-releases.ts';
import { checkReleases } from './check-releases.ts';
import { publishedVersions } from './import/package-source.ts';
import { isListed } from './import/release-list.ts';
import { removeRelease } from './load.ts';
import { syncFontAwesomeSets } from './iconify/font-awesome-sets.ts';
import { addIconSets, describeOutcome } from './iconify/add-sets.ts';
import { isIconSetSpec } from './iconify/sources.ts';
import { FONT_AWESOME_SOURCE, listIconSets, removeIconSets, setSources } from './iconify/load-sets.ts';

// The database of DATABASE_URL or DATABASE_PATH, opened on first use (never for --help or bad
// arguments) and closed when the command ends: a PostgreSQL pool would keep the process alive.
let opened: Promise<Database> | undefined;
const openFromEnv = () => (opened ??= openConfiguredDatabase().then(({ database }) => database));
async function closeOpened(): Promise<void> {
  const database = await opened?.catch(() => undefined);
  opened = undefined;
  await database?.close();
}

const loaded = async ({ db, t }: Database) =>
  (await db.select({ version: t.releases.version, date: t.releases.date, source: t.releases.source }).from(t.releases))
    .sort((a, b) => semver.compare(a.version, b.version));

async function addAll(db: Database): Promise<void> {
  const present = new Set((await loaded(db)).map((r) => r.version));
  // The release list as the public API has it: published, and served by the CDN.
  const missing = (await publishedVersions()).filter((v) => isListed(v) && !present.has(v));
  const order = importOrder(missing);
  console.log(`${present.size} releases present, ${order.length} to import`);
  const bar = new SingleBar({ format: '{bar} {value}/{total} {version}', stream: process.stderr }, Presets.shades_classic);
  bar.start(order.length, 0, { version: '' });
  const failures: string[] = [];
  bar.update({ version: order[0] ?? '' });
  for await (const outcome of addReleases(db, order.map((version) => ({ spec: version, version })))) {
    if ('error' in outcome) failures.push(`${outcome.source.version}: ${outcome.error.message}`);
    bar.increment(1, { version: outcome.source.version });
  }
  bar.stop();
  await syncFontAwesomeSets(db);
  if (failures.length > 0) throw new Error(`${failures.length} releases failed (the others were imported):\n${failures.join('\n')}`);
}

/** After releases change: the Iconify sets made from them follow (seeds/iconify/font-awesome-sets.ts). */
async function followReleases(db: Database): Promise<void> {
  const changed = await syncFontAwesomeSets(db);
  if (changed.length > 0) console.log(`icon sets made from Font Awesome releases: ${changed.join(', ')}`);
}

/** After a change of what search covers, its index is built and kept for the server's next start. */
async function keepIndex(): Promise<void> {
  const started = performance.now();
  // The change itself is done: a failure here only leaves the index to the server's start.
  const kept = await keepSearchIndex(await openFromEnv()).catch((error: unknown) => void console.error(`seed: the search index was not kept (the server builds it at its start): ${(error as Error).message}`));
  if (kept) console.log(`search index kept for the next start (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export function buildSeedProgram(): Command {
  const program = new Command('seed').description('Import, list and remove icon releases and open icon sets').exitOverride();
  program.hook('postAction', async (_program, command) => {
    if (command.name() === 'add' || command.name() === 'remove') await keepIndex();
  });
  program
    .command('add')
    .description(
      'import releases: a version (fetched with npm pack), a package folder, a .tgz, or a release document .json; ' +
        'or open icon sets: iconify:<prefix> or iconify:all (fetched with npm pack), an @iconify-json/<prefix> or @iconify/json folder or .tgz, or an IconifyJSON .json file',
    )
    .argument('[sources...]', 'versions, iconify:<prefix>, iconify:all, folders, .tgz or .json files')
    .option('--all', 'import every stable Font Awesome Free release the public API lists, not yet present')
    .option('--replace', 'replace a release that is already loaded, or a set with an older version')
    .option('--date <YYYY-MM-DD>', 'release date, for a package folder or .tgz that ships no font to read it from')
    .action(async (sources: string[], options: { all?: boolean; replace?: boolean; date?: string }) => {
      if (options.date && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) program.error('--date takes YYYY-MM-DD', { exitCode: 2 });
      if (!options.all && sources.length === 0) program.error('add needs a source or --all', { exitCode: 2 });
      const db = await openFromEnv();
      if (options.all) return addAll(db);
      let releasesChanged = false;
      for (const source of sources) {
        if (isIconSetSpec(source)) {
          const { label, outcomes, skipped, seconds } = await addIconSets(db, source, { replace: options.replace });
          for (const outcome of outcomes) console.log(describeOutcome(outcome));
          for (const reason of skipped) console.log(`skipped ${reason}`);
          console.log(`${label}: ${outcomes.length} sets in ${seconds.toFixed(1)} s`);
          continue;
        }
        const result = await addRelease(db, source, { replace: options.replace, fallbackDate: options.date });
        console.log(`imported ${result.version}: ${result.icons} icons from ${result.source}`);
        releasesChanged = true;
      }
      if (releasesChanged) await followReleases(db);
    });
  program
    .command('list')
    .description('list the loaded releases, then the open icon sets (lines starting "set")')
    .action(async () => {
      const db = await openFromEnv();
      for (const r of await loaded(db)) console.log(`${r.version}\t${r.date}\t${r.source}`);
      for (const set of await listIconSets(db)) {
        console.log(`set\t${set.prefix}\t${set.version}\t${set.total ?? '?'} icons\t${set.license ?? 'no licence given'}\t${set.name ?? ''}\t${set.source}`);
      }
    });
  program
    .command('check')
    .description('check the release facts clients rely on (SRI paths and values, dates, shims, changes) over every loaded release')
    .action(async () => {
      const { releases: checked, problems } = await checkReleases(await openFromEnv());
      for (const problem of problems) console.log(problem);
      console.log(`${checked} releases checked, ${problems.length} problems`);
      if (problems.length > 0) process.exitCode = 1;
    });
  program
    .command('remove')
    .description('remove a loaded release (by version) or an open icon set (by prefix)')
    .argument('<version-or-prefix>')
    .action(async (target: string) => {
      const db = await openFromEnv();
      if (semver.valid(target) === null) {
        if ((await setSources(db)).get(target)?.match(FONT_AWESOME_SOURCE)) {
          throw new Error(`icon set ${target} is made from a Font Awesome release: remove the release instead`);
        }
        if ((await removeIconSets(db, [target])).length === 0) throw new Error(`neither a release nor an icon set "${target}" is loaded`);
        console.log(`removed icon set ${target}`);
        return;
      }
      if (!(await removeRelease(db, target))) throw new Error(`release ${target} is not loaded`);
      console.log(`removed ${target}`);
      await followReleases(db);
    });
  return program;
}

/** Runs `seed <args>`; resolves to the exit code (0 done, 1 failed, 2 usage). */
export async function runSeedCli(args: string[]): Promise<number> {
  try {
    await buildSeedProgram().parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`seed: invalid configuration: ${problem}`);
      return 2;
    }
    console.error(`seed: ${(error as Error).message}`);
    return 1;
  } finally {
    await closeOpened();
  }
}

if (import.meta.main) void runSeedCli(process.argv.slice(2)).then((code) => (process.exitCode = code));
