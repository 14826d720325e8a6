// Per-release structures (assembled icon lists, search indexes, free SVG sets, kit variant
// indexes, catalogues) are kept within one budget of bytes (RELEASE_CACHE_MB): releases and kinds
// evict each other, every answer is still the same, and what a structure is counted for is what it
// holds on the heap and in its arrays' buffers.
import { expect } from 'chai';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Database } from '../db/database.ts';
import { createIconsRepo } from '../server/icons/icons.repo.ts';
import { createIconsService } from '../server/icons/icons.service.ts';
import { createCatalogueService } from '../server/releases/catalogue.service.ts';
import { createReleaseCache, type ReleaseCache } from '../server/releases/release-cache.ts';
import { createReleasesRepo } from '../server/releases/releases.repo.ts';
import { createReleasesService } from '../server/releases/releases.service.ts';
import { createSearchRepo } from '../server/search/search.repo.ts';
import { buildSearchIndex, createSearchService } from '../server/search/search.service.ts';
import { buildTestApp, FIXTURE_VERSIONS, packagesDatabase, testDatabase } from './helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
// The heap that holds objects, and the buffers of its typed arrays (a search index's words and
// postings are arrays outside the heap): not the code and trusted spaces, where bytecode comes and
// goes (flushed after a few collections, compiled again when run) by more than a structure's size.
const DATA_SPACES = ['new_space', 'old_space', 'large_object_space', 'new_large_object_space'];
const dataHeapUsed = () => {
  gc();
  gc();
  const heap = getHeapSpaceStatistics()
    .filter((space) => DATA_SPACES.includes(space.space_name))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return heap + process.memoryUsage().arrayBuffers;
};

async function servicesOn(database: Database, cache: ReleaseCache) {
  const releases = createReleasesService(createReleasesRepo(database));
  await releases.refresh();
  const icons = createIconsService(createIconsRepo(database), releases, cache);
  return { releases, icons, search: createSearchService(createSearchRepo(database), releases, cache), catalogue: createCatalogueService(createReleasesRepo(database), releases, cache) };
}

