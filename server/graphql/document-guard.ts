// Bounded queries (contract §6), checked before Apollo sees the document: graphql-js validation is
// super-linear in the worst case (overlapping-field checks compare fields pairwise) and a naive
// depth or cost walk expands fragments exponentially. So: the parser stops at a token budget;
// caps on length, fields, aliases and fragments come next; then depth and cost in one walk in which
// each fragment is measured once and remembered. Every step is linear in the document's size.
import {
  defaultFieldResolver,
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export interface DocumentLimits {
  /** Characters of source; real clients' documents are a few KB, introspection ~3 KB. */
  maxLength: number;
  /** Lexer tokens; the parser stops past it, so a huge document costs no more than this. */
  maxTokens: number;
  /** Field selections written in the document (each counted once, however often it is spread). */
  maxFields: number;
  maxAliases: number;
  /** Fragment spreads and inline fragments together. */
  maxFragments: number;
  maxDepth: number;
}

export const DOCUMENT_LIMITS: DocumentLimits = {
  maxLength: 64 * 1024,
  maxTokens: 5_000,
  maxFields: 200,
  maxAliases: 30,
  maxFragments: 200,
  maxDepth: 20,
};

/** A parsed document that passed the static caps, with what does not depend on variables. */
export interface CheckedDocument {
  document: DocumentNode;
  depth: number;
  fragments: Map<string, FragmentDefinitionNode>;
}

/** What a document's static check found: the document, a refusal, or a syntax error Apollo will report. */
export type DocumentCheck = { ok: true; checked: CheckedDocument } | { ok: false; refusal: string } | { ok: 'syntax' };

/** Parses a document and applies the static caps and the depth limit. */
export function checkDocument(source: string, limits: DocumentLimits = DOCUMENT_LIMITS): DocumentCheck {
  if (source.length > limits.maxLength) return { ok: false, refusal: `the document is longer than ${limits.maxLength} characters` };
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: limits.maxTokens, noLocation: true });
  } catch (error) {
    if (error instanceof GraphQLError && /contains more tha[nt] \d+ tokens/.test(error.message)) {
      return { ok: false, refusal: `the document has more than ${limits.maxTokens} tokens` };
    }
    return { ok: 'syntax' };
  }
  const counts = countSelections(document);
  if (counts.fields > limits.maxFields) return { ok: false, refusal: `the document selects ${counts.fields} fields; the limit is ${limits.maxFields}` };
  if (counts.aliases > limits.maxAliases) return { ok: false, refusal: `the document has ${counts.aliases} aliases; the limit is ${limits.maxAliases}` };
  if (counts.fragments > limits.maxFragments) {
    return { ok: false, refusal: `the document has ${counts.fragments} fragment spreads and inline fragments; the limit is ${limits.maxFragments}` };
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const depth = Math.max(0, ...operationsOf(document).map((operation) => depthOf(operation.selectionSet, fragments)));
  if (depth > limits.maxDepth) return { ok: false, refusal: `query depth ${depth} exceeds the limit of ${limits.maxDepth}` };
  return { ok: true, checked: { document, depth, fragments } };
}

/** Field, alias and fragment counts of the document as written: an iterative walk, no recursion. */
function countSelections(document: DocumentNode) {
  const counts = { fields: 0, aliases: 0, fragments: 0 };
  const pending: SelectionSetNode[] = [];
  for (const definition of document.definitions) if ('selectionSet' in definition && definition.selectionSet) pending.push(definition.selectionSet);
  for (let set = pending.pop(); set; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind !== Kind.FIELD) counts.fragments++;
      else {
        counts.fields++;
        if (selection.alias) counts.aliases++;
      }
      if ('selectionSet' in selection && selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return counts;
}

function operationsOf(document: DocumentNode): OperationDefinitionNode[] {
  return document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
}

/** Deepest field nesting; each fragment's depth is computed once (a cycle counts as 0: validation refuses it). */
function depthOf(root: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): number {
  const memo = new Map<string, number>();
  const walk = (set: SelectionSetNode): number => {
    let deepest = 0;
    for (const selection of set.selections) {
      let depth = 0;
      if (selection.kind === Kind.FIELD) depth = selection.selectionSet ? 1 + walk(selection.selectionSet) : 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) depth = walk(selection.selectionSet);
      else depth = fragmentDepth(selection.name.value);
      if (depth > deepest) deepest = depth;
    }
    return deepest;
  };
  const fragmentDepth = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    memo.set(name, 0);
    const depth = fragment ? walk(fragment.selectionSet) : 0;
    memo.set(name, depth);
    return depth;
  };
  return walk(root);
}

