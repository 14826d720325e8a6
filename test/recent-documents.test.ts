// The few documents found last are matched by their text before any map is asked
// (server/graphql/recent-documents.ts): a request's document is a new string each time, and
// hashing it cost more than comparing it. What is matched must be what the map would give.
import { expect } from 'chai';
import { parse } from 'graphql';
import { createGraphQLSchema } from '../server/graphql/apollo.ts';
import { createCompiledQueries } from '../server/graphql/jit-gateway.ts';
import { createRecentDocuments } from '../server/graphql/recent-documents.ts';

// The same text as a new string, as each request body brings it.
const fresh = (text: string) => Buffer.from(text).toString();

describe('recent documents', () => {
  it('finds a document by its text and operation name, and forgets the oldest first', () => {
    const recent = createRecentDocuments<number>(2);
    recent.remember('{ a }', null, 1);
    recent.remember('{ a }', 'A', 2);
    expect(recent.find(fresh('{ a }'), undefined)).to.equal(1);
    expect(recent.find(fresh('{ a }'), 'A')).to.equal(2);
    expect(recent.find('{ b }', null)).to.equal(undefined);
    recent.remember('{ b }', null, 3);
    expect(recent.find('{ a }', null), 'the oldest made room').to.equal(undefined);
    expect(recent.find('{ b }', null)).to.equal(3);
    recent.forget(3);
    expect(recent.find('{ b }', null)).to.equal(undefined);
  });

  it('when the compiled documents drop one, known() no longer finds it', () => {
    const schema = createGraphQLSchema();
    // A budget for about one document: compiling a second drops the first.
    const compiled = createCompiledQueries(schema, { compiledBytes: 80_000 });
    const first = 'query A($v: String!) { release(version: $v) { version } }';
    const second = 'query B($v: String!) { release(version: $v) { version isLatest } }';
    compiled.compile(first, parse(first), undefined);
    expect(compiled.known(fresh(first), undefined)?.serial).to.be.a('number');
    compiled.compile(second, parse(second), undefined);
    expect(compiled.known(fresh(second), undefined)?.serial).to.be.a('number');
    expect(compiled.known(fresh(first), undefined), 'dropped by the map').to.equal(undefined);
  });
});
