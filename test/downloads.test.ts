// Kit downloads and subset builds on release 7.3.1 (imported from its package): built in the
// background, READY with a zip this service serves, announced over graphql-ws; their fonts hold
// only the chosen glyphs; their pages work offline in headless Chromium; failures and restarts
// end FAILED, never PENDING.
import { expect } from 'chai';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { createClient } from 'graphql-ws';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { first } from '../db/database.ts';
import { loadRelease } from '../seeds/load.ts';
import { loadedFontFamilies, startOfflineBrowser, type OfflineBrowser } from './browser.ts';
import { readFont } from './font-reader.ts';
import { buildTestApp, databaseWith, fixtureDocument, loadPackages, type TestApp } from './helpers.ts';

const TWENTY = [
  ...['house', 'user', 'star', 'heart', 'envelope', 'gear', 'magnifying-glass', 'bell', 'camera', 'trash', 'check', 'xmark'].map((name) => ({ name, styles: ['solid'] })),
  ...['star', 'heart', 'user', 'bell'].map((name) => ({ name, styles: ['regular'] })),
  ...['github', 'gitlab', 'docker', 'npm'].map((name) => ({ name, styles: ['fab'] })),
];
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 512"><path d="M0 0h640v512H0z"/></svg>';

describe('kit downloads and subset builds', function () {
  this.timeout(60_000);
  let app: TestApp;
  let server: Server;
  let wsUrl: string;
  let accessToken: string;
  let kitToken: string;

  before(async () => {
    const database = await databaseWith('packages 7.3.1, fixture 1.2.0', async (db) => {
      await loadPackages(['7.3.1'])(db);
      await loadRelease(db, fixtureDocument('1.2.0')); // a release from a document: metadata only, no files
    });
    app = await buildTestApp({ database });
    server = createServer(app.handler);
    app.attachSubscriptions(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    const { token: apiToken } = await app.auth.createApiToken({ email: 'site@example.test', name: 'test', scopes: ['kits_read'] });
    accessToken = (await app.http.post('/token').set('Authorization', `Bearer ${apiToken}`).expect(200)).body.access_token;
    kitToken = (await app.kits.create({ email: 'site@example.test', name: 'site', version: '7.x', license: 'free', technology: 'webfont' })).token;
    await app.kits.setSubset(kitToken, { type: 'CUSTOM', entries: [{ prefix: 'fas', only: ['house', 'user', 'star'] }, { prefix: 'fab', only: ['github'] }] }, app.releases);
    await app.kits.addUpload(kitToken, 'acme-logo', LOGO);
  });
  after(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const graphql = async (query: string, variables: object = {}, token = accessToken) => {
    const res = await app.http.post('/graphql').set('Authorization', `Bearer ${token}`).send({ query, variables }).expect(200);
    return res.body;
  };
  const zipAt = async (url: string) => {
    const res = await app.http.get(url).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status, url).to.equal(200);
    expect(res.headers['content-type']).to.equal('application/zip');
    return unzipSync(new Uint8Array(res.body));
  };
  /** The subscription as a client sends it over graphql-ws: its first (and only) event. */
  async function subsetCreated(id: string) {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      for await (const event of client.iterate({ query: 'subscription ($id: String) { subsetCreated(id: $id) { id readyForDownload url status failureReason } }', variables: { id } })) {
        return event;
      }
    } finally {
      await client.dispose();
    }
  }
  const CREATE_SUBSET = 'mutation ($icons: [SubsetIcon], $version: String) { createSubset(icons: $icons, version: $version) { id readyForDownload url status } }';

  let subsetFiles: Record<string, Uint8Array>;
  let kitFiles: Record<string, Uint8Array>;

  it('builds a subset of 20 icons: PENDING at once, then READY over the subscription, a zip of their files', async () => {
    const created = await graphql(CREATE_SUBSET, { icons: TWENTY, version: '7.3.1' });
    expect(created.errors).to.equal(undefined);
    expect(created.data.createSubset).to.include({ readyForDownload: false, url: null, status: 'PENDING' });
    const event = await subsetCreated(created.data.createSubset.id);
    expect(event?.errors).to.equal(undefined);
    const archive = event!.data!.subsetCreated as { id: string; url: string; readyForDownload: boolean };
    expect(archive).to.include({ id: created.data.createSubset.id, readyForDownload: true, url: `/downloads/${archive.id}.zip` });
    subsetFiles = await zipAt(archive.url);
    const root = `subset-${archive.id}/`;
    const names = Object.keys(subsetFiles).map((name) => name.slice(root.length));
    expect(names).to.include.members(['css/all.css', 'js/all.js', 'index.html', 'svg.html', 'webfonts/fa-solid-900.woff2', 'webfonts/fa-regular-400.woff2', 'webfonts/fa-brands-400.woff2', 'svgs/solid/house.svg', 'svgs/brands/npm.svg', 'sprites/regular.svg']);
    expect(names.filter((name) => name.startsWith('svgs/'))).to.have.length(20);
    // Over HTTP, the subscription answers the build's state now.
    const now = await graphql('subscription ($id: String) { subsetCreated(id: $id) { readyForDownload } }', { id: archive.id });
    expect(now.data.subsetCreated.readyForDownload).to.equal(true);
  });

  it("cuts each webfont of a subset to the chosen icons' glyphs", async () => {
    const root = Object.keys(subsetFiles)[0].split('/')[0];
    const expected: Record<string, string[]> = {
      'fa-solid-900.woff2': TWENTY.slice(0, 12).map((i) => i.name),
      'fa-regular-400.woff2': TWENTY.slice(12, 16).map((i) => i.name),
      'fa-brands-400.woff2': TWENTY.slice(16).map((i) => i.name),
    };
    const body = await graphql('{ release(version: "7.3.1") { icons { id unicode } } }');
    const unicode = new Map<string, number>(body.data.release.icons.map((i: { id: string; unicode: string }) => [i.id, parseInt(i.unicode, 16)]));
    for (const [font, icons] of Object.entries(expected)) {
      const facts = await readFont(subsetFiles[`${root}/webfonts/${font}`]);
      expect(facts.codePoints, font).to.deep.equal(icons.map((name) => unicode.get(name)!).sort((a, b) => a - b));
      expect(facts.glyphs, font).to.equal(icons.length + 1); // and .notdef
    }
  });

  it('refuses a subset naming unknown icons or styles with every problem at once, and checks the version', async () => {
    const bad = await graphql(CREATE_SUBSET, { icons: [{ name: 'no-such-icon' }, { name: 'house', styles: ['brands'] }, { name: 'house', styles: ['shiny'] }] });
    expect(bad.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    expect(bad.errors[0].message).to.include('no-such-icon').and.include('not available in classic brands').and.include('no style "shiny"');
    const missing = await graphql(CREATE_SUBSET, { icons: [{ name: 'house' }], version: '9.9.9' });
    expect(missing.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it("builds a kit's WEB and DESKTOP downloads from its subset and uploads, reused while the kit is unchanged", async () => {
    const CREATE = 'mutation ($kit: String!, $type: BuildType!) { createKitDownload(kitToken: $kit, buildType: $type) { buildId status url } }';
    const GET = 'query ($kit: String!, $type: BuildType!, $id: String!) { getKitDownload(kitToken: $kit, buildType: $type, buildId: $id) { buildId status url failureReason } }';
    const ready = async (type: string) => {
      const { data } = await graphql(CREATE, { kit: kitToken, type });
      expect(data.createKitDownload.status).to.equal('PENDING');
      await app.builds.whenFinished(data.createKitDownload.buildId);
      const again = await graphql(CREATE, { kit: kitToken, type });
      expect(again.data.createKitDownload.buildId).to.equal(data.createKitDownload.buildId);
      const got = await graphql(GET, { kit: kitToken, type, id: data.createKitDownload.buildId });
      expect(got.data.getKitDownload).to.include({ status: 'READY', failureReason: null });
      return zipAt(got.data.getKitDownload.url);
    };
    const web = (kitFiles = await ready('WEB'));
    const root = `kit-${kitToken}-web/`;
    expect(Object.keys(web).filter((n) => n.includes('/svgs/')).map((n) => n.slice(root.length)).sort()).to.deep.equal(
      ['svgs/brands/github.svg', 'svgs/custom-icons/acme-logo.svg', 'svgs/solid/house.svg', 'svgs/solid/star.svg', 'svgs/solid/user.svg'],
    );
    expect(new TextDecoder().decode(web[`${root}css/all.css`])).to.include('.fa-kit.fa-acme-logo::before');
    expect((await readFont(web[`${root}webfonts/fa-solid-900.woff2`])).codePoints).to.deep.equal([0xf005, 0xf007, 0xf015]);
    expect(web[`${root}webfonts/fa-regular-400.woff2`]).to.equal(undefined);

    const desktop = await ready('DESKTOP');
    const fonts = Object.keys(desktop).filter((n) => /\.(otf|ttf)$/.test(n));
    expect(fonts.map((n) => n.split('/').slice(1).join('/')).sort()).to.deep.equal(['otfs/fa-brands-400.otf', 'otfs/fa-solid-900.otf']);
    expect((await readFont(desktop[fonts.find((n) => n.includes('brands'))!])).codePoints).to.deep.equal([0xf09b]);

    // A client polls with the same request: its answers are never kept in the response cache.
    const { db, t } = app.database;
    const kitId = first(await db.select().from(t.kits).where(eq(t.kits.token, kitToken)))!.id;
    // (As if another process sharing the file were making it: its heartbeat is fresh.)
    const now = new Date().toISOString();
    await db.insert(t.builds).values({ id: 'polled-build', kind: 'kit', kitId, buildType: 'WEB', request: 'polled', status: 'PENDING', createdAt: now, heartbeatAt: now });
    for (let i = 0; i < 2; i++) expect((await graphql(GET, { kit: kitToken, type: 'WEB', id: 'polled-build' })).data.getKitDownload.status).to.equal('PENDING');
    await db.update(t.builds).set({ status: 'FAILED', failureReason: 'stopped' }).where(eq(t.builds.id, 'polled-build'));
    expect((await graphql(GET, { kit: kitToken, type: 'WEB', id: 'polled-build' })).data.getKitDownload).to.include({ status: 'FAILED', failureReason: 'stopped', url: null });

    const other = await graphql(GET, { kit: kitToken, type: 'DESKTOP', id: 'nonexistent-build' });
    expect(other.errors[0].extensions.code).to.equal('NOT_FOUND');
    const anonymous = await app.http.post('/graphql').send({ query: CREATE, variables: { kit: kitToken, type: 'WEB' } }).expect(200);
    expect(anonymous.body.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
  });

  it('ends a build it cannot make FAILED with the reason, and a build whose server stopped FAILED, never PENDING', async () => {
    const created = await graphql(CREATE_SUBSET, { icons: [{ name: 'house' }], version: '1.2.0' });
    const event = await subsetCreated(created.data.createSubset.id);
    expect(event!.data!.subsetCreated).to.include({ status: 'FAILED', readyForDownload: false, url: null });
    expect((event!.data!.subsetCreated as { failureReason: string }).failureReason).to.match(/release 1\.2\.0 has no css\/fontawesome\.css here/);
    await app.http.get(`/downloads/${created.data.createSubset.id}.zip`).expect(404);

    // A server stopped while making these; another process is making 'elsewhere-build' right now.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const { db, t } = app.database;
    const pending = (id: string, heartbeatAt: string | null) => db.insert(t.builds).values({ id, kind: 'subset', buildType: 'WEB', request: id, status: 'PENDING', createdAt: minutesAgo(5), heartbeatAt });
    await pending('interrupted-build', minutesAgo(2));
    await pending('elsewhere-build', new Date().toISOString());
    const statusOf = async (id: string) => first(await db.select().from(t.builds).where(eq(t.builds.id, id)))!;
    const restarted = await buildTestApp({ database: app.database });
    // A starting server ends the stale builds at once, not synchronously (nor on the database's round trip).
    for (let waited = 0; (await statusOf('interrupted-build')).status === 'PENDING' && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await statusOf('interrupted-build')).to.include({ status: 'FAILED' });
    expect((await statusOf('interrupted-build')).failureReason).to.match(/stopped/);
    expect((await statusOf('elsewhere-build')).status).to.equal('PENDING');
    // Its heartbeat stops too: the next read, by any process, ends it FAILED.
    await db.update(t.builds).set({ heartbeatAt: minutesAgo(2) }).where(eq(t.builds.id, 'elsewhere-build'));
    const now = await graphql('subscription ($id: String) { subsetCreated(id: $id) { status failureReason } }', { id: 'elsewhere-build' });
    expect(now.data.subsetCreated.status).to.equal('FAILED');
    expect((await restarted.builds.byId('elsewhere-build'))!.status).to.equal('FAILED');
  });

  describe('unpacked, in a browser with no network but this service', () => {
    let browser: OfflineBrowser;
    before(async () => (browser = await startOfflineBrowser(app.handler)));
    after(async () => browser?.close());

    const unpacked = (files: Record<string, Uint8Array>) =>
      Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`/${name.split('/').slice(1).join('/')}`, bytes]));

    it("the subset's pages show its 20 icons, with its webfonts and with its SVG script", async () => {
      const pages = unpacked(subsetFiles);
      const fonts = await browser.open(pages, '/index.html');
      expect(await loadedFontFamilies(fonts.page)).to.include.members(['Font Awesome 7 Free', 'Font Awesome 7 Brands']);
      const widths = await fonts.page.$$eval('.icons i', (icons) => icons.map((i) => i.getBoundingClientRect().width));
      expect(widths).to.have.length(20);
      expect(widths.every((w) => w > 0)).to.equal(true);
      expect([fonts.blocked, fonts.problems]).to.deep.equal([[], []]);
      await fonts.page.close();

      const svg = await browser.open(pages, '/svg.html');
      await svg.page.waitForFunction(() => document.querySelectorAll('.icons svg[data-icon]').length === 20, { timeout: 10_000 });
      expect(await svg.page.$$eval('.icons svg .missing', (missing) => missing.length)).to.equal(0);
      expect([svg.blocked, svg.problems]).to.deep.equal([[], []]);
      await svg.page.close();
    });

    it("the kit download's pages show its icons and its upload, with its webfonts and with its SVG script", async () => {
      const pages = unpacked(kitFiles);
      const fonts = await browser.open(pages, '/index.html');
      expect(await loadedFontFamilies(fonts.page)).to.include.members(['Font Awesome 7 Free', 'Font Awesome 7 Brands']);
      const upload = await fonts.page.$eval('i.fa-acme-logo', (i) => ({ mask: getComputedStyle(i, '::before').maskImage, width: i.getBoundingClientRect().width }));
      expect(upload.mask).to.match(/^url\("data:image\/svg\+xml/);
      expect(upload.width).to.be.above(0);
      expect([fonts.blocked, fonts.problems]).to.deep.equal([[], []]);
      await fonts.page.close();

      const svg = await browser.open(pages, '/svg.html');
      await svg.page.waitForFunction(() => document.querySelectorAll('.icons svg[data-icon]').length === 5, { timeout: 10_000 });
      const icons = await svg.page.$$eval('.icons svg[data-icon]', (svgs) => svgs.map((s) => `${s.getAttribute('data-prefix')}:${s.getAttribute('data-icon')}:${s.querySelector('.missing') !== null}`).sort());
      expect(icons).to.deep.equal(['fab:github:false', 'fak:acme-logo:false', 'fas:house:false', 'fas:star:false', 'fas:user:false']);
      expect([svg.blocked, svg.problems]).to.deep.equal([[], []]);
      await svg.page.close();
    });
  });
});
