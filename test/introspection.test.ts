// The schema clients see: introspection of this service holds every type, field and argument of
// the public API's schema (test/fixtures/spec: schema.graphql plus what the API serves in 2026),
// with the same types, nullability and defaults, and the API's root type names.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  validateSchema,
  type GraphQLArgument,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { buildTestApp, fixturePath, type TestApp } from './helpers.ts';

const spec = (name: string) => readFileSync(fixturePath(`spec/${name}`), 'utf8');

/**
 * schema.graphql plus schema-2026.graphql, with what schema-2026.graphql states in its comments:
 * the root type names, and the two fields whose types the public API changed.
 */
function expectedSchema(): { schema: GraphQLSchema; overrides: Record<string, string> } {
  const sdl = [
    'schema { query: RootQueryType mutation: RootMutationType subscription: RootSubscriptionType }',
    spec('schema.graphql').replace(/^type Query \{/m, 'type RootQueryType {'),
    spec('schema-2026.graphql'),
  ].join('\n');
  // "IconCollection.subset is an object in the real API"; "IconPack.description is String! there".
  return { schema: buildSchema(sdl), overrides: { 'IconCollection.subset': 'IconCollectionSubset', 'IconPack.description': 'String!' } };
}

const argsOf = (args: readonly GraphQLArgument[]) =>
  Object.fromEntries(args.map((a) => [a.name, { type: String(a.type), defaultValue: a.defaultValue ?? null }]));

/** Everything of `type` a client can rely on, as plain data. */
function shapeOf(type: GraphQLNamedType, overrides: Record<string, string> = {}) {
  if (isObjectType(type) || isInterfaceType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((f) => [f.name, { type: overrides[`${type.name}.${f.name}`] ?? String(f.type), args: argsOf(f.args), deprecated: Boolean(f.deprecationReason) }]),
    );
  }
  if (isInputObjectType(type)) return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, { type: String(f.type), defaultValue: f.defaultValue ?? null }]));
  if (isEnumType(type)) return type.getValues().map((v) => v.name).sort();
  if (isUnionType(type)) return type.getTypes().map((t) => t.name).sort();
  return type.toString();
}

describe('introspection', () => {
  let http: TestApp['http'];
  before(async () => ({ http } = await buildTestApp()));
  let served: GraphQLSchema;
  before(async () => {
    const res = await http.post('/graphql').send({ query: getIntrospectionQuery() }).expect(200);
    expect(res.body.errors).to.equal(undefined);
    served = buildClientSchema(res.body.data);
  });

  it('is served from a schema file that graphql-js validates in full (the server assumes it at start)', () => {
    const file = readFileSync(new URL('../server/graphql/schema.graphql', import.meta.url), 'utf8');
    expect(validateSchema(buildSchema(file))).to.deep.equal([]);
  });

  it('names the root types as the public API does', () => {
    expect([served.getQueryType()?.name, served.getMutationType()?.name, served.getSubscriptionType()?.name]).to.deep.equal(['RootQueryType', 'RootMutationType', 'RootSubscriptionType']);
  });

  it('has every type, field and argument of the public schema, with the same types, nullability and defaults', () => {
    const { schema, overrides } = expectedSchema();
    const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
    expect(types.length).to.be.greaterThan(50);
    for (const type of types) {
      const actual = served.getType(type.name);
      expect(actual, `type ${type.name}`).to.not.equal(undefined);
      const want = shapeOf(type, overrides);
      const have = shapeOf(actual!);
      if (Array.isArray(want) || typeof want === 'string') expect(have, type.name).to.deep.equal(want);
      // Objects may carry this service's extensions (marked in its schema); every public field is there as stated.
      else for (const [field, shape] of Object.entries(want)) expect((have as Record<string, unknown>)[field], `${type.name}.${field}`).to.deep.equal(shape);
    }
  });
});
