// `npm run build`: dist/iconmeta, one executable (Node's single executable application). Steps:
// the default releases become release documents (the adapter, as at import); esbuild bundles
// server/main.ts into one CommonJS file led by sea-prelude.cjs; Node writes the SEA blob with the
// bundle and the gzipped assets (web/ among them); postject injects it into a copy of the Node that runs this build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'esbuild';
import { inject } from 'postject';
import { fontAwesomeFreeDocument } from '../seeds/import/font-awesome.ts';
import { packageReleaseFiles, writeFilesArchive } from '../seeds/import/release-files.ts';
import { DEFAULT_RELEASES, defaultPackageDir } from '../seeds/defaults.ts';
import { bundleServer } from './bundle-server.ts';
import { NODE_FLAGS } from './node-flags.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const dist = join(root, 'dist');
const work = join(dist, 'build');
const output = join(dist, 'iconmeta');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile() && keep(file));
}

const HARFBUZZ_WASM = 'node_modules/harfbuzzjs/dist/harfbuzz-subset.wasm';
/** The MCP icon picker inlines this bundle of @modelcontextprotocol/ext-apps (server/mcp/picker.resource.ts). */
const MCP_APP_BUNDLE = 'node_modules/@modelcontextprotocol/ext-apps/dist/src/app-with-deps.js';

/** subset-font reads harfbuzz's WebAssembly from its package folder; here, from the unpacked tree. */
const harfbuzzFromTree: Plugin = {
  name: 'harfbuzz-from-tree',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]subset-font[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const wasm = `require.resolve('${HARFBUZZ_WASM.slice('node_modules/'.length)}')`;
      if (!source.includes(wasm)) throw new Error(`subset-font no longer loads ${wasm}: update scripts/build.ts`);
      return { contents: source.replace(wasm, `require('node:url').fileURLToPath(globalThis.iconmetaUrl('/${HARFBUZZ_WASM}'))`), loader: 'js' };
    });
  },
};

export async function buildExecutable(): Promise<{ file: string; bytes: number }> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  // Assets: paths inside the unpacked tree -> their bytes.
  const assets = new Map<string, Buffer>();
  const addFile = (file: string) => assets.set(relative(root, file), readFileSync(file));
  filesUnder(join(root, 'db', 'migrations'), () => true).forEach(addFile);
  filesUnder(join(root, 'server'), (f) => f.endsWith('.graphql')).forEach(addFile);
  filesUnder(join(root, 'web'), () => true).forEach(addFile); // the icon browser's CSS and scripts (server/web/assets.ts)
  filesUnder(join(root, 'seeds'), (f) => f.endsWith('.json') && dirname(f) === join(root, 'seeds')).forEach(addFile);
  filesUnder(join(root, 'seeds', 'set-words'), () => true).forEach(addFile); // the words some sets give their icons (server/search/set-words.ts)
  for (const version of DEFAULT_RELEASES) {
    const document = fontAwesomeFreeDocument(defaultPackageDir(version));
    assets.set(`seeds/defaults/${version}.json`, Buffer.from(JSON.stringify(document)));
    // The files its CDN paths serve, beside the document (seeds/import/release-files.ts).
    assets.set(`seeds/defaults/${version}.files.zip`, Buffer.from(writeFilesArchive(packageReleaseFiles(defaultPackageDir(version)))));
  }
  const require = createRequire(import.meta.url);
  const addon = `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`;
  assets.set(addon, readFileSync(join(dirname(require.resolve('better-sqlite3/package.json')), relative('node_modules/better-sqlite3', addon))));
  assets.set('package.json', readFileSync(join(root, 'package.json')));
  assets.set(MCP_APP_BUNDLE, readFileSync(join(root, MCP_APP_BUNDLE)));
  assets.set(HARFBUZZ_WASM, readFileSync(require.resolve(HARFBUZZ_WASM.slice('node_modules/'.length), { paths: [dirname(require.resolve('subset-font'))] })));

  const bundle = join(work, 'iconmeta.cjs');
  await bundleServer({
    outfile: bundle,
    // Each module's import.meta.url becomes its place in the unpacked tree; import.meta.main is false.
    importMeta: (sourceFile) => ({ url: `globalThis.iconmetaUrl(${JSON.stringify(`/${relative(root, sourceFile)}`)})`, main: 'false' }),
    banner: readFileSync(join(root, 'scripts', 'sea-prelude.cjs'), 'utf8'),
    plugins: [harfbuzzFromTree],
    // better-sqlite3 is handed its addon (db/client.ts nativeBinding): its own loader never runs.
    external: ['*.node'],
  });

  // One folder per build in the cache: a hash of everything the executable carries.
  const hash = createHash('sha256').update(readFileSync(bundle));
  for (const [name, bytes] of [...assets].sort(([a], [b]) => a.localeCompare(b))) hash.update(name).update(bytes);
  const manifest = { build: hash.digest('hex').slice(0, 16), files: [...assets.keys()], addon };
  const seaAssets: Record<string, string> = {};
  for (const [name, bytes] of assets) {
    const file = join(work, 'assets', `${name}.gz`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, gzipSync(bytes, { level: 9 }));
    seaAssets[name] = file;
  }
  writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest));
  seaAssets['manifest.json'] = join(work, 'manifest.json');

  const blob = join(work, 'sea-prep.blob');
  const seaConfig = join(work, 'sea-config.json');
  // The V8 heap limits `npm start` sets too (scripts/node-flags.ts).
  const execArgv = NODE_FLAGS;
  writeFileSync(seaConfig, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets: seaAssets, execArgv }));
  // The code cache made with the flags it will run under: V8 rejects a cache made under other flags
  // (one concurrent marker among them), and the executable then warns and compiles at every start.
  execFileSync(process.execPath, [...execArgv, '--experimental-sea-config', seaConfig], { stdio: 'inherit' });

  rmSync(output, { force: true });
  copyFileSync(process.execPath, output);
  chmodSync(output, 0o755);
  await inject(output, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2' });
  return { file: output, bytes: statSync(output).size };
}

if (import.meta.main) {
  const { file, bytes } = await buildExecutable();
  console.log(`built ${relative(root, file)} (${(bytes / 1024 / 1024).toFixed(1)} MiB, Node ${process.version})`);
}
