// What clients and the caches in front of them depend on: a client accepting compression gets
// compressed bytes from the first request on (a fast level while the entry is cold), the strong
// forms follow from a background job, and every form has an ETag of its own, each revalidating
// with a 304. Identity bytes only for clients sending no Accept-Encoding or refusing every coding.
import { expect } from 'chai';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { bodyFor, cachedResponse, createResponseCache } from '../server/http/response-cache.ts';
import { chooseEncoding } from '../server/http/send-cached.ts';
import { buildTestApp, databaseWith, loadPackages, rawGet, rawRequest, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';

const DECOMPRESS = { gzip: gunzipSync, br: brotliDecompressSync, zstd: zstdDecompressSync };
const CODINGS = ['gzip', 'br', 'zstd'] as const;

/** A JSON body of about 40 KB, distinct per `seed`. */
const bigJson = (seed: number) => JSON.stringify(Array.from({ length: 1_000 }, (_, i) => ({ id: `icon-${seed}-${i}`, label: `Icon ${i}` })));

describe('compression of cached responses', () => {
  let app: TestApp;
  before(async () => (app = await buildTestApp()));
  // A job already running (another test's) could leave no room for the one a request starts.
  beforeEach(() => compressionsIdle());
  // Each test asks for a page size of its own, so that its first request is a miss.
  const page = (size: number) => `/releases/1.2.0/icons?page_size=${size}`;
  const get = (path: string, headers: Record<string, string> = {}) => rawGet(app.handler, path, headers);
  const tagOf = (plainTag: string, suffix: string) => `${plainTag.slice(0, -1)}-${suffix}"`;

  it('when an entry is first asked for with gzip, it answers gzip at the fast level at once, whole, with Vary and a tag of its own', async () => {
    const first = await get(page(20), { 'accept-encoding': 'gzip' });
    expect(first.status).to.equal(200);
    expect(first.headers['content-encoding']).to.equal('gzip');
    expect(first.headers.vary).to.equal('Accept-Encoding');
    expect(Number(first.headers['content-length'])).to.equal(first.body.length);
    const plain = await get(page(20));
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(plain.body.toString('utf8'))).to.have.property('icons');
    expect(gunzipSync(first.body).equals(plain.body)).to.equal(true);
    expect(first.headers.etag).to.equal(tagOf(plain.headers.etag!, 'gzip1'));
  });

  it('until the strong form is made, every request for the entry gets the same fast bytes (made once, kept with the entry)', () => {
    const cache = createResponseCache(1024 * 1024);
    const entry = cachedResponse(bigJson(40), 'application/json', 'public');
    cache.set('entry', entry);
    const before = cache.bytes;
    const first = bodyFor(entry, 'br');
    const second = bodyFor(entry, 'br');
    expect([first.form, second.form]).to.deep.equal([{ encoding: 'br', fast: true }, { encoding: 'br', fast: true }]);
    expect(second.bytes).to.equal(first.bytes);
    expect(cache.bytes).to.equal(before + first.bytes.length);
  });

  it('once its background job finished, it answers the same URL in gzip, br and zstd as asked, each decompressing to the same bytes under a tag of its own', async () => {
    const plain = await get(page(21));
    const tags = new Set([plain.headers.etag]);
    for (const coding of CODINGS) {
      const first = await get(page(21), { 'accept-encoding': coding });
      expect([first.headers['content-encoding'], first.headers.etag], `first ${coding}`).to.deep.equal([coding, tagOf(plain.headers.etag!, `${coding}1`)]);
      await compressionsIdle();
      const res = await get(page(21), { 'accept-encoding': coding });
      expect(res.headers['content-encoding'], coding).to.equal(coding);
      expect(res.headers.vary).to.equal('Accept-Encoding');
      expect(Number(res.headers['content-length'])).to.equal(res.body.length);
      expect(DECOMPRESS[coding](res.body).equals(plain.body), coding).to.equal(true);
      expect(res.headers.etag).to.equal(tagOf(plain.headers.etag!, coding));
      tags.add(res.headers.etag);
    }
    expect(tags.size).to.equal(4);
  });

  it('when a client refuses identity bytes, it too gets a cold miss at the fast level under a tag of its own, and the strong form later', async () => {
    for (const [accept, coding, size] of [['gzip, identity;q=0', 'gzip', 22], ['br, *;q=0', 'br', 23], ['zstd;q=1, identity;q=0', 'zstd', 24]] as const) {
      const fast = await get(page(size), { 'accept-encoding': accept });
      await compressionsIdle();
      const strong = await get(page(size), { 'accept-encoding': accept });
      const plain = await get(page(size));
      expect([fast.headers['content-encoding'], strong.headers['content-encoding']], accept).to.deep.equal([coding, coding]);
      expect(fast.headers.etag, accept).to.equal(tagOf(plain.headers.etag!, `${coding}1`));
      expect(strong.headers.etag, accept).to.equal(tagOf(plain.headers.etag!, coding));
      expect(DECOMPRESS[coding](fast.body).equals(plain.body), accept).to.equal(true);
      expect(DECOMPRESS[coding](strong.body).equals(plain.body), accept).to.equal(true);
    }
  });

  /** The seven tags of the entry at `path`: each coding's fast and strong form, and identity's. */
  const allTags = async (path: string) => {
    const tags: Record<string, string> = {};
    for (const coding of CODINGS) {
      tags[`${coding}1`] = (await get(path, { 'accept-encoding': coding })).headers.etag!;
      await compressionsIdle();
      tags[coding] = (await get(path, { 'accept-encoding': coding })).headers.etag!;
    }
    tags.identity = (await get(path)).headers.etag!;
    expect(new Set(Object.values(tags)).size).to.equal(7);
    return tags;
  };

  it('answers 304 to an If-None-Match naming any form of the entry the request accepts, with the tag the client holds', async () => {
    const path = page(25);
    const tags = Object.values(await allTags(path));
    for (const tag of tags) {
      for (const ifNoneMatch of [tag, `"something-else", ${tag}`, `W/${tag}`]) {
        const res = await get(path, { 'accept-encoding': 'gzip, br, zstd', 'if-none-match': ifNoneMatch });
        expect(res.status, ifNoneMatch).to.equal(304);
        expect(res.headers.etag, ifNoneMatch).to.equal(tag);
        expect(res.headers.vary).to.equal('Accept-Encoding');
        expect(res.body.length).to.equal(0);
      }
    }
    const unknownForm = await get(path, { 'accept-encoding': 'br', 'if-none-match': tagOf(tags.at(-1)!, 'deflate') });
    expect(unknownForm.status).to.equal(200);
  });

  it('never revalidates a form the request does not accept: a cache asking with the tags of all its variants gets the one this client can decode', async () => {
    const path = page(26);
    const tags = await allTags(path);
    const cases: [ifNoneMatch: string, acceptEncoding: string | undefined, status: number, tag: string][] = [
      // The br form held, asked by a client that cannot decode it: a 200 in a coding it accepts.
      [tags.br, 'gzip', 200, tags.gzip],
      [tags.br1, 'gzip', 200, tags.gzip],
      [tags.br, undefined, 200, tags.identity],
      [tags.br, 'identity', 200, tags.identity],
      [tags.br, 'gzip, br;q=0', 200, tags.gzip],
      [`W/${tags.br}`, 'gzip', 200, tags.gzip],
      [tags.gzip, 'br', 200, tags.br],
      // Identity is acceptable unless refused (RFC 9110 12.5.3).
      [tags.identity, 'br', 304, tags.identity],
      [tags.identity, 'br, identity;q=0', 200, tags.br],
      [tags.identity, 'br, *;q=0', 200, tags.br],
      [tags.identity, 'br, *;q=0, identity', 304, tags.identity],
      // Accepted: 304 with that form's tag, the strong one for a weak comparison.
      [tags.br, 'gzip, br', 304, tags.br],
      [`W/${tags.br}`, 'br', 304, tags.br],
      [tags.br1, 'gzip, br', 304, tags.br1],
      // Several tags: the form this client would rather have among those it accepts.
      [`${tags.br}, ${tags.gzip}`, 'gzip', 304, tags.gzip],
      [`${tags.gzip}, ${tags.br}`, 'gzip, br', 304, tags.br],
      [`${tags.br}, ${tags.gzip}`, 'br;q=0.5, gzip', 304, tags.gzip],
      [`${tags.br1}, ${tags.br}`, 'br', 304, tags.br],
      [`${tags.zstd}, ${tags.br}, W/${tags.br1}`, 'gzip', 200, tags.gzip],
      [`${tags.zstd}, ${tags.identity}`, 'gzip, zstd;q=0', 304, tags.identity],
    ];
    for (const [ifNoneMatch, acceptEncoding, status, tag] of cases) {
      const headers: Record<string, string> = { 'if-none-match': ifNoneMatch };
      if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
      const res = await get(path, headers);
      const label = `${ifNoneMatch} with ${acceptEncoding}`;
      expect([res.status, res.headers.etag], label).to.deep.equal([status, tag]);
      const form = Object.keys(tags).find((name) => tags[name] === tag)!.replace(/1$/, '');
      if (status === 200) expect(res.headers['content-encoding'] ?? 'identity', label).to.equal(form);
    }
  });

  it('compresses an answer nobody keeps (a web page) at the fast level at once: no later request would get a strong form', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).to.equal('gzip');
    expect(res.headers.etag).to.match(/-gzip1"$/);
    expect(gunzipSync(res.body).toString('utf8')).to.match(/^<!doctype html>/i);
  });

  it('prefers brotli, then zstd, then gzip when the client has no preference, and zstd when it prefers that', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd').encoding).to.equal('br');
    expect(chooseEncoding('gzip, zstd').encoding).to.equal('zstd');
    expect(chooseEncoding('br;q=0.5, zstd').encoding).to.equal('zstd');
    expect(chooseEncoding('gzip, deflate').encoding).to.equal('gzip');
    expect(chooseEncoding('gzip, identity;q=0').encoding).to.equal('gzip');
    expect(chooseEncoding('*').encoding).to.equal('br');
  });

  it('reads x-gzip as gzip (RFC 9110 8.4.1.3), for the coding it sends and the tags it revalidates', async () => {
    expect(chooseEncoding('x-gzip').encoding).to.equal('gzip');
    expect(chooseEncoding('x-gzip;q=0.5, deflate').accepted).to.deep.equal(['gzip', 'identity']);
    expect(chooseEncoding('br;q=0.5, X-GZIP').encoding).to.equal('gzip');
    expect(chooseEncoding('x-gzip;q=0, br').accepted).to.deep.equal(['br', 'identity']);
    const path = page(28);
    const first = await get(path, { 'accept-encoding': 'x-gzip' });
    const plain = await get(path);
    expect([first.headers['content-encoding'], first.headers.etag]).to.deep.equal(['gzip', tagOf(plain.headers.etag!, 'gzip1')]);
    expect(gunzipSync(first.body).equals(plain.body)).to.equal(true);
    const again = await get(path, { 'accept-encoding': 'x-gzip', 'if-none-match': first.headers.etag! });
    expect([again.status, again.headers.etag]).to.deep.equal([304, first.headers.etag]);
  });

  it('answers identity bytes only to a client sending no Accept-Encoding, or accepting none of gzip, br and zstd', async () => {
    for (const accept of [undefined, '', 'identity', 'gzip;q=0, br;q=0, zstd;q=0', '*;q=0, identity', 'deflate']) {
      const res = await get(page(27), accept === undefined ? {} : { 'accept-encoding': accept });
      expect([res.status, res.headers['content-encoding']], String(accept)).to.deep.equal([200, undefined]);
      expect(JSON.parse(res.body.toString('utf8')), String(accept)).to.have.property('icons');
    }
  });

  describe('background jobs', () => {
    it('when an entry is dropped, pushed out or replaced while its job runs, the job finishes quietly and puts nothing back', async () => {
      const cache = createResponseCache(200 * 1024);
      // Each key asked `times` before it is kept, as the server asks: a full cache takes a key asked more often than its oldest.
      const asked = (key: string, times: number) => Array.from({ length: times }, () => cache.get(key));
      const started = (key: string, seed: number, times = 1) => {
        const entry = cachedResponse(bigJson(seed), 'application/json', 'public');
        asked(key, times);
        expect(cache.set(key, entry)).to.equal(true);
        expect(bodyFor(entry, 'gzip').form).to.deep.equal({ encoding: 'gzip', fast: true });
      };
      started('cleared', 1);
      cache.clear();
      await compressionsIdle();
      expect(cache.size).to.equal(0);

      started('pushed out', 2);
      for (let i = 3; i < 12; i++) {
        asked(`other ${i}`, 3);
        cache.set(`other ${i}`, cachedResponse(bigJson(i), 'application/json', 'public'));
      }
      await compressionsIdle();
      expect(cache.get('pushed out')).to.equal(undefined);
      expect(cache.bytes).to.be.at.most(200 * 1024);

      started('replaced', 12, 5);
      const replacement = cachedResponse(bigJson(13), 'application/json', 'public');
      cache.set('replaced', replacement);
      const counted = cache.bytes;
      await compressionsIdle();
      expect(cache.get('replaced')).to.equal(replacement);
      expect([cache.bytes, replacement.encoded.gzip]).to.deep.equal([counted, undefined]);

      // Over HTTP: the next request builds a new entry and answers as for any miss.
      await get(page(26), { 'accept-encoding': 'gzip' });
      app.cache.clear();
      await compressionsIdle();
      const again = await get(page(26), { 'accept-encoding': 'gzip' });
      expect([again.status, again.headers['content-encoding'], again.headers.etag]).to.deep.equal([200, 'gzip', tagOf((await get(page(26))).headers.etag!, 'gzip1')]);
    });

    it('runs one job per entry and coding however many requests ask, and counts the form once it is made', async () => {
      const cache = createResponseCache(1024 * 1024);
      const entry = cachedResponse(bigJson(20), 'application/json', 'public');
      cache.set('entry', entry);
      const before = cache.bytes;
      const recount = entry.grown!;
      let grown = 0;
      entry.grown = () => {
        grown++;
        recount();
      };
      for (let i = 0; i < 5; i++) bodyFor(entry, 'zstd');
      await compressionsIdle();
      // Once for the fast form kept meanwhile, once for the strong form that replaced it.
      expect(grown).to.equal(2);
      expect(entry.fastEncoded?.zstd).to.equal(undefined);
      expect(cache.bytes).to.equal(before + entry.encoded.zstd!.length);
      expect(bodyFor(entry, 'zstd').form.encoding).to.equal('zstd');
    });

    it('drops the jobs past its limit rather than queueing them: later requests start them again', async () => {
      const cache = createResponseCache(16 * 1024 * 1024);
      const entries = Array.from({ length: 8 }, (_, i) => cachedResponse(bigJson(30 + i), 'application/json', 'public'));
      entries.forEach((entry, i) => cache.set(`entry ${i}`, entry));
      const askAll = () => entries.forEach((entry) => bodyFor(entry, 'br'));
      askAll();
      await compressionsIdle();
      const made = entries.filter((entry) => entry.encoded.br).length;
      expect(made).to.be.within(1, 3);
      for (let round = 0; round < entries.length && entries.some((entry) => !entry.encoded.br); round++) {
        askAll();
        await compressionsIdle();
      }
      expect(entries.every((entry) => entry.encoded.br)).to.equal(true);
    });
  });
});