describe('per-release structures within a budget', () => {
  it('answers searches and pages of every release the same when no release fits the budget', async () => {
    const database = await testDatabase();
    const roomy = await servicesOn(database, createReleaseCache(64 * 1024 * 1024));
    const tight = await servicesOn(database, createReleaseCache(1)); // one byte: nothing is kept, everything is rebuilt when asked for
    for (let round = 0; round < 2; round++) {
      for (const version of FIXTURE_VERSIONS) {
        const release = roomy.releases.resolve(version);
        const found = await roomy.search.search(release, 'a');
        expect(found).to.have.length.greaterThan(0);
        expect(await tight.search.search(release, 'a')).to.deep.equal(found);
        const page = { license: null, page: 1, pageSize: 3 };
        const roomyPage = await roomy.icons.page(release, page);
        expect(roomyPage.icons).to.have.length(3);
        expect(await tight.icons.page(release, page)).to.deep.equal(roomyPage);
        expect(await tight.icons.freeSvgs(release)).to.deep.equal(await roomy.icons.freeSvgs(release));
        expect(await tight.catalogue.catalogue(release)).to.deep.equal(await roomy.catalogue.catalogue(release));
      }
    }
  });

  it('keeps the structures most recently used, of any kind, within the budget', async () => {
    const database = await testDatabase();
    const cache = createReleaseCache(64 * 1024 * 1024);
    const { releases, icons, search } = await servicesOn(database, cache);
    for (const version of FIXTURE_VERSIONS) {
      await icons.page(releases.resolve(version), { license: null, page: 1, pageSize: 1 });
      await search.search(releases.resolve(version), 'a');
    }
    const [first, last] = [releases.resolve(FIXTURE_VERSIONS[0]), releases.resolve(FIXTURE_VERSIONS.at(-1)!)];
    expect(cache.peek('icons', first.id)).to.not.equal(undefined);
    expect(cache.peek('search', last.id)).to.not.equal(undefined);

    // A budget that holds about one release's structures: the last ones used stay, the first go.
    const small = createReleaseCache(cache.bytes / FIXTURE_VERSIONS.length + 1);
    const tight = await servicesOn(database, small);
    for (const version of FIXTURE_VERSIONS) await tight.icons.page(tight.releases.resolve(version), { license: null, page: 1, pageSize: 1 });
    expect(small.bytes).to.be.at.most(small.maxBytes);
    expect(small.peek('icons', last.id)).to.not.equal(undefined);
    expect(small.peek('icons', first.id)).to.equal(undefined);
  });

  it('does not keep a structure built from a release list that changed meanwhile', async () => {
    const cache = createReleaseCache(1024 * 1024);
    let finish!: (value: { value: string; bytes: number }) => void;
    const pending = cache.get('catalogue', 1, () => new Promise<{ value: string; bytes: number }>((resolve) => (finish = resolve)));
    cache.clear();
    finish({ value: 'old', bytes: 10 });
    expect(await pending).to.equal('old');
    expect(cache.peek('catalogue', 1)).to.equal(undefined);
    expect(await cache.get('catalogue', 1, async () => ({ value: 'new', bytes: 10 }))).to.equal('new');
    expect(cache.peek('catalogue', 1)).to.equal('new');
  });

  it('counts each structure for about the heap it holds (real releases: 5.15.4 and 7.3.1)', async function () {
    this.timeout(60_000);
    const database = await packagesDatabase(['5.15.4', '7.3.1']);
    const { releases, icons: warm } = await servicesOn(database, createReleaseCache(1));
    // Builds `copies` of a structure, keeps them, and compares the heap they hold with what the
    // cache counted for them. Several copies, so that the heap's own noise (~100 KB) matters less.
    const copies = 6;
    // The median of three rounds: what earlier work leaves to be collected late (a few MB of
    // garbage freed inside one round's window reads as a structure holding less than nothing)
    // moves one round, not the median.
    async function measure(build: (cache: ReleaseCache) => unknown): Promise<{ counted: number; held: number }> {
      let counted = 0;
      const held: number[] = [];
      for (let round = 0; round < 3; round++) {
        const caches = Array.from({ length: copies }, () => createReleaseCache(1024 * 1024 * 1024));
        const before = dataHeapUsed();
        for (const cache of caches) await build(cache);
        held.push((dataHeapUsed() - before) / copies);
        counted = caches[0].bytes;
      }
      return { counted, held: held.sort((a, b) => a - b)[1] };
    }
    for (const version of ['5.15.4', '7.3.1']) {
      const release = releases.resolve(version);
      await warm.page(release, { license: null, page: 1, pageSize: 1 });
      const structures = {
        'icons (whole release, free subset)': (cache: ReleaseCache) => servicesOn(database, cache).then(({ icons }) => icons.all(release, 'free')),
        'icons and free SVG set': (cache: ReleaseCache) => servicesOn(database, cache).then(({ icons }) => icons.freeSvgs(release)),
        'search index': (cache: ReleaseCache) => cache.get('search', release.id, async () => buildSearchIndex(createSearchRepo(database), release.id).then((index) => ({ value: index, bytes: index.bytes }))),
      };
      for (const [name, build] of Object.entries(structures)) {
        const { counted, held } = await measure(build);
        const label = `${version} ${name}: counted ${(counted / 1024).toFixed(0)} KiB, held ${(held / 1024).toFixed(0)} KiB`;
        // Never much less than it holds (the budget would be exceeded), nor wildly more (wasted).
        expect(counted, label).to.be.at.least(held * 0.7);
        expect(counted, label).to.be.at.most(held * 3);
      }
    }
  });

  it('takes the budget from RELEASE_CACHE_MB and stays within it', async () => {
    const { http, releaseCache } = await buildTestApp({ env: { RELEASE_CACHE_MB: '4' } });
    expect(releaseCache.maxBytes).to.equal(4 * 1024 * 1024);
    for (const version of FIXTURE_VERSIONS) {
      await http.post('/graphql').send({ query: `{ search(version: "${version}", query: "a") { id } }` }).expect(200);
      await http.get(`/releases/${version}/icon-packs`).expect(200);
    }
    expect(releaseCache.bytes).to.be.greaterThan(0).and.at.most(4 * 1024 * 1024);
  });
});

// Last in the file: the heap measurements above would count what it leaves for the collector.
describe('kept search results', () => {
  it("keeps a search's results when it is asked for a second time, not the first (a query typed once is seldom asked again)", async () => {
    const { releases, search } = await servicesOn(await testDatabase(), createReleaseCache(64 * 1024 * 1024));
    const release = releases.resolve(FIXTURE_VERSIONS[0]);
    const first = await search.search(release, 'arrow');
    expect(search.resultsBytes()).to.equal(0);
    const second = await search.search(release, 'arrow');
    expect(second).to.deep.equal(first);
    expect(search.resultsBytes()).to.be.greaterThan(0);
    expect(await search.search(release, 'arrow')).to.equal(second); // the kept array itself
  });
});
