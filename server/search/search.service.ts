// Search over a release: one index per release, built on first use and kept while it is among
// the releases most searched, within a budget of bytes (release data is immutable; the cache is
// dropped when releases change).
import { LRUCache } from 'lru-cache';
import { AppError } from '../errors.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import { MAX_QUERY_LENGTH, SearchIndex, type SearchDocument } from './search-index.ts';
import type { SearchRepo } from './search.repo.ts';

// Pickers send a new request per keystroke, but people type the same prefixes ("a", "ar", "arr"):
// ranked results are kept per release and query, bounded by the bytes they hold.
const RESULTS_CACHE_BYTES = 4 * 1024 * 1024;

// What an index holds per icon (documents, words, postings): measured ~2,500 B.
const BYTES_PER_INDEXED_ICON = 2_500;

/** `maxIndexBytes`: the budget for releases' search indexes (the releases most searched stay). */
export function createSearchService(repo: SearchRepo, releases: ReleasesService, maxIndexBytes = 24 * 1024 * 1024) {
  const indexes = new LRUCache<number, SearchIndex>({ maxSize: maxIndexBytes, sizeCalculation: (index) => Math.max(1, index.size * BYTES_PER_INDEXED_ICON) });
  const results = new LRUCache<string, number[]>({
    maxSize: RESULTS_CACHE_BYTES,
    sizeCalculation: (rowIds, key) => rowIds.length * 8 + key.length * 2 + 100,
  });
  releases.onChange(() => {
    indexes.clear();
    results.clear();
  });

  // Indexes being built: requests for the same release meanwhile wait on the same build.
  const building = new Map<number, Promise<SearchIndex>>();

  async function build(release: Release): Promise<SearchIndex> {
    const [icons, aliasNames, terms, categories] = await Promise.all([
      repo.icons(release.id),
      repo.aliasNames(release.id),
      repo.terms(release.id),
      repo.categories(release.id),
    ]);
    const documents = new Map<number, SearchDocument>(icons.map((i) => [i.id, { rowId: i.id, name: i.name, label: i.label, aliases: [], terms: [], categories: [] }]));
    for (const { iconId, name } of aliasNames) documents.get(iconId)?.aliases.push(name);
    for (const { iconId, term } of terms) documents.get(iconId)?.terms.push(term);
    for (const { iconId, label } of categories) documents.get(iconId)?.categories.push(label);
    return new SearchIndex([...documents.values()]);
  }

  function indexOf(release: Release): SearchIndex | Promise<SearchIndex> {
    const index = indexes.get(release.id);
    if (index) return index;
    let pending = building.get(release.id);
    if (!pending) {
      const generation = releases.list();
      pending = build(release).then((built) => {
        // Kept only if releases did not change while it was read (onChange cleared the caches).
        if (releases.list() === generation) indexes.set(release.id, built);
        return built;
      });
      building.set(release.id, pending);
      void pending.finally(() => building.get(release.id) === pending && building.delete(release.id)).catch(() => {});
    }
    return pending;
  }

  return {
    /** Row ids of matching icons in rank order; throws BAD_USER_INPUT-class errors for bad queries. */
    async search(release: Release, query: string): Promise<number[]> {
      if (query.length > MAX_QUERY_LENGTH) {
        throw new AppError(400, 'INVALID_PARAMETER', `the search query is longer than ${MAX_QUERY_LENGTH} characters`);
      }
      const key = `${release.id}\u0000${query}`;
      let rowIds = results.get(key);
      if (!rowIds) results.set(key, (rowIds = (await indexOf(release)).search(query)));
      return rowIds;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
