// What clients depend on now that compression waits for later requests: a cold miss answers its
// identity bytes at once (a fast level only for a client refusing them), the strong forms follow
// from a background job, and every form has an ETag of its own, each revalidating with a 304.
import { expect } from 'chai';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { bodyFor, cachedResponse, createResponseCache } from '../server/http/response-cache.ts';
import { chooseEncoding } from '../server/http/send-cached.ts';
import { buildTestApp, rawGet, type TestApp } from './helpers.ts';

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

  it('when an entry is first asked for with gzip, it answers the identity bytes at once, whole, with Vary', async () => {
    const first = await get(page(20), { 'accept-encoding': 'gzip' });
    expect(first.status).to.equal(200);
    expect(first.headers['content-encoding']).to.equal(undefined);
    expect(first.headers.vary).to.equal('Accept-Encoding');
    expect(Number(first.headers['content-length'])).to.equal(first.body.length);
    expect(JSON.parse(first.body.toString('utf8'))).to.have.property('icons');
    const plain = await get(page(20));
    expect(first.body.equals(plain.body)).to.equal(true);
    expect(first.headers.etag).to.equal(plain.headers.etag);
  });

  it('once its background job finished, it answers the same URL in gzip, br and zstd as asked, each decompressing to the same bytes under a tag of its own', async () => {
    const plain = await get(page(21));
    const tags = new Set([plain.headers.etag]);
    for (const coding of CODINGS) {
      const first = await get(page(21), { 'accept-encoding': coding });
      expect(first.headers['content-encoding'], `first ${coding}`).to.equal(undefined);
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

  it('when a client refuses identity bytes, it compresses a cold miss at the fast level under a tag of its own, and sends the strong form later', async () => {
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

  it('answers 304 to an If-None-Match naming any form of the entry, with the tag the client holds', async () => {
    const path = page(25);
    const tags = [(await get(path, { 'accept-encoding': 'gzip, identity;q=0' })).headers.etag!];
    for (const coding of CODINGS) {
      await get(path, { 'accept-encoding': coding });
      await compressionsIdle();
      tags.push((await get(path, { 'accept-encoding': coding })).headers.etag!);
    }
    tags.push((await get(path)).headers.etag!);
    expect(new Set(tags).size).to.equal(5);
    for (const tag of tags) {
      for (const ifNoneMatch of [tag, `"something-else", ${tag}`, `W/${tag}`]) {
        const res = await get(path, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
        expect(res.status, ifNoneMatch).to.equal(304);
        expect(res.headers.etag, ifNoneMatch).to.equal(tag);
        expect(res.headers.vary).to.equal('Accept-Encoding');
        expect(res.body.length).to.equal(0);
      }
    }
    const unknownForm = await get(path, { 'accept-encoding': 'br', 'if-none-match': tagOf(tags.at(-1)!, 'deflate') });
    expect(unknownForm.status).to.equal(200);
  });

  it('compresses an answer nobody keeps (a web page) at the fast level at once: no later request would get a strong form', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).to.equal('gzip');
    expect(res.headers.etag).to.match(/-gzip1"$/);
    expect(gunzipSync(res.body).toString('utf8')).to.match(/^<!doctype html>/i);
  });

  it('prefers brotli, then zstd, then gzip when the client has no preference, and zstd when it prefers that', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).to.deep.equal({ encoding: 'br', identityAcceptable: true });
    expect(chooseEncoding('gzip, zstd').encoding).to.equal('zstd');
    expect(chooseEncoding('br;q=0.5, zstd').encoding).to.equal('zstd');
    expect(chooseEncoding('gzip, deflate').encoding).to.equal('gzip');
    expect(chooseEncoding('gzip, identity;q=0')).to.deep.equal({ encoding: 'gzip', identityAcceptable: false });
    expect(chooseEncoding('br, *;q=0').identityAcceptable).to.equal(false);
    expect(chooseEncoding('br, *;q=0, identity').identityAcceptable).to.equal(true);
  });

  describe('background jobs', () => {
    it('when an entry is dropped, pushed out or replaced while its job runs, the job finishes quietly and puts nothing back', async () => {
      const cache = createResponseCache(200 * 1024);
      const started = (key: string, seed: number) => {
        const entry = cachedResponse(bigJson(seed), 'application/json', 'public');
        cache.set(key, entry);
        expect(bodyFor(entry, 'gzip').form.encoding).to.equal('identity');
      };
      started('cleared', 1);
      cache.clear();
      await compressionsIdle();
      expect(cache.size).to.equal(0);

      started('pushed out', 2);
      for (let i = 3; i < 12; i++) cache.set(`other ${i}`, cachedResponse(bigJson(i), 'application/json', 'public'));
      await compressionsIdle();
      expect(cache.get('pushed out')).to.equal(undefined);
      expect(cache.bytes).to.be.at.most(200 * 1024);

      started('replaced', 12);
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
      expect([again.status, again.headers['content-encoding']]).to.deep.equal([200, undefined]);
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
      expect(grown).to.equal(1);
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
