// Search over a release: one index per release, built on first use and kept (release data is
// immutable; the cache is dropped when the database changes).
import { AppError } from '../errors.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import { MAX_QUERY_LENGTH, SearchIndex, type SearchDocument } from './search-index.ts';
import type { SearchRepo } from './search.repo.ts';

export function createSearchService(repo: SearchRepo, releases: ReleasesService) {
  const indexes = new Map<number, SearchIndex>();
  releases.onChange(() => indexes.clear());

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
      return indexOf(release).search(query);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
