// The embedded default data: three Font Awesome Free releases the project depends on as npm
// aliases (package.json: fa-5.15.4, fa-6.7.2, fa-7.3.1), loaded when the database has no release.
// dist/iconmeta carries them as the release documents the adapter makes of those packages
// (scripts/build.ts), in defaults/ beside this module: same road, no package folders.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { first } from '../db/database.ts';
import { asDatabase, type DatabaseHandle } from './database-handle.ts';

export const DEFAULT_RELEASES = ['5.15.4', '6.7.2', '7.3.1'];

const require = createRequire(import.meta.url);
export const defaultPackageDir = (version: string) => dirname(require.resolve(`fa-${version}/package.json`));

/** Where a default release is imported from: its prepared release document when built, else its package. */
export function defaultReleaseSource(version: string): string {
  const prepared = fileURLToPath(new URL(`./defaults/${version}.json`, import.meta.url));
  return existsSync(prepared) ? prepared : defaultPackageDir(version);
}

export interface ProgressLog {
  info(message: string): void;
}

/** Loads the default releases into an empty database; returns how many were loaded. */
export async function seedDefaultsIfEmpty(handle: DatabaseHandle, log: ProgressLog): Promise<number> {
  const database = asDatabase(handle);
  const { db, t } = database;
  if (first(await db.select({ id: t.releases.id }).from(t.releases).limit(1))) return 0;
  log.info(`empty database: importing the default releases ${DEFAULT_RELEASES.join(', ')}`);
  // Loaded only here: a start on a database that holds releases needs none of the importers.
  const { addRelease } = await import('./add-release.ts');
  const { ReleaseExistsError } = await import('./load.ts');
  for (const version of DEFAULT_RELEASES) {
    const started = Date.now();
    try {
      const result = await addRelease(database, defaultReleaseSource(version));
      log.info(`imported ${result.version}: ${result.icons} icons in ${Date.now() - started} ms`);
    } catch (error) {
      // Replicas starting together on an empty database all seed it: the later ones find each
      // release imported by another, which is the state they wanted.
      if (!(error instanceof ReleaseExistsError)) throw error;
      log.info(`${version} was imported by another process meanwhile`);
    }
  }
  return DEFAULT_RELEASES.length;
}

/**
 * At start: the Iconify sets made from Font Awesome releases follow the releases loaded (a
 * database from before open icon sets existed gets them now; nearly always nothing changes). A
 * database this process cannot write (a read-only replica's file) keeps what it has.
 */
export async function syncFontAwesomeSetsAtStart(handle: DatabaseHandle, log: ProgressLog & { warn(details: object, message: string): void }): Promise<void> {
  const { syncFontAwesomeSets } = await import('./iconify/font-awesome-sets.ts');
  try {
    const changed = await syncFontAwesomeSets(handle);
    if (changed.length > 0) log.info(`icon sets made from Font Awesome releases: ${changed.join(', ')}`);
  } catch (error) {
    log.warn({ problem: (error as Error).message }, 'the icon sets made from Font Awesome releases could not be brought up to date');
  }
}
