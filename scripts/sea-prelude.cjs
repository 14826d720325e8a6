// Runs first in dist/iconmeta (esbuild's banner; scripts/build.ts). The executable carries its
// files (migrations, GraphQL schema, curated data, the default releases as release documents, and
// better-sqlite3's Node-API addon) as gzipped SEA assets. They are written once per build to a
// cache folder, which then stands in for the source tree: each bundled module's import.meta.url
// points into it, so `new URL('./x', import.meta.url)` reads what it reads from a checkout.
/* eslint-disable */
(() => {
  const sea = require('node:sea');
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const zlib = require('node:zlib');
  const { createRequire } = require('node:module');
  const manifest = JSON.parse(sea.getAsset('manifest.json', 'utf8'));

  // systemd's CacheDirectory= sets CACHE_DIRECTORY; ICONMETA_CACHE_DIR overrides everything.
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  const candidates = [
    process.env.ICONMETA_CACHE_DIR,
    process.env.CACHE_DIRECTORY && path.join(process.env.CACHE_DIRECTORY.split(':')[0], 'iconmeta'),
    process.env.XDG_CACHE_HOME && path.join(process.env.XDG_CACHE_HOME, 'iconmeta'),
    process.env.HOME && path.join(process.env.HOME, '.cache', 'iconmeta'),
    path.join(os.tmpdir(), `iconmeta-${uid}`),
  ].filter(Boolean);

  // A build's folder is complete once its marker is written, last.
  const complete = (root) => fs.existsSync(path.join(root, '.complete'));

  function extractTo(base) {
    const root = path.join(base, manifest.build);
    fs.mkdirSync(base, { recursive: true, mode: 0o700 });
    // The addon is loaded from here: never from a folder another user could write into.
    const stat = fs.statSync(base);
    if (typeof process.getuid === 'function' && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) {
      throw new Error('owned by another user, or writable by others');
    }
    if (complete(root)) return root;
    const staging = fs.mkdtempSync(path.join(base, `.${manifest.build}-`));
    for (const file of manifest.files) {
      const target = path.join(staging, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, zlib.gunzipSync(Buffer.from(sea.getAsset(file))));
    }
    fs.writeFileSync(path.join(staging, '.complete'), '');
    try {
      fs.renameSync(staging, root);
    } catch (error) {
      // Another process extracted the same build first: use its copy.
      fs.rmSync(staging, { recursive: true, force: true });
      if (!complete(root)) throw error;
    }
    return root;
  }

  // The first start of a build unpacks in a child process (this executable with UNPACK_ONLY set):
  // reading the assets maps ~20 MiB of the executable's pages, which would otherwise stay resident
  // for as long as this server runs. Should the child fail, the loop below unpacks here instead, and
  // says why it cannot (the child's output is left out: it would say it twice).
  const UNPACK_ONLY = 'ICONMETA_UNPACK_ONLY';
  const unpacked = candidates.some((base) => complete(path.join(base, manifest.build)));
  if (!unpacked && !process.env[UNPACK_ONLY]) {
    require('node:child_process').spawnSync(process.execPath, [], { env: { ...process.env, [UNPACK_ONLY]: '1' }, stdio: 'ignore' });
  }

  let root;
  const problems = [];
  for (const base of candidates) {
    try {
      root = extractTo(base);
      break;
    } catch (error) {
      problems.push(`${base}: ${error.message}`);
    }
  }
  if (!root) {
    process.stderr.write(`iconmeta: no cache folder to unpack into (set ICONMETA_CACHE_DIR):\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  if (process.env[UNPACK_ONLY]) process.exit(0);
  globalThis.iconmetaUrl = (place) => require('node:url').pathToFileURL(path.join(root, place)).href;
  globalThis.iconmetaExecutable = true;
  // createRequire loads from disk, which the executable's own require cannot.
  globalThis.iconmetaNativeBinding = createRequire(path.join(root, 'package.json'))(path.join(root, manifest.addon));
})();