// What a shared cache in front of the service (nginx proxy_cache, Varnish, a CDN) stores is the
// first answer it is given for a URL and Accept-Encoding: every first answer, on a cold cache,
// with its exact headers.
describe('the first answer of every cached route, as a shared cache would keep it', function () {
  this.timeout(60_000);
  let app: TestApp;
  before(async () => {
    const database = await databaseWith('compression: 7.3.1 and mdi', async (db) => {
      await loadPackages(['7.3.1'])(db);
      await addIconSets(db, join(root, 'node_modules/@iconify-json/mdi'));
    });
    app = await buildTestApp({ database });
  });
  after(async () => {
    await app?.close();
    await app?.database.close();
  });
  beforeEach(async () => {
    await compressionsIdle();
    app.cache.clear();
  });

  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const JSON_TYPE = 'application/json; charset=utf-8';
  const SECURITY = ['content-security-policy', 'cross-origin-resource-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options', 'access-control-allow-origin'];
  const TRANSPORT = ['date', 'connection', 'keep-alive'];
  const ENTITY = ['cache-control', 'vary', 'etag', 'content-type', 'content-length'];
  const SEARCH = '{ search(version: "7.3.1", query: "arrow", first: 60) { id label familyStylesByLicense { free { family style } } } }';
  const MDI_BATCH = 'home,account,arrow-left,arrow-right,bell,calendar,camera,check,close,cog,delete,download,email,heart,magnify,menu,pencil,plus,star,upload';

  interface Route {
    name: string;
    request: { method?: string; path: string; headers?: Record<string, string>; body?: string };
    cacheControl: string;
    contentType: string;
    /** False for an answer to a POST: no cache keeps it, so it carries no ETag. */
    tagged?: boolean;
  }
  const routes: Route[] = [
    { name: 'a REST page nobody asked for yet', request: { path: '/releases/7.3.1/icons?page_size=500&page=2' }, cacheControl: IMMUTABLE, contentType: JSON_TYPE },
    { name: 'a minimal REST page', request: { path: '/releases/7.3.1/icons-minimal?page_size=500' }, cacheControl: IMMUTABLE, contentType: JSON_TYPE },
    { name: 'family styles', request: { path: '/releases/7.3.1/family-styles' }, cacheControl: IMMUTABLE, contentType: JSON_TYPE },
    { name: 'free SVGs', request: { path: '/releases/7.3.1/free-svgs' }, cacheControl: IMMUTABLE, contentType: JSON_TYPE },
    { name: 'a release file', request: { path: '/releases/v7.3.1/css/all.css' }, cacheControl: IMMUTABLE, contentType: 'text/css; charset=utf-8' },
    { name: 'the OpenAPI document', request: { path: '/openapi.json' }, cacheControl: 'public, max-age=300', contentType: JSON_TYPE },
    {
      name: 'a GraphQL POST',
      request: { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: SEARCH }) },
      cacheControl: 'private, no-cache',
      contentType: JSON_TYPE,
      tagged: false,
    },
    { name: 'a GraphQL GET', request: { path: `/graphql?query=${encodeURIComponent(SEARCH)}` }, cacheControl: 'private, no-cache', contentType: JSON_TYPE },
    { name: 'an Iconify icon batch', request: { path: `/iconify/mdi.json?icons=${MDI_BATCH}` }, cacheControl: 'public, max-age=3600', contentType: JSON_TYPE },
    { name: 'an Iconify collection', request: { path: '/iconify/collection?prefix=mdi' }, cacheControl: 'public, max-age=300', contentType: JSON_TYPE },
    { name: 'an Iconify SVG over 1 KB', request: { path: '/iconify/mdi/kubernetes.svg' }, cacheControl: 'public, max-age=3600', contentType: 'image/svg+xml; charset=utf-8' },
  ];
  const ask = (route: Route, headers: Record<string, string>) => rawRequest(app.handler, { ...route.request, headers: { ...route.request.headers, ...headers } });
  const withSuffix = (tag: string, suffix: string) => `${tag.slice(0, -1)}-${suffix}"`;

  for (const route of routes) {
    const tags = route.tagged === false ? ' (an answer to a POST: no tag)' : ', each under its own tag, any of them revalidating';
    it(`${route.name}: the first answer to "gzip, br" is brotli at the fast level, then the strong form${tags}`, async () => {
      // The Iconify API keeps an answer from its URL's second request: both are first answers of a kind.
      const firsts = [await ask(route, { 'accept-encoding': 'gzip, br' })];
      if (route.request.path.startsWith('/iconify')) firsts.push(await ask(route, { 'accept-encoding': 'gzip, br' }));
      const plain = await ask(route, {});
      const tagged = route.tagged !== false;
      const entity = tagged ? ENTITY : ENTITY.filter((name) => name !== 'etag');
      const tagOfForm = (suffix: string) => (tagged ? withSuffix(plain.headers.etag!, suffix) : undefined);
      expect(plain.status).to.equal(200);
      expect(Object.keys(plain.headers).sort()).to.deep.equal([...SECURITY, ...TRANSPORT, ...entity].sort());
      expect([plain.headers['cache-control'], plain.headers.vary, plain.headers['content-type']]).to.deep.equal([route.cacheControl, 'Accept-Encoding', route.contentType]);
      expect(plain.body.length).to.be.at.least(1024);
      for (const [i, first] of firsts.entries()) {
        expect(first.status).to.equal(200);
        expect(Object.keys(first.headers).sort(), `answer ${i + 1}`).to.deep.equal([...SECURITY, ...TRANSPORT, ...entity, 'content-encoding'].sort());
        expect(
          [first.headers['content-encoding'], first.headers['cache-control'], first.headers.vary, first.headers['content-type'], first.headers.etag],
          `answer ${i + 1}`,
        ).to.deep.equal(['br', route.cacheControl, 'Accept-Encoding', route.contentType, tagOfForm('br1')]);
        expect(Number(first.headers['content-length'])).to.equal(first.body.length);
        expect(first.body.length).to.be.below(plain.body.length);
        expect(brotliDecompressSync(first.body).equals(plain.body), `answer ${i + 1}`).to.equal(true);
      }
      await compressionsIdle();
      const strong = await ask(route, { 'accept-encoding': 'gzip, br' });
      expect([strong.headers['content-encoding'], strong.headers.etag]).to.deep.equal(['br', tagOfForm('br')]);
      expect(brotliDecompressSync(strong.body).equals(plain.body)).to.equal(true);
      if (!tagged) return;
      for (const tag of [firsts[0].headers.etag!, strong.headers.etag!, plain.headers.etag!]) {
        const revalidated = await ask(route, { 'accept-encoding': 'gzip, br', 'if-none-match': tag });
        expect([revalidated.status, revalidated.headers.etag, revalidated.body.length], tag).to.deep.equal([304, tag, 0]);
      }
    });
  }

  it('a small Iconify SVG (under 1 KB) is sent as it is, to every client', async () => {
    const res = await rawGet(app.handler, '/iconify/mdi/home.svg?height=24', { 'accept-encoding': 'gzip, br' });
    expect([res.status, res.headers['content-encoding'], res.headers.vary]).to.deep.equal([200, undefined, 'Accept-Encoding']);
    expect(res.body.length).to.be.below(1024);
  });

  it('on a cold cache, the first answer to every Accept-Encoding is a coding that header accepts, identity only when it accepts none', async () => {
    const path = '/releases/7.3.1/icons?page_size=500&page=2';
    const expected: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['gzip', 'gzip'],
      ['gzip, deflate', 'gzip'],
      ['br', 'br'],
      ['zstd', 'zstd'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip, identity;q=0', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0, zstd;q=0', undefined],
    ];
    for (const [accept, coding] of expected) {
      await compressionsIdle();
      app.cache.clear();
      const res = await rawGet(app.handler, path, accept === undefined ? {} : { 'accept-encoding': accept });
      expect([res.status, res.headers['content-encoding'], res.headers['cache-control']], String(accept)).to.deep.equal([200, coding, IMMUTABLE]);
      expect(res.headers.etag, String(accept)).to.match(coding ? new RegExp(`-${coding}1"$`) : /^"[A-Za-z0-9_-]{27}"$/);
    }
  });
});
