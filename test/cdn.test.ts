// The CDN's paths served from the release file store: the three default releases imported from
// their packages (once for this file), every SRI value checked against the bytes served at its
// path, the HTTP conventions, and pages in headless Chromium with no other host reachable.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { DEFAULT_RELEASES } from '../seeds/defaults.ts';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { glyphOf, loadedFontFamilies, startOfflineBrowser, type OfflineBrowser } from './browser.ts';
import { buildTestApp, countRows, makeCompressedForms, packagesDatabase, removeFrom, rawGet, type TestApp } from './helpers.ts';

const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const binary = (res: any, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('release files on the CDN paths', function () {
  this.timeout(60_000);
  let app: TestApp;
  const sris = new Map<string, { path: string; value: string }[]>();

  before(async () => {
    app = await buildTestApp({ database: await packagesDatabase(DEFAULT_RELEASES) });
    const { body } = await app.http.post('/').send({ query: '{ releases { version srisByLicense { free { path value } } } }' }).expect(200);
    for (const release of body.data.releases) sris.set(release.version, release.srisByLicense.free);
  });

  const get = (path: string) => app.http.get(path).buffer(true).parse(binary);

  for (const version of DEFAULT_RELEASES) {
    it(`serves, for ${version}, the bytes every srisByLicense value is the hash of, at the plain and the .min path`, async () => {
      const entries = sris.get(version)!;
      expect(entries.length).to.be.within(13, 17);
      for (const { path, value } of entries) {
        const plain = await get(`/releases/v${version}/${path}`).expect(200);
        expect(sha384(plain.body), `${version} ${path}`).to.equal(value);
        const min = await get(`/releases/v${version}/${path.replace(/\.(css|js)$/, '.min.$1')}`).expect(200);
        expect(min.body.equals(plain.body), `${version} ${path} .min`).to.equal(true);
      }
    });
  }

  it('serves CSS and JS as text with immutable caching and a strong ETag, compressed when asked, 304 when unchanged', async () => {
    await makeCompressedForms(app.handler, '/releases/v7.3.1/css/all.css', ['br']);
    await makeCompressedForms(app.handler, '/releases/v6.7.2/js/all.js', ['gzip']);
    const res = await rawGet(app.handler, '/releases/v7.3.1/css/all.css', { 'accept-encoding': 'br' });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/css; charset=utf-8');
    expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).to.equal('br');
    expect(res.headers['access-control-allow-origin']).to.equal('*');
    expect(res.headers.etag).to.match(/^"[A-Za-z0-9_-]+-br"$/);
    expect(sha384(brotliDecompressSync(res.body))).to.equal(sris.get('7.3.1')!.find((s) => s.path === 'css/all.css')!.value);
    const again = await rawGet(app.handler, '/releases/v7.3.1/css/all.min.css', { 'accept-encoding': 'br', 'if-none-match': res.headers.etag! });
    expect(again.status).to.equal(304);
    const js = await rawGet(app.handler, '/releases/v6.7.2/js/all.js', { 'accept-encoding': 'gzip' });
    expect([js.headers['content-type'], js.headers['content-encoding']]).to.deep.equal(['text/javascript; charset=utf-8', 'gzip']);
  });

  it("keeps a file too large for the response cache (all.js, 1.6 MB) in the large files' budget: later requests get its strong forms, made once", async () => {
    const path = '/releases/v7.3.1/js/all.js';
    expect((await rawGet(app.handler, path)).body.length).to.be.above(app.config.responseCacheBytes / 8);
    const first = await rawGet(app.handler, path, { 'accept-encoding': 'br' });
    expect(first.headers.etag).to.match(/-br1"$/);
    await compressionsIdle();
    const later = await rawGet(app.handler, path.replace('.js', '.min.js'), { 'accept-encoding': 'br' });
    expect(later.headers.etag).to.equal(first.headers.etag!.replace('-br1"', '-br"'));
    expect(later.body.length).to.be.below(first.body.length);
    expect(sha384(brotliDecompressSync(later.body))).to.equal(sris.get('7.3.1')!.find((s) => s.path === 'js/all.js')!.value);
    const kept = app.memory.find((part) => part.part === 'large_files')!;
    expect(kept.bytes()).to.be.above(1_500_000 + later.body.length);
    expect(kept.budget).to.equal(app.config.largeFileCacheBytes);
  });

  it('serves a file past a quarter of the large files\' budget without keeping it: the fast form at every request', async () => {
    const small = await buildTestApp({ database: app.database, env: { LARGE_FILE_CACHE_MB: '4' } });
    try {
      const path = '/releases/v7.3.1/js/all.js';
      for (let i = 0; i < 2; i++) {
        const res = await rawGet(small.handler, path, { 'accept-encoding': 'br' });
        expect(res.headers.etag, `request ${i + 1}`).to.match(/-br1"$/);
        await compressionsIdle();
      }
      expect(small.memory.find((part) => part.part === 'large_files')!.bytes()).to.equal(0);
    } finally {
      await small.close();
    }
  });

  it('serves webfonts with their type, uncompressed, readable from any origin; SVGs and sprites as images', async () => {
    const font = await rawGet(app.handler, '/releases/v7.3.1/webfonts/fa-solid-900.woff2', { 'accept-encoding': 'br, gzip', origin: 'https://site.example' });
    expect(font.status).to.equal(200);
    expect(font.headers['content-type']).to.equal('font/woff2');
    expect(font.headers['content-encoding']).to.equal(undefined);
    expect(font.headers['access-control-allow-origin']).to.equal('*');
    expect(font.body.subarray(0, 4).toString('latin1')).to.equal('wOF2');
    for (const path of ['/releases/v6.7.2/svgs/solid/house.svg', '/releases/v5.15.4/sprites/brands.svg', '/releases/v5.15.4/webfonts/fa-solid-900.eot']) {
      const res = await get(path).expect(200);
      expect(res.headers['content-type'], path).to.match(/^(image\/svg\+xml|application\/vnd\.ms-fontobject)$/);
    }
    expect((await get('/releases/v6.7.2/svgs/solid/house.svg')).body.toString()).to.match(/^<svg/);
  });

  it('answers 404 problem details for unknown files and releases, and never leaves the store', async () => {
    for (const path of [
      '/releases/v7.3.1/css/nothing.css',
      '/releases/v9.9.9/css/all.css',
      '/releases/v7.x/css/all.css',
      '/releases/v7.3.1/metadata/icons.json',
      '/releases/v7.3.1/css/../../../../etc/passwd',
      '/releases/v7.3.1/css/%2e%2e/%2e%2e/package.json',
      '/releases/v7.3.1/svgs/solid/..%2f..%2fpackage.json',
      '/releases/v7.3.1/css%2fall.css',
    ]) {
      const res = await rawGet(app.handler, path);
      expect(res.status, path).to.equal(404);
      expect(res.headers['content-type'], path).to.match(/^application\/problem\+json/);
      expect(res.headers['cache-control'], path).to.equal('no-store');
    }
    const post = await app.http.post('/releases/v7.3.1/css/all.css').expect(405);
    expect(post.headers.allow).to.equal('GET, HEAD');
  });

  it('keeps each distinct file once, and drops the bytes no release names any more when a release is removed', async () => {
    expect(await countRows(app.database, (t) => t.blobs)).to.be.below(await countRows(app.database, (t) => t.releaseFiles));
    const scratch = await packagesDatabase(['7.3.1']);
    expect(await countRows(scratch, (t) => t.blobs)).to.be.above(2000);
    await removeFrom(scratch, '7.3.1');
    expect(await countRows(scratch, (t) => t.blobs)).to.equal(0);
  });

  describe('in a browser with no network but this service', () => {
    let browser: OfflineBrowser;
    before(async () => (browser = await startOfflineBrowser(app.handler)));
    after(async () => browser?.close());

    const sri = (version: string, path: string) => sris.get(version)!.find((s) => s.path === path)!.value;

    it('shows webfont glyphs from css/all.css linked with its integrity value (cross-origin)', async () => {
      const { page, blocked, problems } = await browser.open(
        {
          '/webfont.html': `<!doctype html><html><head>
            <link rel="stylesheet" href="${browser.origin}/releases/v7.3.1/css/all.css" integrity="${sri('7.3.1', 'css/all.css')}" crossorigin="anonymous">
            </head><body><i id="house" class="fa-solid fa-house"></i> <i id="github" class="fa-brands fa-github"></i></body></html>`,
        },
        '/webfont.html',
      );
      const families = await loadedFontFamilies(page);
      expect(families).to.include.members(['Font Awesome 7 Free', 'Font Awesome 7 Brands']);
      expect((await glyphOf(page, '#house')).width).to.be.above(0);
      expect([blocked, problems]).to.deep.equal([[], []]);
      await page.close();
    });

    it('replaces icons with SVGs from js/all.js (6.7.2) and uses the 5.15.4 webfonts, each with its integrity value', async () => {
      const { page, blocked, problems } = await browser.open(
        {
          '/svg.html': `<!doctype html><html><head>
            <script src="${browser.origin}/releases/v6.7.2/js/all.js" integrity="${sri('6.7.2', 'js/all.js')}" crossorigin="anonymous"></script>
            <link rel="stylesheet" href="${browser.origin}/releases/v5.15.4/css/v4-shims.css" integrity="${sri('5.15.4', 'css/v4-shims.css')}" crossorigin="anonymous">
            <link rel="stylesheet" href="${browser.origin}/releases/v5.15.4/css/fontawesome.css" integrity="${sri('5.15.4', 'css/fontawesome.css')}" crossorigin="anonymous">
            <link rel="stylesheet" href="${browser.origin}/releases/v5.15.4/css/regular.css" integrity="${sri('5.15.4', 'css/regular.css')}" crossorigin="anonymous">
            </head><body><i id="house" class="fa-solid fa-house"></i><span id="five" style="font-family:'Font Awesome 5 Free';font-weight:400">&#xf005;</span></body></html>`,
        },
        '/svg.html',
      );
      await page.waitForSelector('svg.svg-inline--fa.fa-house', { timeout: 10_000 });
      expect(await loadedFontFamilies(page)).to.include('Font Awesome 5 Free');
      expect([blocked, problems]).to.deep.equal([[], []]);
      await page.close();
    });
  });
});
