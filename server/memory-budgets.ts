// The parts of memory a budget bounds, by name: what GET /metrics shows (iconmeta_memory_bytes and
// iconmeta_memory_budget_bytes, by part) and the README's Operating section lists, with the
// setting that changes each. Each part counts its own bytes, as its cache estimates them.
import type { Config } from './config.ts';

export interface MemoryPart {
  /** A metric label: responses, releases, icon_sets, graphql_documents, search_results. */
  part: string;
  budget: number;
  bytes: () => number;
}

/**
 * GRAPHQL_CACHE_MB, shared out among GraphQL's four caches by what each needs in a busy server:
 * compiled documents hold the most per document (the compiled code), the others a parse each.
 * Whole bytes: lru-cache refuses a fractional size, and a fifth of MiBs not a multiple of 5 is one.
 */
export function graphqlBudgets(config: Pick<Config, 'graphqlCacheBytes'>) {
  const share = (fraction: number) => Math.floor(config.graphqlCacheBytes * fraction);
  return { documentStoreBytes: share(0.2), compiledBytes: share(0.4), seenBytes: share(0.2), checkBytes: share(0.2) };
}
