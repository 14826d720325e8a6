// Per-release structures (search indexes, assembled icon lists) are kept within a budget of bytes
// (RELEASE_CACHE_MB): releases evict each other, and every answer is still the same.
import { expect } from 'chai';
import { createIconsRepo } from '../server/icons/icons.repo.ts';
import { createIconsService } from '../server/icons/icons.service.ts';
import { createReleasesRepo } from '../server/releases/releases.repo.ts';
import { createReleasesService } from '../server/releases/releases.service.ts';
import { createSearchRepo } from '../server/search/search.repo.ts';
import { createSearchService } from '../server/search/search.service.ts';
import { buildTestApp, FIXTURE_VERSIONS, testDatabase, type TestApp } from './helpers.ts';

describe('per-release structures within a budget', () => {
  it('answers searches and pages of every release the same when no release fits the budget', async () => {
    const database = await testDatabase();
    const releases = createReleasesService(createReleasesRepo(database));
    await releases.refresh();
    const services = (bytes?: number) => ({
      icons: createIconsService(createIconsRepo(database), releases, bytes),
      search: createSearchService(createSearchRepo(database), releases, bytes),
    });
    const roomy = services();
    const tight = services(1); // one byte: nothing is kept, everything is rebuilt when asked for
    for (let round = 0; round < 2; round++) {
      for (const version of FIXTURE_VERSIONS) {
        const release = releases.resolve(version);
        const found = await roomy.search.search(release, 'a');
        expect(found).to.have.length.greaterThan(0);
        expect(await tight.search.search(release, 'a')).to.deep.equal(found);
        const page = { license: null, page: 1, pageSize: 3 };
        const roomyPage = await roomy.icons.page(release, page);
        expect(roomyPage.icons).to.have.length(3);
        expect(await tight.icons.page(release, page)).to.deep.equal(roomyPage);
      }
    }
  });

  it('takes the budget from RELEASE_CACHE_MB', async () => {
    const { http } = await buildTestApp({ env: { RELEASE_CACHE_MB: '4' } });
    for (const version of FIXTURE_VERSIONS) await http.post('/graphql').send({ query: `{ search(version: "${version}", query: "a") { id } }` }).expect(200);
  });
});
