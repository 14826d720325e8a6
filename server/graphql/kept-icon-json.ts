// A known `search` document answered from kept JSON instead of executing its selection per icon.
// A picker asks for ~80 icons a search, each with a label and family-styles: graphql-jit built them
// as objects and JSON.stringify wrote them on every request, the largest part of a new search's
// cost (bench/README.md, issue 46). When every field the document selects under `search` reads only
// the release's data (not the caller's scopes, the variables, or anything that changes), an icon's
// JSON for that selection never changes while its release stays (release data is immutable): it
// is kept, and an answer is the kept JSON of its icons joined. graphql-jit still writes the JSON of
// icons not kept yet, running the same selection on the same resolvers (so the same bytes: an
// array's JSON is its items' JSON joined by commas).
import {
  getNamedType,
  getOperationAST,
  GraphQLList,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Release } from '../releases/releases.service.ts';
import type { GraphQLContext } from './context.ts';
import { createJsonTables } from './icon-json-tables.ts';
import type { IconParent } from './resolvers/icon.resolvers.ts';
import { searchIcons, type SearchArgs } from './resolvers/query.resolvers.ts';

// Fields whose answer is the release's data alone. Not here: Icon.svgs (it depends on the
// caller's scopes) and any field added later, until someone decides it belongs here.
const RELEASE_DATA_FIELDS = new Set([
  'Icon.id', 'Icon.label', 'Icon.unicode', 'Icon.unicodeHex', 'Icon.unicodeInt', 'Icon.aliases', 'Icon.changes',
  'Icon.familyStylesByLicense', 'Icon.membership', 'Icon.styles', 'Icon.shim',
  'Aliases.names', 'Aliases.unicodes', 'UnicodeAliases.composite', 'UnicodeAliases.primary', 'UnicodeAliases.secondary',
  'FamilyStylesByLicense.free', 'FamilyStylesByLicense.pro', 'Membership.free', 'Membership.pro',
  'FamilyStyle.family', 'FamilyStyle.style', 'FamilyStyle.prefix', 'FamilyStyle.shorthand', 'FamilyStyle.label', 'FamilyStyle.visualTags',
  'VisualTag.name', 'VisualTag.label', 'VisualTag.labelIconName', 'VisualTag.labelIconPrefix',
  'Shim.id', 'Shim.name', 'Shim.prefix',
]);

/** How a known document's answer is written from kept JSON. */
export interface IconJsonPlan {
  /** The root field's key in the answer (its alias, if it has one). */
  responseKey: string;
  /** The document's `search` with its arguments and variables, answering what it finds as it is. */
  find: CompiledQuery;
  /** The document's selection under `search`, run on the icons given as the root value. */
  selection: CompiledQuery;
}

/**
 * Whether a selection reads only release data: every field listed above, none with arguments or
 * directives (the only places a variable can be), through fragments as written.
 */
function releaseDataOnly(set: SelectionSetNode, parent: GraphQLNamedType, fragments: Map<string, FragmentDefinitionNode>): boolean {
  for (const selection of set.selections) {
    if (selection.directives?.length) return false;
    if (selection.kind === Kind.FIELD) {
      if (selection.arguments?.length) return false;
      if (selection.name.value === '__typename') continue;
      if (!RELEASE_DATA_FIELDS.has(`${parent.name}.${selection.name.value}`) || !(parent instanceof GraphQLObjectType)) return false;
      const type = getNamedType(parent.getFields()[selection.name.value].type);
      if (selection.selectionSet && !releaseDataOnly(selection.selectionSet, type, fragments)) return false;
    } else {
      // Validation has checked that a fragment's type applies; every type here is an object type.
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment || (fragment.typeCondition && fragment.typeCondition.name.value !== parent.name)) return false;
      if (fragment.directives?.length || !releaseDataOnly(fragment.selectionSet, parent, fragments)) return false;
    }
  }
  return true;
}

// Apollo's answer ends with a newline after the JSON.
const ANSWER_END = ']}}\n';
const COMMA = 0x2c;

const operationOf = (selectionSet: SelectionSetNode, from?: OperationDefinitionNode): DocumentNode['definitions'][number] => ({
  kind: Kind.OPERATION_DEFINITION,
  operation: 'query' as OperationDefinitionNode['operation'],
  variableDefinitions: from?.variableDefinitions,
  selectionSet,
});

