// Search over a release: one index per release, built at start for the newest release (warm) and
// on first use for the others, and kept in the release cache while it is among the structures most
// used (release data is immutable; the cache is dropped when releases change).
import { LRUCache } from 'lru-cache';
import { AppError } from '../errors.ts';
import { createSeenOnce } from '../http/seen-once.ts';
import type { ReleaseCache } from '../releases/release-cache.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import { releaseDocuments } from './release-documents.ts';
import { MAX_QUERY_LENGTH, SearchIndex } from './search-index.ts';
import type { SearchRepo } from './search.repo.ts';

/** Queries remembered as asked once (a hash each: 32 KB). */
const SEEN_ONCE_SLOTS = 8_192;

/** A release's search index, from what the database holds of its icons. */
export async function buildSearchIndex(repo: SearchRepo, releaseId: number): Promise<SearchIndex> {
  return new SearchIndex(await releaseDocuments(repo, releaseId));
}

/**
 * Indexes live in `cache`, beside the release's other structures. Pickers send a new request per
 * keystroke, but people type the same prefixes ("a", "ar", "arr"): ranked results are kept per
 * release and query from the second time it is asked, bounded by the bytes they hold (`resultsBytes`).
 */
export function createSearchService(repo: SearchRepo, releases: ReleasesService, cache: ReleaseCache, resultsBytes = 2 * 1024 * 1024) {
  const results = new LRUCache<string, number[]>({
    maxSize: resultsBytes,
    sizeCalculation: (rowIds, key) => rowIds.length * 8 + key.length * 2 + 100,
  });
  releases.onChange(() => results.clear());
  // Kept when asked for a second time: a query typed once only pushes kept ones out, and reaches
  // V8's old generation before it is dropped (see known-documents.ts).
  const secondTime = createSeenOnce(SEEN_ONCE_SLOTS);

  const indexOf = (release: Release): SearchIndex | Promise<SearchIndex> =>
    cache.get('search', release.id, async () => {
      const index = await buildSearchIndex(repo, release.id);
      return { value: index, bytes: index.bytes };
    });

  return {
    /** Builds the index of `release` now, so that no request waits for it. */
    warm: async (release: Release): Promise<void> => void (await indexOf(release)),

    /**
     * Row ids of matching icons in rank order; throws BAD_USER_INPUT-class errors for bad queries.
     * Kept results and a built index answer at once, with no promise to wait for.
     */
    search(release: Release, query: string): number[] | Promise<number[]> {
      if (query.length > MAX_QUERY_LENGTH) {
        throw new AppError(400, 'INVALID_PARAMETER', `the search query is longer than ${MAX_QUERY_LENGTH} characters`);
      }
      const key = `${release.id}\u0000${query}`;
      const kept = results.get(key);
      if (kept) return kept;
      const find = (index: SearchIndex) => {
        const rowIds = index.search(query);
        if (secondTime(key)) results.set(key, rowIds);
        return rowIds;
      };
      const index = indexOf(release);
      return index instanceof Promise ? index.then(find) : find(index);
    },

    /** The first `limit` matches, each with why it matched ("settings → cog"), and how many matched: the icon browser's search page. */
    async explained(release: Release, query: string, limit: number): Promise<{ total: number; hits: { rowId: number; why: string[] }[] }> {
      if (query.length > MAX_QUERY_LENGTH) {
        throw new AppError(400, 'INVALID_PARAMETER', `the search query is longer than ${MAX_QUERY_LENGTH} characters`);
      }
      const index = await indexOf(release);
      const found = index.find(query, { limit, explain: true });
      return { total: found.total, hits: found.documents.map((document, i) => ({ rowId: index.rowIdOf(document), why: found.why?.[i] ?? [] })) };
    },

    /** Bytes of kept results, counted against their budget. */
    resultsBytes: () => results.calculatedSize,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
