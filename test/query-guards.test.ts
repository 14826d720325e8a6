import { expect } from 'chai';
import { createGraphQLSchema } from '../server/graphql/apollo.ts';
import { COST_MODEL, createAdmission, MAX_COST_ANONYMOUS } from '../server/graphql/cost-limits.ts';
import { checkDocument, costOf } from '../server/graphql/document-guard.ts';
import { ANONYMOUS } from '../server/graphql/principal.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { hostileDocuments, wholeReleases } from './hostile-documents.ts';

// The whole-release query real clients send (clients.md): ids, labels, unicodes, aliases, family-styles.
const CLIENT_WHOLE_RELEASE =
  '{ release(version: "1.2.0") { icons { id label unicodeHex aliases { names unicodes { composite primary secondary } } familyStylesByLicense { free { family style } pro { family style } } } } }';
const WORDPRESS_RELEASES = `query {
\tlatest_version_5: release(version: "5.x") { version }
\tlatest_version_6: release(version: "6.x") { version }
\tlatest_version_7: release(version: "7.x") { version }
\treleases { version srisByLicense { free { path value } pro { path value } } }
}`;

describe('GraphQL query guards', () => {
  let http: TestApp['http'], auth: TestApp['auth'];
  before(async () => ({ http, auth } = await buildTestApp()));
  const post = (query: string) => http.post('/graphql').send({ query }).expect(200);

  describe('when a document is built to make the server work', () => {
    for (const [name, document] of Object.entries(hostileDocuments('1.2.0'))) {
      it(`answers "${name}" within 50 ms (best of five), refusing it unless it is cheap`, async () => {
        // Best of five distinct copies: the first request of a process pays for loading code, and
        // a shared machine adds noise; the document's own cost shows in every run.
        let elapsed = Infinity;
        let body: any;
        for (let run = 0; run < 5; run++) {
          const started = performance.now();
          ({ body } = await post(document.replace('{', `{ run${run}: __typename `)));
          elapsed = Math.min(elapsed, performance.now() - started);
        }
        expect(elapsed, `${name} took ${elapsed.toFixed(1)} ms`).to.be.below(50);
        if (body.errors) expect(body.errors.map((e: any) => e.extensions.code)).to.satisfy((codes: string[]) => codes.every((c) => c === 'QUERY_TOO_COMPLEX' || c === 'GRAPHQL_VALIDATION_FAILED' || c === 'GRAPHQL_PARSE_FAILED' || c === 'BAD_USER_INPUT'));
      });
    }

    it('refuses the 22-level fragment fan-out by its depth, and 31 aliases by the alias cap', async () => {
      const documents = hostileDocuments('1.2.0');
      const fanOut = await post(documents['fragment fan-out, 22 levels']);
      expect(fanOut.body.errors[0].extensions.code).to.equal('QUERY_TOO_COMPLEX');
      expect(fanOut.body.errors[0].message).to.match(/depth 2\d exceeds the limit of 20/);
      const aliases = await post(documents['31 aliases of a tiny field']);
      expect(aliases.body.errors[0].message).to.equal('the document has 31 aliases; the limit is 30');
    });

    it('refuses a document past the length or token budget without parsing the rest of it', async () => {
      const documents = hostileDocuments('1.2.0');
      expect((await post(documents['10,000 tokens in 20 KB'])).body.errors[0].message).to.equal('the document has more than 5000 tokens');
      expect((await post(documents['1 MB of tokens'])).body.errors[0].message).to.equal('the document is longer than 65536 characters');
    });

    it('refuses every icon of every release by its cost, saying what was too costly', async () => {
      const { body } = await post(hostileDocuments('1.2.0')['every icon of every release']);
      expect(body.errors[0].message).to.match(/^query cost \d+ exceeds the limit of \d+ for anonymous callers/);
      expect(body).not.to.have.property('data');
    });
  });

  describe('what real clients send', () => {
    it('admits the whole-release query and the WordPress releases query', async () => {
      expect((await post(CLIENT_WHOLE_RELEASE)).body.errors).to.equal(undefined);
      // The fixture has no 5.x, 6.x or 7.x release: those three fields are NOT_FOUND, the rest resolves.
      const { body } = await post(WORDPRESS_RELEASES);
      expect(body.errors.map((e: any) => e.extensions.code)).to.deep.equal(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
      expect(body.data.releases).to.have.length(4);
    });

    it('admits one whole release per anonymous request, and two with an access token', async () => {
      expect((await post(wholeReleases('1.2.0', 1))).body.errors).to.equal(undefined);
      const anonymous = await post(wholeReleases('1.2.0', 2));
      expect(anonymous.body.errors[0].message).to.match(/exceeds the limit of \d+ for anonymous callers/);
      const apiToken = (await auth.createApiToken({ email: 'heavy@example.test', scopes: ['public'] })).token;
      const { access_token: accessToken } = (await http.post('/token').set('Authorization', `Bearer ${apiToken}`).expect(200)).body;
      const withToken = await http.post('/graphql').set('Authorization', `Bearer ${accessToken}`).send({ query: wholeReleases('1.2.0', 2) }).expect(200);
      expect(withToken.body.errors).to.equal(undefined);
      expect((await http.post('/graphql').set('Authorization', `Bearer ${accessToken}`).send({ query: wholeReleases('1.2.0', 4) })).body.errors[0].extensions.code).to.equal('QUERY_TOO_COMPLEX');
    });
  });

  describe('costing', () => {
    const schema = createGraphQLSchema();
    const cost = (document: string, variables: Record<string, unknown> = {}) => {
      const check = checkDocument(document);
      if (check.ok !== true) throw new Error('not admitted');
      return costOf(schema, check.checked, COST_MODEL, null, variables);
    };

    it('costs a fragment spread many times once, and the same as writing it out', () => {
      const inline = '{ releases { version date } }';
      const spread = `{ ...R } fragment R on ${schema.getQueryType()!.name} { releases { ...V } } fragment V on Release { version date }`;
      expect(cost(spread)).to.equal(cost(inline));
    });

    it('multiplies by page sizes given as literals, variables or argument defaults', () => {
      const page = (size: string) => `query Q($n: Int) { release(version: "1.2.0") { iconsPaginated(pageSize: ${size}) { icons { id } } } }`;
      expect(cost(page('500'))).to.be.above(cost(page('10')) * 40);
      expect(cost(page('$n'), { n: 500 })).to.equal(cost(page('500')));
      expect(cost('{ search(version: "1", query: "a") { id } }')).to.equal(cost('{ search(version: "1", query: "a", first: 15) { id } }'));
    });

    it('remembers documents within a byte budget, and refuses one past the anonymous limit', () => {
      const admission = createAdmission(schema, { maxCheckBytes: 64 * 1024 });
      for (let i = 0; i < 1000; i++) admission.admit(`query Q${i} { releases { version } }`, null, {}, ANONYMOUS);
      expect(admission.checks.calculatedSize).to.be.at.most(64 * 1024);
      const verdict = admission.admit(hostileDocuments('1.2.0')['every icon of every release'], null, {}, ANONYMOUS);
      expect(verdict.ok).to.equal(false);
      expect(MAX_COST_ANONYMOUS).to.be.below(1_000_000);
    });
  });
});
