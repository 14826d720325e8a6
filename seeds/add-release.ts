// One road for every way a release comes in (a version, a folder, a .tgz, a JSON document):
// source -> adapter -> release document -> loader.
import { existsSync, readFileSync, statSync } from 'node:fs';
import semver from 'semver';
import { fontAwesomeFreeDocument, locatePackage } from './import/font-awesome.ts';
import { laterIconsOf, versionHasMetadata, type LaterIconLookup } from './import/labels.ts';
import { fetchRelease, openTarball, type PackageOnDisk } from './import/package-source.ts';
import { filesArchiveOf, packageReleaseFiles, readFilesArchive, type ReleaseFile } from './import/release-files.ts';
import { asDatabase, type DatabaseHandle } from './database-handle.ts';
import { loadRelease } from './load.ts';

export interface AddOptions {
  replace?: boolean;
  /** Release date (YYYY-MM-DD) for a package that ships no font to read it from. */
  fallbackDate?: string;
}
export interface AddResult {
  version: string;
  icons: number;
  source: string;
}

/** A release read from its source, ready to load: its document and the files its CDN serves. */
export interface PreparedRelease {
  document: unknown;
  files: ReleaseFile[];
}

export async function addRelease(handle: DatabaseHandle, spec: string, options: AddOptions = {}): Promise<AddResult> {
  const database = asDatabase(handle);
  return loadPrepared(database, await prepareRelease(spec, options, (version) => laterIconsOf(database, version)), options);
}

/**
 * Reads a source into a release document and its files, writing nothing. `laterIconsOf` gives a
 * release without metadata the labels and histories of the releases after it (seeds/import/labels.ts).
 */
export async function prepareRelease(
  spec: string,
  options: AddOptions,
  laterIconsOf: (version: string) => LaterIconLookup | Promise<LaterIconLookup>,
): Promise<PreparedRelease> {
  if (existsSync(spec) && spec.endsWith('.json') && statSync(spec).isFile()) {
    let document: unknown;
    try {
      document = JSON.parse(readFileSync(spec, 'utf8'));
    } catch (error) {
      throw new Error(`${spec} is not valid JSON: ${(error as Error).message}`);
    }
    const archive = filesArchiveOf(spec);
    return { document, files: existsSync(archive) ? readFilesArchive(readFileSync(archive)) : [] };
  }
  const onDisk = await openSource(spec);
  try {
    // JS-only releases carry no labels or histories: borrow them from the nearest later release loaded.
    const { kind, version } = locatePackage(onDisk.dir);
    const laterIcon = kind === 'js' || kind === 'split' ? await laterIconsOf(version) : undefined;
    const document = fontAwesomeFreeDocument(onDisk.dir, { laterIcon, fallbackDate: options.fallbackDate });
    // 5.0.x's split packages hold no CDN files (their CSS and JS are not in the package).
    const files = kind === 'split' ? [] : packageReleaseFiles(onDisk.dir, onDisk.svgs);
    return { document, files };
  } finally {
    onDisk.cleanup();
  }
}

/** Writes a prepared release (all of it or none of it). */
export async function loadPrepared(handle: DatabaseHandle, { document, files }: PreparedRelease, options: AddOptions = {}): Promise<AddResult> {
  await loadRelease(asDatabase(handle), document, { replace: options.replace, files });
  const doc = document as { version: string; icons: unknown[]; source: string };
  return { version: doc.version, icons: doc.icons.length, source: doc.source };
}

/** Releases with metadata first, newest first, so JS-only releases can borrow labels and histories. */
export const importOrder = (versions: string[]) =>
  [...versions].sort((a, b) => Number(versionHasMetadata(b)) - Number(versionHasMetadata(a)) || semver.rcompare(a, b));

async function openSource(spec: string): Promise<PackageOnDisk> {
  if (existsSync(spec)) {
    if (statSync(spec).isDirectory()) return { dir: spec, cleanup: () => {} };
    if (/\.(tgz|tar\.gz)$/.test(spec)) return openTarball(spec);
    throw new Error(`${spec} is neither a folder, a .tgz package nor a .json release document`);
  }
  if (semver.valid(spec) === spec) return fetchRelease(spec);
  throw new Error(`"${spec}" is not a release version (such as 7.3.1), an existing folder, a .tgz or a .json file`);
}
