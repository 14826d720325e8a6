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
const RESULTS_CACHE_BYTES = 8 * 1024 * 1024;

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

  function indexOf(release: Release): SearchIndex {
    let index = indexes.get(release.id);
    if (!index) {
      const documents = new Map<number, SearchDocument>(
        repo.icons(release.id).map((i) => [i.id, { rowId: i.id, name: i.name, label: i.label, aliases: [], terms: [], categories: [] }]),
      );
      for (const { iconId, name } of repo.aliasNames(release.id)) documents.get(iconId)?.aliases.push(name);
      for (const { iconId, term } of repo.terms(release.id)) documents.get(iconId)?.terms.push(term);
      for (const { iconId, label } of repo.categories(release.id)) documents.get(iconId)?.categories.push(label);
      indexes.set(release.id, (index = new SearchIndex([...documents.values()])));
    }
    return index;
  }

  return {
    /** Row ids of matching icons in rank order; throws BAD_USER_INPUT-class errors for bad queries. */
    search(release: Release, query: string): number[] {
      if (query.length > MAX_QUERY_LENGTH) {
        throw new AppError(400, 'INVALID_PARAMETER', `the search query is longer than ${MAX_QUERY_LENGTH} characters`);
      }
      const key = `${release.id}\u0000${query}`;
      let rowIds = results.get(key);
      if (!rowIds) results.set(key, (rowIds = indexOf(release).search(query)));
      return rowIds;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
