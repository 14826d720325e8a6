// Admission of GraphQL requests (contract §6), before Apollo parses or validates anything: the
// static document checks (document-guard.ts), remembered per document text; a cost limit per
// caller class that bounds the values a response can hold; and a gate that runs expensive
// queries one at a time, so a burst of them cannot take the event loop from cheap requests.
import type { GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { checkDocument, costOf, sizeVariables, type CheckedDocument, type CostModel, type DocumentCheck } from './document-guard.ts';
import type { Principal } from './principal.ts';
import { createRecentDocuments } from './recent-documents.ts';

/**
 * Cost limits. A whole release with id, label, unicode, aliases and family-styles (what the
 * WordPress plugin and pickers load) costs ~105,000 and executes in ~60 ms here: anonymous callers
 * get one of those per request, token holders three.
 */
export const MAX_COST_ANONYMOUS = 200_000;
export const MAX_COST_AUTHENTICATED = 400_000;
/** Above this cost a query waits for the expensive-query gate. */
export const EXPENSIVE_COST = 20_000;

export const COST_MODEL: CostModel = {
  // Expected sizes of lists that take no size argument; a paginated wrapper's list counts 1
  // because its page size already multiplied the wrapper.
  listSizes: {
    'RootQueryType.releases': 100,
    'Release.icons': 2500,
    'Release.familyStyles': 50,
    'FamilyStylesByLicense.free': 4,
    'FamilyStylesByLicense.pro': 4,
    'Icon.svgs': 4,
    'IconWithVariants.variants': 40, // a pro kit's icon may come in ~37 family-styles
    'IconCollectionSubset.familyStyleSubsets': 40,
    'IconsPaginated.icons': 1,
    'SearchKitResult.icons': 1,
    'IconVariantsPaginated.iconVariants': 1,
    'FamilyStyleSubsetPaginated.familyStyles': 1,
  },
  defaultListSize: 10,
};

// Heap held by a parsed document per source character (measured: ~29 without locations).
const BYTES_PER_SOURCE_CHAR = 30;

export type Admission = { ok: true; cost: number; expensive: boolean } | { ok: false; message: string } | { ok: 'syntax' };

export interface AdmissionOptions {
  /** Byte budget for remembered document checks. */
  maxCheckBytes?: number;
  /** Expensive queries allowed to wait for the gate; more are refused at once. */
  maxWaiting?: number;
}

export function createAdmission(schema: GraphQLSchema, { maxCheckBytes = 2 * 1024 * 1024, maxWaiting = 16 }: AdmissionOptions = {}) {
  // The checks `admit` found last, before the map: a request's document is a new string each time.
  const recent = createRecentDocuments<DocumentCheck>();
  const checks = new LRUCache<string, DocumentCheck>({
    maxSize: maxCheckBytes,
    sizeCalculation: (_check, source) => source.length * BYTES_PER_SOURCE_CHAR + 128,
    dispose: (check) => recent.forget(check),
  });
  const gate = createGate(maxWaiting);
  const costs = createCostMemo(schema);

  function admit(source: string, operationName: string | null | undefined, variables: Record<string, unknown>, principal: Principal): Admission {
    // A document larger than the cache budget is checked every time (it is refused by its token count anyway).
    let check = recent.find(source, null);
    if (!check) {
      check = checks.get(source);
      if (!check) {
        check = checkDocument(source);
        checks.set(source, check);
      }
      // Only what the map holds (a document over its budget is not kept there).
      if (checks.peek(source) === check) recent.remember(source, null, check);
    }
    if (check.ok === 'syntax') return check;
    if (check.ok === false) return { ok: false, message: check.refusal };
    const cost = costs.of(check.checked, operationName, variables);
    const limit = principal.accountId === null ? MAX_COST_ANONYMOUS : MAX_COST_AUTHENTICATED;
    if (cost > limit) {
      const who = principal.accountId === null ? 'anonymous callers' : 'this caller';
      return { ok: false, message: `query cost ${cost} exceeds the limit of ${limit} for ${who} (1 per field, 2 when computed by a resolver, 1 per listed object, multiplied by list and page sizes)` };
    }
    return { ok: true, cost, expensive: cost > EXPENSIVE_COST };
  }

  return { admit, gate, checks, checkBytes: () => checks.calculatedSize };
}

// Costs remembered per document; a client sends few distinct page sizes.
const MAX_COSTS_PER_DOCUMENT = 256;

/**
 * A document's cost by its operation and the numbers given to its size variables: the walk costs
 * a picker's search ~7% of its CPU under load (bench/README.md, issue 46), the key a few characters.
 */
function createCostMemo(schema: GraphQLSchema) {
  const memo = new WeakMap<CheckedDocument, { names: string[]; costs: Map<string, number> }>();
  return {
    of(checked: CheckedDocument, operationName: string | null | undefined, variables: Record<string, unknown>): number {
      let entry = memo.get(checked);
      if (!entry) memo.set(checked, (entry = { names: sizeVariables(checked), costs: new Map() }));
      // Each size variable adds a NUL and its number (or -): read from the end, a key splits one way only.
      let key = operationName ?? '';
      for (const name of entry.names) {
        const value = variables[name];
        key += typeof value === 'number' ? `\u0000${value}` : '\u0000-';
      }
      let cost = entry.costs.get(key);
      if (cost === undefined) {
        cost = costOf(schema, checked, COST_MODEL, operationName, variables);
        if (entry.costs.size >= MAX_COSTS_PER_DOCUMENT) entry.costs.clear();
        entry.costs.set(key, cost);
      }
      return cost;
    },
  };
}

/** One expensive query at a time; a bounded queue waits, the rest are turned away. */
function createGate(maxWaiting: number) {
  let busy = false;
  const waiting: (() => void)[] = [];
  // The next expensive query starts from the event loop's check phase, after pending I/O: the
  // cheap requests that arrived meanwhile run between two expensive ones, not after all of them.
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };
  return {
    /** Runs `work` when the gate is free; null when too many are already waiting. */
    async run<T>(work: () => Promise<T>): Promise<T | null> {
      if (busy) {
        if (waiting.length >= maxWaiting) return null;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      busy = true;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

export type QueryAdmission = ReturnType<typeof createAdmission>;
