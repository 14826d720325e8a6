// server/main.ts bundled by esbuild into one CommonJS file: what `npm start` runs
// (dist/server/iconmeta.cjs, made by this script when a file it comes from changed) and what the
// executable carries (scripts/build.ts). A bundle is lighter to run than the sources: Node strips no types (its
// TypeScript stripper and its WebAssembly stay unloaded), its module loader reads no package
// folders, and V8 keeps one minified source instead of hundreds of files. Measured with the three
// default releases: RSS 113 against 136 MiB idle, 127 against 148 after GraphQL loads, the first
// answer after 0.7 s instead of 1.6-2.2 s (bench/README.md, 2026-11-26).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** What `npm start` runs. */
export const START_BUNDLE = join(root, 'dist', 'server', 'iconmeta.cjs');

export interface BundleOptions {
  outfile: string;
  /** The expression standing for each of our modules' import.meta.url and import.meta.main. */
  importMeta: (sourceFile: string) => { url: string; main: string };
  /** Code run before everything else (the executable's prelude). */
  banner?: string;
  /** Packages left out, for Node to load at run time. */
  external: string[];
  /** Loaders of particular files, before ours. */
  plugins?: Plugin[];
}

/** Bundles; returns the files the bundle was made from, relative to the project's root. */
export async function bundleServer({ outfile, importMeta, banner, external, plugins = [] }: BundleOptions): Promise<string[]> {
  const ourModules: Plugin = {
    name: 'import-meta',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const { url, main } = importMeta(args.path);
        const contents = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url).replaceAll('import.meta.main', main);
        return { contents, loader: 'ts' };
      });
    },
  };
  const result = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: [join(root, 'server', 'main.ts')],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    legalComments: 'none',
    // Whitespace and syntax only: V8 keeps the whole source in the heap (and a line-end table for
    // stack traces), so a smaller one is memory for the life of the process; names stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    banner: banner === undefined ? undefined : { js: banner },
    plugins: [...plugins, ourModules],
    external,
    logLevel: 'warning',
  });
  // Written whole, then renamed: a server starting meanwhile (another replica) reads the old bundle or the new.
  mkdirSync(dirname(outfile), { recursive: true });
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, latin1Only(result.outputFiles[0].text));
  renameSync(partial, outfile);
  return Object.keys(result.metafile.inputs);
}

/**
 * Rewrites every character above U+00FF in the bundle as a \\uXXXX escape. V8 keeps the main
 * script's source for as long as the process runs, and one such character (an em dash in a
 * dependency's comment) makes it store all of it with two bytes a character: 16 MiB instead of 8.
 * esbuild already escapes strings, regular expressions and identifiers (ASCII output); what is
 * left is comments, where the escape changes nothing.
 */
function latin1Only(source: string): string {
  return source.replace(/[^\x00-\xff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Where the start bundle's inputs are recorded: each file's size and modification time. */
const START_INPUTS = `${START_BUNDLE}.inputs.json`;
/** Rewritten by every npm install: a dependency changed (npm gives its files one fixed time) shows here. */
const INSTALL_MARK = 'node_modules/.package-lock.json';

const stamp = (file: string) => {
  const { size, mtimeMs } = statSync(join(root, file));
  return `${size}:${mtimeMs}`;
};

/** Whether the start bundle was made from the files as they are now, where they are now (its paths are absolute), by this Node. */
function startBundleCurrent(): boolean {
  if (!existsSync(START_BUNDLE) || !existsSync(START_INPUTS)) return false;
  try {
    const recorded = JSON.parse(readFileSync(START_INPUTS, 'utf8')) as { root: string; node: string; stamps: Record<string, string> };
    return recorded.root === root && recorded.node === process.version && Object.entries(recorded.stamps).every(([file, was]) => stamp(file) === was);
  } catch {
    return false; // a file gone, a record unreadable: made again
  }
}

/**
 * `npm start`'s bundle, made again only when a file it comes from changed (~0.7 s; checking is a
 * few milliseconds). Each module's import.meta.url is its source file, so it reads what the sources read.
 */
export async function bundleForStart(): Promise<string> {
  if (startBundleCurrent()) return START_BUNDLE;
  const inputs = await bundleServer({
    outfile: START_BUNDLE,
    importMeta: (sourceFile) => ({ url: JSON.stringify(pathToFileURL(sourceFile).href), main: String(sourceFile === join(root, 'server', 'main.ts')) }),
    // Loaded from node_modules: better-sqlite3 finds its addon beside its own files, and
    // subset-font (loaded at a kit's first font) its WebAssembly.
    external: ['better-sqlite3', 'subset-font'],
  });
  const stamps = Object.fromEntries([...inputs, ...(existsSync(join(root, INSTALL_MARK)) ? [INSTALL_MARK] : [])].map((file) => [file, stamp(file)]));
  writeFileSync(START_INPUTS, JSON.stringify({ root, node: process.version, stamps }));
  return START_BUNDLE;
}

if (import.meta.main) await bundleForStart();
