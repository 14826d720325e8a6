// Where icon sets come from, for `seed add`: an `@iconify-json/<prefix>` package (folder or .tgz),
// all of `@iconify/json` (folder or .tgz), one IconifyJSON file, or the registry by name
// (`iconify:mdi`, `iconify:all`, fetched with `npm pack` as releases are). Each source yields its
// sets one at a time, prepared (seeds/iconify/icon-set.ts), so an import holds one set in memory.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { npmPackTarball } from '../import/package-source.ts';
import { EmptyIconSetError, prepareIconSet, type PreparedIconSet } from './icon-set.ts';

export interface SetSource {
  /** What it is, for messages: "@iconify-json/mdi@1.2.3". */
  label: string;
  /** Its sets, prepared one by one as they are pulled. */
  sets: () => Iterable<PreparedIconSet>;
  /** Sets of a full package left out, with why (filled as `sets` is pulled): retired sets with no icons. */
  skipped: string[];
  cleanup: () => void;
}

const REGISTRY_NAME = /^iconify:([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** True for a spec `seed add` should read as icon sets rather than a release. */
export function isIconSetSpec(spec: string): boolean {
  if (REGISTRY_NAME.test(spec)) return true;
  if (!existsSync(spec)) return false;
  if (statSync(spec).isDirectory()) return existsSync(join(spec, 'icons.json')) || existsSync(join(spec, 'collections.json'));
  if (spec.endsWith('.json')) return looksLikeIconSet(spec);
  // `npm pack` names them iconify-json-mdi-1.2.3.tgz and iconify-json-2.2.535.tgz.
  return /(^|\/)iconify-json-[^/]*\.tgz$/.test(spec);
}

function looksLikeIconSet(file: string): boolean {
  try {
    const head = readFileSync(file, 'utf8');
    const parsed = JSON.parse(head) as Record<string, unknown>;
    return typeof parsed.prefix === 'string' && typeof parsed.icons === 'object';
  } catch {
    return false;
  }
}

export async function openSetSource(spec: string): Promise<SetSource> {
  const named = REGISTRY_NAME.exec(spec);
  if (named) {
    const name = named[1] === 'all' ? '@iconify/json' : `@iconify-json/${named[1]}`;
    const temp = mkdtempSync(join(tmpdir(), 'iconmeta-sets-'));
    try {
      const tarball = await npmPackTarball(name, temp).catch((error: Error) => {
        throw new Error(`cannot fetch ${name} with npm pack (is "${named[1]}" a prefix of an Iconify set?): ${error.message.split('\n')[0]}`);
      });
      return withCleanup(await fromTarball(tarball), () => rmSync(temp, { recursive: true, force: true }));
    } catch (error) {
      rmSync(temp, { recursive: true, force: true });
      throw error;
    }
  }
  if (!existsSync(spec)) throw new Error(`"${spec}" is neither an existing file or folder nor iconify:<prefix> / iconify:all`);
  if (statSync(spec).isDirectory()) return fromFolder(spec);
  if (/\.(tgz|tar\.gz)$/.test(spec)) return fromTarball(spec);
  if (spec.endsWith('.json')) {
    const fallback = Math.floor(statSync(spec).mtimeMs / 1000);
    return {
      label: spec,
      sets: () => {
        const set = readJson(spec);
        return [prepareIconSet(set, { version: versionOf(set) ?? 'unversioned', source: `file ${spec}`, fallbackLastModified: fallback })];
      },
      skipped: [],
      cleanup: () => {},
    };
  }
  throw new Error(`${spec} is not an icon set package (folder or .tgz) nor an IconifyJSON .json file`);
}

const withCleanup = (source: SetSource, more: () => void): SetSource => ({
  ...source,
  cleanup: () => {
    source.cleanup();
    more();
  },
});

async function fromTarball(file: string): Promise<SetSource> {
  const temp = mkdtempSync(join(tmpdir(), 'iconmeta-sets-'));
  try {
    await tar.x({ file, cwd: temp, strict: true, filter: (path) => !path.split('/').some((segment) => segment === '.' || segment === '..') });
    const tops = readdirSync(temp);
    return withCleanup(fromFolder(tops.length === 1 ? join(temp, tops[0]) : temp), () => rmSync(temp, { recursive: true, force: true }));
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function fromFolder(dir: string): SetSource {
  const pkg = existsSync(join(dir, 'package.json')) ? (readJson(join(dir, 'package.json')) as { name?: string; version?: string }) : {};
  const packageLabel = `${pkg.name ?? dir}@${pkg.version ?? 'unversioned'}`;
  if (existsSync(join(dir, 'icons.json'))) return { label: packageLabel, sets: () => [splitPackageSet(dir, pkg, packageLabel)], skipped: [], cleanup: () => {} };
  if (existsSync(join(dir, 'collections.json')) && existsSync(join(dir, 'json'))) {
    const skipped: string[] = [];
    return { label: packageLabel, sets: () => fullPackageSets(dir, pkg, packageLabel, skipped), skipped, cleanup: () => {} };
  }
  throw new Error(`${dir} holds neither an icon set package (icons.json) nor @iconify/json (collections.json and json/)`);
}

/** `@iconify-json/<prefix>`: the set's parts in four files, put back together as one IconifyJSON. */
function splitPackageSet(dir: string, pkg: { version?: string }, label: string): PreparedIconSet {
  const optional = (name: string) => (existsSync(join(dir, name)) ? (readJson(join(dir, name)) as Record<string, unknown>) : undefined);
  const icons = readJson(join(dir, 'icons.json')) as Record<string, unknown>;
  const metadata = optional('metadata.json') ?? {};
  const whole = { ...icons, info: optional('info.json'), ...metadata, chars: optional('chars.json') };
  const fallback = Math.floor(statSync(join(dir, 'icons.json')).mtimeMs / 1000);
  return prepareIconSet(whole, { version: pkg.version ?? versionOf(whole) ?? 'unversioned', source: label, fallbackLastModified: fallback });
}

/** `@iconify/json`: every set, in the order of its collections.json, then any other file of json/. */
function* fullPackageSets(dir: string, pkg: { version?: string }, label: string, skipped: string[]): Generator<PreparedIconSet> {
  const listed = Object.keys(readJson(join(dir, 'collections.json')) as object);
  const files = new Set(readdirSync(join(dir, 'json')).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -5)));
  const order = [...listed.filter((prefix) => files.has(prefix)), ...[...files].filter((prefix) => !listed.includes(prefix)).sort()];
  for (const prefix of order) {
    const file = join(dir, 'json', `${prefix}.json`);
    const set = readJson(file);
    let prepared: PreparedIconSet;
    try {
      prepared = prepareIconSet(set, { version: versionOf(set) ?? pkg.version ?? 'unversioned', source: label, fallbackLastModified: Math.floor(statSync(file).mtimeMs / 1000) });
    } catch (error) {
      // A retired set the package still carries, empty: nothing to serve, nothing lost. Anything
      // else wrong with a set stops the whole import.
      if (!(error instanceof EmptyIconSetError)) throw error;
      skipped.push(`${prefix}: ${error.message}`);
      continue;
    }
    yield prepared;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not readable JSON: ${(error as Error).message}`);
  }
}

/** A set's own version (its info's), if it says. */
function versionOf(set: unknown): string | undefined {
  const version = (set as { info?: { version?: unknown } } | null)?.info?.version;
  return typeof version === 'string' && version.length > 0 ? version : undefined;
}
