// Caches hold what their budget says, in bytes actually allocated: hostile input (distinct URLs,
// distinct documents) must not grow memory past the configured sizes. The long runs (100k URLs,
// 50k documents, the server's RSS) are `npm run bench:memory`.
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { bodyFor, cachedResponse, createResponseCache } from '../server/http/response-cache.ts';
import { readFileSync } from 'node:fs';
import { KeptSet } from '../server/iconify/kept-sets.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settledBuffers = () => {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
};

describe('memory under distinct inputs', () => {
  it('keeps the response cache, compressed forms included, within its byte budget', async () => {
        const budget = 4 * 1024 * 1024;
    const cache = createResponseCache(budget);
    const before = settledBuffers();
    // Small pages in every encoding: the case where pooled slices once held 6x the budget. About
    // 600 fit: 5,000 fill it eight times over.
    // Each asked twice, as the server asks before it keeps (a full cache takes a page asked more often than its oldest).
    let last = '';
    for (let i = 0; i < 5_000; i++) {
      const entry = cachedResponse(JSON.stringify({ page: i, icons: Array.from({ length: 60 }, (_, j) => ({ id: `icon-${i}-${j}` })) }), 'application/json', 'public');
      const key = `/releases/1.2.0/icons?page=${i}`;
      cache.get(key);
      cache.get(key);
      if (cache.set(key, entry)) last = key;
      // One form at a time: a job started while another runs may be dropped.
      for (const encoding of ['gzip', 'br', 'zstd'] as const) {
        bodyFor(entry, encoding);
        await compressionsIdle();
      }
    }
    expect(cache.get(last)!.encoded).to.have.all.keys('gzip', 'br', 'zstd');
    const held = settledBuffers() - before;
    expect(cache.bytes).to.be.at.most(budget);
    expect(held, `${(held / 1024 / 1024).toFixed(1)} MiB of buffers held`).to.be.below(budget * 1.1);
  });

  it('counts a kept icon set at the memory it holds (mdi: within 15%), so that its budget means bytes', () => {
    const json = JSON.parse(readFileSync('node_modules/@iconify-json/mdi/icons.json', 'utf8')) as { icons: Record<string, object>; aliases: Record<string, { parent: string }> };
    // The rows as the database gives them: fresh strings, dropped once the set is made.
    const fresh = (text: string) => Buffer.from(text).toString();
    const keptMdi = () =>
      new KeptSet([
        ...Object.entries(json.icons).map(([name, icon]) => ({ name: fresh(name), parent: null, data: JSON.stringify(icon) })),
        ...Object.entries(json.aliases).map(([name, alias]) => ({ name: fresh(name), parent: fresh(alias.parent), data: JSON.stringify(alias) })),
      ]);
    const heldNow = () => {
      gc();
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = heldNow();
    const kept = keptMdi();
    const held = heldNow() - before;
    expect(held / kept.size, `${held} bytes held, ${kept.size} counted`).to.be.within(0.85, 1.15);
  });

  it('keeps what 2,000 distinct GraphQL documents and 2,000 distinct REST pages leave behind bounded', async function () {
    this.timeout(120_000);
    const { http, cache } = await buildTestApp({ env: { RESPONSE_CACHE_MB: '2' } });
    const drive = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        await http.post('/graphql').send({ query: `query Q${i} { search(version: "1.2.0", query: "a${i % 7}", first: ${1 + (i % 9)}) { id label } r${i}: releases { version } }` });
        await http.get(`/releases/1.2.0/icons?page=${1 + (i % 3)}&page_size=${1 + i}`).set('Accept-Encoding', i % 2 ? 'br' : 'gzip');
      }
    };
    // Warm up (code, statement caches), then measure what the next documents and pages add.
    await drive(0, 500);
    gc();
    const before = process.memoryUsage();
    await drive(500, 2_500);
    gc();
    gc();
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(cache.bytes).to.be.at.most(2 * 1024 * 1024);
    // Budgets: response cache 2 MiB, admission checks 8 MiB, Apollo's documents 16 MiB, compiled
    // queries 12 MiB. 2,000 small documents fill only part of the last three.
    expect(grown / 1024 / 1024, 'MiB grown').to.be.below(48);
  });
});
