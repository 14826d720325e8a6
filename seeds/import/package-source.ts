// Getting a package onto disk: unpacking a .tgz, or fetching a release with `npm pack` (the npm
// client, so its registry and proxy settings apply). Each result has a cleanup for its temp folder.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import * as tar from 'tar';
import type { ReadEntry } from 'tar';
import { SPLIT_PACKAGES, SPLIT_WEBFONTS, splitPackageName } from './fa-split.ts';
import type { ReleaseFile } from './release-files.ts';

const run = promisify(execFile);
export const FREE_PACKAGE = '@fortawesome/fontawesome-free';

// What the adapter reads, and the files the CDN serves (seeds/import/release-files.ts); less, scss
// and the `-full` SVG folders are left in the tarball.
const NEEDED = /^[^/]+\/(package\.json|index\.js|(metadata|js|css|webfonts|sprites)\/[^/]+|svgs\/[^/]+\/[^/]+\.svg)$/;
const REGULAR_FILE = new Set(['File', 'OldFile', 'ContiguousFile']);
// Regular files only, and no `.` or `..` segment: openTarball writes these paths under its folder.
const needed = (path: string, entry: Stats | ReadEntry) =>
  NEEDED.test(path) && 'type' in entry && REGULAR_FILE.has(entry.type) && !path.split('/').some((segment) => segment === '.' || segment === '..');

export interface PackageOnDisk {
  dir: string;
  /**
   * The package's `svgs/<style>/*.svg` when they were kept in memory rather than written into
   * `dir` (openTarball): thousands of small files, which cost more to write and read back than the
   * rest of the import.
   */
  svgs?: ReleaseFile[];
  /**
   * A release date for a package without a font. Never filled from the registry: the publish times
   * a mirror shows are its ingest dates (font-awesome-data.md, "Dates"); seeds/release-list.json
   * dates the releases that ship no font.
   */
  fallbackDate?: string;
  cleanup: () => void;
}

/**
 * Unpacks an npm tarball in one pass: its files sit under one top folder (`package/`), whose path
 * is returned; the SVG files stay in memory (`svgs`), the few others are written to disk, where
 * the adapters read them.
 */
export async function openTarball(file: string): Promise<PackageOnDisk> {
  const temp = mkdtempSync(join(tmpdir(), 'iconmeta-'));
  try {
    const entries: ReleaseFile[] = [];
    await tar.t({
      file,
      strict: true,
      filter: needed,
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => entries.push({ path: entry.path, bytes: Buffer.concat(chunks) }));
      },
    });
    const tops = new Set(entries.map((entry) => entry.path.split('/')[0]));
    const svgs: ReleaseFile[] = [];
    for (const { path, bytes } of entries) {
      const inPackage = path.slice(path.indexOf('/') + 1);
      if (tops.size === 1 && inPackage.startsWith('svgs/')) {
        svgs.push({ path: inPackage, bytes });
        continue;
      }
      mkdirSync(join(temp, dirname(path)), { recursive: true });
      writeFileSync(join(temp, path), bytes);
    }
    const dir = tops.size === 1 ? join(temp, [...tops][0]) : temp;
    return { dir, svgs: tops.size === 1 ? svgs : undefined, cleanup: () => rmSync(temp, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw new Error(`cannot unpack ${file}: ${(error as Error).message}`);
  }
}

/** Fetching by version needs the npm client: dist/iconmeta may run where there is none. */
export class NpmMissingError extends Error {}

async function npmJson(args: string[]): Promise<any> {
  try {
    const { stdout } = await run('npm', [...args, '--json'], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new NpmMissingError('fetching a release by its version needs npm on PATH; give a package .tgz, an unpacked package folder or a release document .json instead');
  }
}

/** Packs `spec` into `into` and unpacks it to its own subfolder (split packages sit side by side). */
async function npmPack(spec: string, into: string): Promise<string> {
  const packed = await npmJson(['pack', spec, '--pack-destination', into, '--silent']);
  const folder = join(into, spec.replace(/[@/]/g, '_'));
  mkdirSync(folder);
  await tar.x({ file: join(into, packed[0].filename), cwd: folder, strip: 1, strict: true, filter: needed });
  return folder;
}

/** Packs package `spec` (name@version, or a name for its latest) into folder `into`; answers the .tgz's path. */
export async function npmPackTarball(spec: string, into: string): Promise<string> {
  const packed = await npmJson(['pack', spec, '--pack-destination', into, '--silent']);
  return join(into, packed[0].filename);
}

/** Stable Font Awesome Free releases on the registry, 5.0.x split packages included, ascending. */
export async function publishedVersions(): Promise<string[]> {
  const [free, split] = await Promise.all([
    npmJson(['view', FREE_PACKAGE, 'versions']),
    npmJson(['view', splitPackageName('solid'), 'versions']),
  ]);
  const stable = [...free, ...split].filter((v: string) => semver.valid(v) && !semver.prerelease(v) && semver.gte(v, '5.0.1'));
  return [...new Set<string>(stable)].sort(semver.compare);
}

/** Fetches release `version` with `npm pack`: the free package, or 5.0.x's split packages. */
export async function fetchRelease(version: string): Promise<PackageOnDisk> {
  const temp = mkdtempSync(join(tmpdir(), 'iconmeta-'));
  const cleanup = () => rmSync(temp, { recursive: true, force: true });
  try {
    const isSplit = semver.satisfies(version, '5.0.x', { includePrerelease: true });
    const main = isSplit ? splitPackageName('solid') : FREE_PACKAGE;
    const published: unknown = await npmJson(['view', `${main}@${version}`, 'version']).catch((error) => {
      if (error instanceof NpmMissingError) throw error;
      return null;
    });
    if (published !== version) throw new Error(`release ${version} is not published as ${main}`);
    if (!isSplit) return { dir: await npmPack(`${FREE_PACKAGE}@${version}`, temp), cleanup };

    const specs = SPLIT_PACKAGES.map((part) => `${splitPackageName(part)}@${version}`);
    if (SPLIT_WEBFONTS[version]) specs.push(`@fortawesome/fontawesome-free-webfonts@${SPLIT_WEBFONTS[version]}`);
    for (const spec of specs) await npmPack(spec, temp);
    return { dir: temp, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/**
 * Release `version` kept in `cacheDir`, fetched once: the free package's .tgz, or a folder of
 * 5.0.x's split packages. Either is a source `addRelease` takes.
 */
export async function cachedRelease(version: string, cacheDir: string): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const isSplit = semver.satisfies(version, '5.0.x', { includePrerelease: true });
  const target = join(cacheDir, isSplit ? `fontawesome-free-split-${version}` : `fontawesome-free-${version}.tgz`);
  if (existsSync(target)) return target;
  if (isSplit) {
    const fetched = await fetchRelease(version);
    try {
      cpSync(fetched.dir, `${target}.partial`, { recursive: true });
      renameSync(`${target}.partial`, target);
    } finally {
      fetched.cleanup();
    }
  } else {
    const temp = mkdtempSync(join(cacheDir, 'pack-'));
    try {
      const packed = await npmJson(['pack', `${FREE_PACKAGE}@${version}`, '--pack-destination', temp, '--silent']);
      renameSync(join(temp, packed[0].filename), target);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }
  return target;
}
