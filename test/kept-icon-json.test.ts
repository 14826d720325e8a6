// A known `search` document whose selection reads only release data is answered from each icon's
// kept JSON (server/graphql/kept-icon-json.ts). Its bytes must be the ones executing it gives. The
// references here are the same document made new with a comment: Apollo interprets it with
// graphql-js on first sight, and runs it compiled by graphql-jit the second time. Data answers
// must equal both; errors come from graphql-jit without locations, so those equal the second.
import { expect } from 'chai';
import { BYTES_PER_ENTRY, createJsonTables } from '../server/graphql/icon-json-tables.ts';
import type { Release } from '../server/releases/releases.service.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

const PICKER = 'query Search($version: String!, $query: String!, $first: Int) { search(version: $version, query: $query, first: $first) { id label familyStylesByLicense { free { family style } pro { family style } } } }';
const DOCUMENTS = {
  picker: PICKER,
  'an alias, fragments, __typename and the default first': `fragment Codes on Icon { unicode unicodeHex unicodeInt aliases { names unicodes { primary composite secondary } } }
    query Found($q: String!, $v: String! = "1.x") { found: search(query: $q, version: $v) { __typename id ...Codes ... on Icon { styles membership { free pro } } } }`,
  'release data read by resolvers': 'query ($version: String!, $query: String!) { search(version: $version, query: $query, first: 7) { id changes shim { id name prefix } familyStylesByLicense { pro { prefix shorthand label visualTags { name label } } } } }',
};
const ASKED = [
  { version: '1.2.0', query: 'a', first: 3 },
  { version: '1.2.0', query: 'a', first: 9 },
  { version: '1.x', query: 'arrow' },
  { version: '1.0.0', query: 'calendar', first: 2 },
  { version: '1.2.0', query: 'home', first: 1 },
  { version: '1.2.0', query: 'nothing-like-it' },
];

describe('GraphQL search answered from kept icon JSON', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp();
    kept = 0;
  });

  const ask = (query: string, variables: Record<string, unknown>, token?: string) => {
    const req = app.http.post('/graphql').set('content-type', 'application/json');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(JSON.stringify({ query, variables })).expect(200);
  };
  let fresh = 0;
  /** The answers of the same document new to the server: interpreted (graphql-js), then compiled (graphql-jit). */
  const references = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const source = `${query}\n# ${++fresh}`;
    return { interpreted: (await ask(source, variables, token)).text, compiled: (await ask(source, variables, token)).text };
  };
  const keptBytes = () => app.memory.find((part) => part.part === 'graphql_documents')!.bytes();
  let kept = 0;
  /** Asks a known document, expects the references' bytes, and counts the bytes of JSON it kept. */
  const expectExecuted = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const before = keptBytes();
    const answer = (await ask(query, variables, token)).text;
    kept += keptBytes() - before;
    const { interpreted, compiled } = await references(query, variables, token);
    expect(answer).to.equal(compiled);
    if (!JSON.parse(answer).errors) expect(answer).to.equal(interpreted);
    return JSON.parse(answer);
  };
  /** Makes a document known: Apollo interprets it, then compiles it; from then on the fast path runs it. */
  const makeKnown = async (query: string, token?: string) => {
    for (let n = 0; n < 2; n++) await ask(query, { version: '1.2.0', query: 'mug', v: '1.2.0', q: 'mug', n }, token);
  };
  for (const [name, document] of Object.entries(DOCUMENTS)) {
    it(`writes the bytes executing it gives: ${name}`, async () => {
      await makeKnown(document);
      for (const variables of ASKED) {
        const withAliases = { ...variables, v: variables.version, q: variables.query };
        // Asked twice: the first writes and keeps the JSON of icons not kept yet, the second
        // (another `first`, so no kept answer) is all kept JSON.
        await expectExecuted(document, withAliases);
        await expectExecuted(document, { ...withAliases, first: (variables.first ?? 15) + 1 });
      }
      expect(kept).to.be.greaterThan(0);
    });
  }

  it('refuses what execution refuses, with the same answer', async () => {
    await makeKnown(PICKER);
    for (const variables of [{ version: '9.9.9', query: 'a' }, { version: '1.2.0', query: 'a', first: 0 }, { version: '1.2.0', query: 'a', first: 'x' }, { query: 'a' }]) {
      expect((await expectExecuted(PICKER, variables)).errors).to.have.length(1);
    }
  });

  it('keeps nothing for a selection that depends on the caller, and answers each caller its own', async () => {
    const svgs = 'query ($version: String!, $query: String!) { search(version: $version, query: $query) { id svgs { familyStyle { prefix } pathData } } }';
    const { token: apiToken } = await app.auth.createApiToken({ email: 'svg@example.test', scopes: ['svg_icons_pro'] });
    const token = (await app.http.post('/token').set('Authorization', `Bearer ${apiToken}`).expect(200)).body.access_token as string;
    await makeKnown(svgs);
    await makeKnown(svgs, token);
    const variables = { version: '1.2.0', query: 'house' };
    const anonymous = await expectExecuted(svgs, variables);
    const pro = await expectExecuted(svgs, variables, token);
    expect(anonymous.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
    expect(pro.data.search[0].svgs.map((svg: { familyStyle: { prefix: string } }) => svg.familyStyle.prefix)).to.include('fal');
    expect(kept).to.equal(0);
  });
});

