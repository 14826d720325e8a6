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
 */
export function graphqlBudgets(config: Pick<Config, 'graphqlCacheBytes'>) {
  const total = config.graphqlCacheBytes;
  return { documentStoreBytes: total * 0.2, compiledBytes: total * 0.4, seenBytes: total * 0.2, checkBytes: total * 0.2 };
}
