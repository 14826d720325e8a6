// A known document's answer is kept by what it depends on (the document, the operation and the
// variables it declares), not by the request's bytes: a picker that sends a request counter among
// its variables, or other JSON spacing, gets the answer already built.
import { expect } from 'chai';
import { buildTestApp, type TestApp } from './helpers.ts';

const SEARCH = 'query S($v: String!, $q: String!, $first: Int = 2) { search(version: $v, query: $q, first: $first) { id } }';

describe('GraphQL answers keyed by what they depend on', () => {
  it('answers a request that differs only in undeclared variables or spacing from the answer already built', async () => {
    const { http, cache } = await buildTestApp();
    const ask = (body: string) => http.post('/graphql').set('content-type', 'application/json').send(body).expect(200);
    // Apollo interprets a new cheap document, then compiles it when it comes again; from then on
    // it is known, and a known answer asked for a second time is kept by its answer key.
    const first = await ask(JSON.stringify({ query: SEARCH, variables: { v: '1.2.0', q: 'a', n: 1 } }));
    for (const n of [2, 3, 4]) await ask(JSON.stringify({ query: SEARCH, variables: { v: '1.2.0', q: 'a', n } }));
    const size = cache.size;
    const third = await ask(`{ "variables": { "n": 5, "q": "a", "v": "1.2.0" }, "query": ${JSON.stringify(SEARCH)} }`);
    expect(cache.size).to.equal(size); // nothing built or added
    expect(third.text).to.equal(first.text);
    expect(third.headers.etag).to.equal(first.headers.etag);
  });

  it('tells an absent variable (its default applies) from an explicit value', async () => {
    const { http } = await buildTestApp();
    const ask = (variables: Record<string, unknown>) => http.post('/graphql').send({ query: SEARCH, variables }).expect(200);
    await ask({ v: '1.2.0', q: 'a' });
    const byDefault = await ask({ v: '1.2.0', q: 'a', n: 1 });
    const one = await ask({ v: '1.2.0', q: 'a', first: 1, n: 2 });
    expect(byDefault.body.data.search.length).to.be.greaterThan(one.body.data.search.length);
    expect(one.body.data.search).to.have.length(1);
  });
});
