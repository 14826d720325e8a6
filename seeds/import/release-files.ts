// The files a release's CDN serves, read from its package: css/, js/, webfonts/, svgs/<style>/ and
// sprites/. The CDN serves the minified build at the plain path (font-awesome-data.md, "SRI
// values"), so a CSS or JS file is kept once, under its plain path, with the `.min` file's bytes
// where the package ships one; the server answers the `.min` path from the same entry.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { isMinifiedPath } from './sri.ts';

export interface ReleaseFile {
  /** Relative to the release's root on the CDN: `css/all.css`, `svgs/solid/house.svg`. */
  path: string;
  bytes: Buffer;
}

/** The shape of every path the store accepts: a known folder, plain names, no `..`. */
export const RELEASE_FILE_PATH = /^(css|js|webfonts|sprites)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$|^svgs\/[a-z0-9-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const plainPath = (path: string) => path.replace(/\.min\.(css|js)$/, '.$1');
const listFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile()).sort() : []);

function minifiedBuilds(packageDir: string, folder: 'css' | 'js'): ReleaseFile[] {
  const names = listFiles(join(packageDir, folder)).filter((name) => name.endsWith(`.${folder}`));
  const byPlain = new Map<string, string>();
  // A `.min` file wins over its plain sibling whatever the listing order.
  for (const name of names) {
    const path = `${folder}/${name}`;
    if (isMinifiedPath(path) || !byPlain.has(plainPath(path))) byPlain.set(plainPath(path), name);
  }
  return [...byPlain].map(([path, name]) => ({ path, bytes: readFileSync(join(packageDir, folder, name)) }));
}

/**
 * Every file of an unpacked Font Awesome package the CDN serves (none for a folder without them);
 * `svgs`, when given, are its SVG files already read (seeds/import/package-source.ts).
 */
export function packageReleaseFiles(packageDir: string, svgs?: ReleaseFile[]): ReleaseFile[] {
  const files = [...minifiedBuilds(packageDir, 'css'), ...minifiedBuilds(packageDir, 'js')];
  for (const folder of ['webfonts', 'sprites']) {
    for (const name of listFiles(join(packageDir, folder))) files.push({ path: `${folder}/${name}`, bytes: readFileSync(join(packageDir, folder, name)) });
  }
  if (svgs) files.push(...[...svgs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
  else files.push(...svgFiles(packageDir));
  return files.filter((file) => RELEASE_FILE_PATH.test(file.path));
}

function svgFiles(packageDir: string): ReleaseFile[] {
  const files: ReleaseFile[] = [];
  const svgs = join(packageDir, 'svgs');
  for (const style of existsSync(svgs) ? readdirSync(svgs).sort() : []) {
    for (const name of listFiles(join(svgs, style)).filter((n) => n.endsWith('.svg'))) {
      files.push({ path: `svgs/${style}/${name}`, bytes: readFileSync(join(svgs, style, name)) });
    }
  }
  return files;
}

/**
 * A release document's files travel beside it as `<document>.files.zip` (the paths above at the
 * top of the zip): how dist/iconmeta carries the default releases' files, and how an
 * organisation can ship its own library's CSS and fonts with its documents.
 */
export const filesArchiveOf = (documentPath: string) => documentPath.replace(/\.json$/, '.files.zip');

export function writeFilesArchive(files: ReleaseFile[]): Uint8Array {
  // Fonts are compressed already; the rest (SVG, CSS, JS) shrinks to about a third.
  return zipSync(Object.fromEntries(files.map((file) => [file.path, [file.bytes, { level: /\.woff2?$/.test(file.path) ? 0 : 9 }]])));
}

export function readFilesArchive(zip: Uint8Array): ReleaseFile[] {
  return Object.entries(unzipSync(zip))
    .filter(([path]) => !path.endsWith('/'))
    .map(([path, bytes]) => ({ path, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) }));
}
