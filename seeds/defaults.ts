// The embedded default data: three Font Awesome Free releases the project depends on as npm
// aliases (package.json: fa-5.15.4, fa-6.7.2, fa-7.3.1), loaded when the database has no release.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Db } from '../db/client.ts';
import { releases } from '../db/schema.ts';
import { addRelease } from './add-release.ts';

export const DEFAULT_RELEASES = ['5.15.4', '6.7.2', '7.3.1'];

const require = createRequire(import.meta.url);
export const defaultPackageDir = (version: string) => dirname(require.resolve(`fa-${version}/package.json`));

export interface ProgressLog {
  info(message: string): void;
}

/** Loads the default releases into an empty database; returns how many were loaded. */
export async function seedDefaultsIfEmpty(db: Db, log: ProgressLog): Promise<number> {
  if (db.select({ id: releases.id }).from(releases).limit(1).get()) return 0;
  log.info(`empty database: importing the default releases ${DEFAULT_RELEASES.join(', ')}`);
  for (const version of DEFAULT_RELEASES) {
    const started = Date.now();
    const result = await addRelease(db, defaultPackageDir(version));
    log.info(`imported ${result.version}: ${result.icons} icons in ${Date.now() - started} ms`);
  }
  return DEFAULT_RELEASES.length;
}
