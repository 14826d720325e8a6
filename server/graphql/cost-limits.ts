// Bounded queries (contract §6): a cost of 1 per field, multiplied through list sizes and page
// sizes, and a depth limit. The bounds admit the heaviest query real clients send (a whole
// release's icons with id, label, aliases and family-styles costs ~100,000).
import type { ApolloServerPlugin } from '@apollo/server';
import { getNullableType, GraphQLError, isListType, Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';

export const MAX_COST = 1_000_000;
export const MAX_DEPTH = 20;

// Expected sizes of lists that take no size argument.
const LIST_SIZES: Record<string, number> = {
  'Query.releases': 100,
  'Release.icons': 2500,
  'Release.familyStyles': 50,
  'FamilyStylesByLicense.free': 4,
  'FamilyStylesByLicense.pro': 4,
  'Icon.svgs': 4,
};
const DEFAULT_LIST_SIZE = 10;

const estimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name.startsWith('__')) return 1 + childComplexity; // introspection stays cheap
  let size = 1;
  if (typeof args.pageSize === 'number') size = args.pageSize;
  else if (typeof args.first === 'number') size = args.first;
  else if (isListType(getNullableType(field.type))) size = LIST_SIZES[`${type.name}.${field.name}`] ?? DEFAULT_LIST_SIZE;
  return 1 + childComplexity * Math.max(size, 1);
};

/** The deepest field nesting of an operation, following fragments (each at most once per path). */
export function depthOf(document: DocumentNode, operationName?: string | null): number {
  const fragments = new Map(
    document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d.selectionSet] as const),
  );
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  const depth = (set: SelectionSetNode, seen: Set<string>): number =>
    Math.max(
      0,
      ...set.selections.map((s) => {
        if (s.kind === Kind.FIELD) return s.selectionSet ? 1 + depth(s.selectionSet, seen) : 1;
        if (s.kind === Kind.INLINE_FRAGMENT) return depth(s.selectionSet, seen);
        const fragment = fragments.get(s.name.value);
        return fragment && !seen.has(s.name.value) ? depth(fragment, new Set(seen).add(s.name.value)) : 0;
      }),
    );
  return operation && operation.kind === Kind.OPERATION_DEFINITION ? depth(operation.selectionSet, new Set()) : 0;
}

const tooComplex = (message: string) => new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 200 } } });

export const costLimitsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document, schema }) {
        const depth = depthOf(document, request.operationName);
        if (depth > MAX_DEPTH) throw tooComplex(`query depth ${depth} exceeds the limit of ${MAX_DEPTH}`);
        const cost = getComplexity({ schema, query: document, variables: request.variables ?? {}, operationName: request.operationName ?? undefined, estimators: [estimator] });
        if (cost > MAX_COST) {
          throw tooComplex(`query cost ${cost} exceeds the limit of ${MAX_COST} (1 per field, multiplied by list and page sizes)`);
        }
      },
    };
  },
};