describe('kept icon JSON tables', () => {
  const release = (id: number) => ({ id, version: `1.${id}.0` }) as Release;
  const planA = {};
  const planB = {};

  const entry = 100 + BYTES_PER_ENTRY; // what a kept icon of 100 characters counts
  const text = (bytes: Uint8Array | undefined) => bytes && Buffer.from(bytes).toString('latin1');

  it('stays within its budget, dropping the tables least recently used', () => {
    const tables = createJsonTables(5 * entry + 10);
    const one = release(1);
    const a = tables.of(planA, one);
    for (let id = 0; id < 5; id++) tables.keep(a, id, 'x'.repeat(100));
    expect(tables.bytes).to.equal(5 * entry);
    const b = tables.of(planB, one);
    tables.keep(b, 1, 'y'.repeat(100));
    tables.keep(b, 2, 'y'.repeat(100));
    expect(tables.bytes).to.equal(2 * entry);
    expect(text(tables.of(planB, one).json.get(2))).to.equal('y'.repeat(100));
    expect(tables.of(planA, one).json.size).to.equal(0); // dropped whole, for b
  });

  it('makes room by dropping tables used before the one keeping, the least recently used first', () => {
    const tables = createJsonTables(3 * entry + 10);
    const [one, two] = [release(1), release(2)];
    const [a, b, c] = [tables.of(planA, one), tables.of(planB, one), tables.of(planA, two)];
    for (const table of [a, b, c]) tables.keep(table, 1, 'x'.repeat(100));
    tables.of(planA, one); // a used again: b is now the least recent
    tables.keep(b, 2, 'x'.repeat(100)); // no table was used before b: not kept
    expect(b.json.size).to.equal(1);
    const d = tables.of(planB, two);
    tables.keep(d, 1, 'x'.repeat(100));
    expect(tables.bytes).to.equal(3 * entry);
    expect(tables.of(planB, one).json.size).to.equal(0); // b, dropped for d
    expect([a.json.size, c.json.size, d.json.size]).to.deep.equal([1, 1, 1]);
  });

  it('keeps the bytes of each icon apart, in shared arenas and in buffers of their own', () => {
    const tables = createJsonTables(1_000_000);
    const a = tables.of(planA, release(1));
    const jsons = Array.from({ length: 200 }, (_, id) => `{"id":"icon-${id}","n":"${'z'.repeat(id % 7 === 0 ? 3000 : id)}"}`);
    jsons.forEach((json, id) => tables.keep(a, id, json));
    jsons.forEach((json, id) => expect(text(a.json.get(id))).to.equal(json));
  });

  it('keeps a table per release object: a replaced release starts empty', () => {
    const tables = createJsonTables(10_000);
    const old = release(1);
    tables.keep(tables.of(planA, old), 7, '{"id":"old"}');
    expect(tables.of(planA, release(1)).json.get(7)).to.equal(undefined);
    expect(text(tables.of(planA, old).json.get(7))).to.equal('{"id":"old"}');
  });

  it('keeps nothing more in a table alone over the budget', () => {
    const tables = createJsonTables(2 * entry + 50);
    const a = tables.of(planA, release(1));
    for (let id = 0; id < 5; id++) tables.keep(a, id, 'x'.repeat(100));
    expect(a.json.size).to.equal(2);
    expect(tables.bytes).to.equal(2 * entry);
  });
});