export function createKeptIconJson(schema: GraphQLSchema, maxBytes: number) {
  const search = schema.getQueryType()?.getFields().search;
  const iconType = schema.getType('Icon');
  // The documents of a plan run on this schema. `search` takes the same arguments as the real
  // one, so graphql-jit coerces the variables and applies defaults exactly as it does for the
  // document itself; its type is a scalar that passes on what searchIcons found (the release and
  // its icons). `icons` answers the icons given, in the order given.
  const found = new GraphQLScalarType({ name: 'KeptSearchFound', serialize: (value) => value });
  const keptSchema =
    search && iconType instanceof GraphQLObjectType
      ? new GraphQLSchema({
          query: new GraphQLObjectType({
            name: 'KeptIconJson',
            fields: {
              search: {
                type: found,
                args: Object.fromEntries(search.args.map((arg) => [arg.name, { type: arg.type, defaultValue: arg.defaultValue }])),
                resolve: (_root, args, context: GraphQLContext) => searchIcons(context, args as SearchArgs),
              },
              icons: { type: new GraphQLList(iconType), resolve: (root: { icons: unknown[] }) => root.icons },
            },
          }),
        })
      : null;
  const tables = createJsonTables(maxBytes);

  /** The plan for a validated document, or null when its answer is not `search`'s release data alone. */
  function planFor(document: DocumentNode, operationName: string | null | undefined): IconJsonPlan | null {
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!keptSchema || operation?.operation !== 'query' || operation.directives?.length) return null;
    const [field, ...others] = operation.selectionSet.selections;
    if (others.length || field.kind !== Kind.FIELD || field.name.value !== 'search' || field.directives?.length || !field.selectionSet) return null;
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (!releaseDataOnly(field.selectionSet, iconType as GraphQLObjectType, fragments)) return null;
    const selectionOf = (name: string, from: typeof field) => ({ kind: Kind.SELECTION_SET, selections: [{ ...from, alias: undefined, name: { kind: Kind.NAME, value: name } }] }) as SelectionSetNode;
    const find = compileQuery(keptSchema, { kind: Kind.DOCUMENT, definitions: [operationOf(selectionOf('search', { ...field, selectionSet: undefined }), operation)] });
    const selection = compileQuery(keptSchema, { kind: Kind.DOCUMENT, definitions: [operationOf(selectionOf('icons', { ...field, arguments: [] })), ...fragments.values()] });
    if (!isCompiledQuery(find) || !isCompiledQuery(selection)) return null;
    return { responseKey: field.alias?.value ?? 'search', find, selection };
  }

  /**
   * The answer's bytes (as Apollo sends them), or null when this request must be executed as usual:
   * variables that do not coerce, a search that fails (the usual execution reports the error).
   */
  async function answer(plan: IconJsonPlan, context: GraphQLContext, variables: Record<string, unknown>): Promise<Buffer | null> {
    const result = await plan.find.query(undefined, context, variables);
    const found = result.data?.search as { release: Release; icons: IconParent[] } | null | undefined;
    if (result.errors?.length || !found) return null;
    const { release, icons } = found;
    const table = tables.of(plan, release);
    // Kept JSON as bytes; what is written now as strings.
    const parts: (Uint8Array | string)[] = new Array(icons.length);
    const missing = [];
    for (let i = 0; i < icons.length; i++) {
      const json = table.json.get(icons[i].id);
      if (json === undefined) missing.push(icons[i]);
      else parts[i] = json;
    }
    // Kept JSON is ASCII only (one byte a character); what is written now may not be.
    let length = 0;
    if (missing.length) {
      const result = await plan.selection.query({ icons: missing }, context, {});
      if (result.errors?.length) return null;
      const written = result.data!.icons as unknown[];
      for (let i = 0, m = 0; i < icons.length; i++) {
        if (parts[i] !== undefined) continue;
        const json = (parts[i] = JSON.stringify(written[m++]));
        const bytes = Buffer.byteLength(json);
        if (bytes === json.length) tables.keep(table, icons[i].id, json);
        length += bytes - json.length;
      }
    }
    // Written straight into the answer's buffer: no joined string to measure, encode and collect.
    const head = `{"data":{"${plan.responseKey}":[`;
    length += head.length + ANSWER_END.length + Math.max(parts.length - 1, 0);
    for (const part of parts) length += part.length;
    // From node's pool when small: an answer kept is copied out of it (cachedResponse).
    const body = Buffer.allocUnsafe(length);
    let at = body.write(head, 0);
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) body[at++] = COMMA;
      const part = parts[i];
      if (typeof part === 'string') at += body.write(part, at);
      else {
        body.set(part, at);
        at += part.length;
      }
    }
    body.write(ANSWER_END, at);
    return body;
  }

  return { planFor, answer, get bytes() { return tables.bytes; } };
}

export type KeptIconJson = ReturnType<typeof createKeptIconJson>;
