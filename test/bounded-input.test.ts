// Bounded parsing (issue: remote stack traces): JSON from a client is measured before anything
// recursive walks it, so a small body nested thousands of levels deep is a 400, not a crash.
import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { MAX_JSON_DEPTH, nestsDeeperThan, valueNestsDeeperThan } from '../server/http/json-depth.ts';
import { buildTestApp, rawRequest, type TestApp } from './helpers.ts';

// Variables the operation does not declare are still sent by careless clients, and ignored.
const QUERY = '{ releases { version } }';
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('bounded JSON input', () => {
  it('measures nesting in one pass, skipping brackets inside strings', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).to.equal(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).to.equal(true);
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[[[[[[[["\\' }), 3)).to.equal(false);
    expect(nestsDeeperThan(deepObject(10_000), MAX_JSON_DEPTH)).to.equal(true);
  });

  it('measures a parsed value as the scan measures its text', () => {
    const texts = [nested(MAX_JSON_DEPTH), nested(MAX_JSON_DEPTH + 1), deepObject(MAX_JSON_DEPTH), deepObject(MAX_JSON_DEPTH + 1), deepObject(10_000)];
    texts.push(`{"query":"{ a }","variables":{"x":[{"y":${nested(MAX_JSON_DEPTH - 3)}}]}}`, `[1,{"a":[]},${nested(MAX_JSON_DEPTH - 1)}]`, '"[[[["', '7', 'null', '{}');
    for (const text of texts) expect(valueNestsDeeperThan(JSON.parse(text), MAX_JSON_DEPTH), text.slice(0, 40)).to.equal(nestsDeeperThan(text, MAX_JSON_DEPTH));
  });

  for (const [name, body] of [
    ['variables', `{"query":${JSON.stringify(QUERY)},"variables":{"x":${nested(10_000)}}}`],
    ['an ignored key', `{"query":${JSON.stringify(QUERY)},"extensions":${deepObject(10_000)}}`],
  ] as const) {
    it(`refuses a POST body nested 10,000 levels deep in ${name} with a 400 problem`, async () => {
      const { handler } = await buildTestApp();
      const res = await rawRequest(handler, { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).to.equal(400);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      const problem = JSON.parse(res.body.toString());
      expect(problem).to.include({ status: 400, code: 'INVALID_PARAMETER' });
      expect(problem.detail).to.equal(`the body nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels`);
    });
  }

  it('refuses the same in a gzip-compressed body (read by Express, not the fast path)', async () => {
    const { http } = await buildTestApp();
    const body = gzipSync(`{"query":${JSON.stringify(QUERY)},"variables":{"x":${nested(5_000)}}}`);
    const res = await http.post('/graphql').set('content-type', 'application/json').set('content-encoding', 'gzip').send(body);
    expect(res.status).to.equal(400);
    expect(res.body).to.include({ code: 'INVALID_PARAMETER' });
  });

  it('refuses GET variables nested too deep with a 400 problem', async () => {
    const { http } = await buildTestApp();
    const res = await http.get('/graphql').query({ query: QUERY, variables: `{"x":${nested(1_000)}}` });
    expect(res.status).to.equal(400);
    expect(res.body.detail).to.equal(`the variables parameter nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('still answers variables nested as deep as real requests go', async () => {
    const { http } = await buildTestApp();
    const res = await http.post('/graphql').send({ query: QUERY, variables: { x: [['a', 'b'], ['c']] } });
    expect(res.status).to.equal(200);
    expect(res.body.data.releases).to.have.length.above(0);
  });
});