const RESOLVED_FIELD_COST = 2;

/** The arguments that size a list, in the order costOf reads them. */
const SIZE_ARGUMENTS = ['pageSize', 'first', 'limitPerFamilyStyle'];

/**
 * The variables a document passes to size arguments, anywhere in it: besides the document and
 * the operation, the only inputs of costOf (which reads each as a number, or not at all).
 */
export function sizeVariables(checked: CheckedDocument): string[] {
  const names = new Set<string>();
  const pending: SelectionSetNode[] = [];
  for (const definition of checked.document.definitions) if ('selectionSet' in definition && definition.selectionSet) pending.push(definition.selectionSet);
  for (let set = pending.pop(); set; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        for (const argument of selection.arguments ?? []) {
          if (SIZE_ARGUMENTS.includes(argument.name.value) && argument.value.kind === Kind.VARIABLE) names.add(argument.value.name.value);
        }
      }
      if ('selectionSet' in selection && selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return [...names];
}

/** Expected sizes of lists that take no size argument, by `Type.field`. */
export type ListSizes = Record<string, number>;

export interface CostModel {
  listSizes: ListSizes;
  defaultListSize: number;
}

/**
 * The cost of the operation that will run: 1 per field (2 when a resolver computes it) and 1 per
 * object, times the size of every list around it (a page size or `first` argument, else the
 * expected size). It counts the values the response can hold, so it bounds the work and the bytes.
 * Each fragment is costed once.
 */
export function costOf(
  schema: GraphQLSchema,
  checked: CheckedDocument,
  model: CostModel,
  operationName?: string | null,
  variables: Record<string, unknown> = {},
): number {
  const operations = operationsOf(checked.document).filter((o) => !operationName || o.name?.value === operationName);
  const memo = new Map<string, number>();

  const sizeArgument = (value: ValueNode | undefined, fallback: unknown): number | undefined => {
    if (!value) return typeof fallback === 'number' ? fallback : undefined;
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      const given = variables[value.name.value];
      return typeof given === 'number' ? given : undefined;
    }
    return undefined;
  };

  const walk = (set: SelectionSetNode, parent: GraphQLNamedType | undefined): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) {
          total += 1 + (selection.selectionSet ? walk(selection.selectionSet, undefined) : 0);
          continue;
        }
        const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[selection.name.value] : undefined;
        const child = selection.selectionSet ? walk(selection.selectionSet, field ? getNamedType(field.type) : undefined) : 0;
        let size = 1;
        if (field) {
          const argument = (name: string) => {
            const definition = field.args.find((a) => a.name === name);
            if (!definition) return undefined;
            return sizeArgument(selection.arguments?.find((a) => a.name.value === name)?.value, definition.defaultValue);
          };
          const explicit = argument(SIZE_ARGUMENTS[0]) ?? argument(SIZE_ARGUMENTS[1]) ?? argument(SIZE_ARGUMENTS[2]);
          if (explicit !== undefined) size = explicit;
          else if (isListType(getNullableType(field.type))) size = model.listSizes[`${parent!.name}.${field.name}`] ?? model.defaultListSize;
        }
        // A field computed by a resolver costs more than a property read (graphql-jit inlines
        // those), and every object in a list costs one more: measured, these dominate large answers.
        const own = field?.resolve && field.resolve !== defaultFieldResolver ? RESOLVED_FIELD_COST : 1;
        const perItem = selection.selectionSet ? child + 1 : child;
        total += own + perItem * Math.max(size, 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += walk(selection.selectionSet, type ?? undefined);
      } else {
        total += fragmentCost(selection.name.value);
      }
    }
    return total;
  };
  const fragmentCost = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    memo.set(name, 0); // a cycle: validation refuses the document
    const fragment = checked.fragments.get(name);
    const cost = fragment ? walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? undefined) : 0;
    memo.set(name, cost);
    return cost;
  };

  const rootOf = (operation: OperationDefinitionNode) =>
    (operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType()) ?? undefined;
  return Math.max(0, ...operations.map((operation) => walk(operation.selectionSet, rootOf(operation))));
}
