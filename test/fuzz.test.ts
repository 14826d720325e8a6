// Property-based fuzzing of every entry point: whatever arrives, the answer is one the contract
// defines, never a 5xx. CI runs a fixed seed; `FUZZ_RUNS=10000 FUZZ_SEED=<n> npm run test:fuzz`
// runs more (and other) cases on demand.
import { expect } from 'chai';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from './helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const settings = { numRuns: RUNS, seed: SEED, endOnFailure: true };
const GRAPHQL_CODES = ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'QUERY_TOO_COMPLEX', 'INTERNAL_SERVER_ERROR'];
const PROBLEM_CODES = ['INVALID_PARAMETER', 'INVALID_VERSION', 'RELEASE_NOT_FOUND', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL'];

function expectProblem(res: { status: number; headers: Record<string, string>; body: any }, context: string) {
  expect(res.headers['content-type'], context).to.match(/^application\/problem\+json/);
  expect(res.body.status, context).to.equal(res.status);
  expect(PROBLEM_CODES, context).to.include(res.body.code);
  expect(res.body.detail, context).to.be.a('string');
}

describe('fuzzing', function () {
  this.timeout(Math.max(60_000, RUNS * 100));
  let http: TestApp['http'], auth: TestApp['auth'];
  before(async () => ({ http, auth } = await buildTestApp({ env: { TOKEN_FAILURE_LIMIT: '1000000' } })));

  const versionish = fc.oneof(
    fc.constantFrom('1.2.0', '1.x', '1.2.x', '2.x', '9.9.9', 'latest', '1.2.0-beta', '01.2.0', '..', '%2e%2e', '1.2.0%00'),
    fc.stringMatching(/^[0-9x.a-z%-]{0,12}$/),
  );
  const resource = fc.oneof(fc.constantFrom('icons', 'icons-minimal', 'family-styles', 'icon-packs', 'icons/', ''), fc.stringMatching(/^[a-z%/-]{0,12}$/));
  const paramValue = fc.oneof(fc.constantFrom('1', '0', '-1', '500', '501', 'free', 'pro', '', '1e3', '9007199254740993', '%20', '%00'), fc.string({ maxLength: 10 }));
  const param = fc.tuple(fc.constantFrom('license', 'page', 'page_size', 'x', 'page[]', 'license[a]'), paramValue);
  const query = fc.array(param, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

  it('REST: random paths and query strings get a defined status and body', async () => {
    await fc.assert(
      fc.asyncProperty(versionish, resource, query, fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), async (version, res, qs, method) => {
        const path = `/releases/${version}/${res}${qs ? `?${qs}` : ''}`;
        const response = await http[method.toLowerCase() as 'get'](path);
        expect([200, 302, 400, 404, 405], `${method} ${path}`).to.include(response.status);
        if (response.status >= 400 && method !== 'HEAD') expectProblem(response as never, `${method} ${path}`);
        if (response.status === 200 && method === 'GET') expect(response.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      }),
      settings,
    );
  });

  const validQueries = [
    '{ releases { version isLatest } }',
    'query Q($v: String!) { release(version: $v) { version icons(license: "free") { id label aliases { names } } } }',
    '{ release(version: "1.2.0") { iconsPaginated(pageSize: 3) { icons { id familyStylesByLicense { free { prefix } } } } } }',
    'query S($q: String!) { search(version: "1.2.0", query: $q, first: 5) { id } }',
    '{ me { kits { name } } }',
  ];
  const mutated = fc.tuple(fc.constantFrom(...validQueries), fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ maxLength: 3 })), { maxLength: 3 })).map(([q, edits]) =>
    edits.reduce((text, [at, remove, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + remove);
    }, q),
  );
  const variables = fc.oneof(
    fc.constant(undefined),
    fc.record({ v: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.constantFrom('1.x', '1.2.0')), q: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()) }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );

  it('GraphQL: random and mutated documents and variables get 200 with coded errors, or a transport status', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, variables, fc.constantFrom('json', 'text', 'get'), async (document, vars, form) => {
        const req =
          form === 'get'
            ? http.get('/graphql').query({ query: document, ...(vars === undefined ? {} : { variables: JSON.stringify(vars) }) })
            : form === 'text'
              ? http.post('/graphql').set('Content-Type', 'text/plain').send(document)
              : http.post('/graphql').send({ query: document, variables: vars });
        const res = await req;
        const context = `${form} ${JSON.stringify(document)} ${JSON.stringify(vars)}`;
        expect([200, 400], context).to.include(res.status);
        if (res.status === 200) {
          expect(res.body, context).to.satisfy((b: any) => 'data' in b || 'errors' in b);
          for (const error of res.body.errors ?? []) expect(GRAPHQL_CODES, context).to.include(error.extensions?.code);
          expect((res.body.errors ?? []).map((e: any) => e.extensions.code), context).to.not.include('INTERNAL_SERVER_ERROR');
        }
      }),
      settings,
    );
  });

  it('GraphQL: random JSON bodies never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        const res = await http.post('/graphql').set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect([200, 400], JSON.stringify(body)).to.include(res.status);
      }),
      settings,
    );
  });

  it('/token: random headers and bodies get 200, 401 "unauthorized" or 405, never a 5xx', async () => {
    const good = (await auth.createApiToken({ email: 'fuzz@example.test', scopes: ['kits_read'] })).token;
    const authorization = fc.oneof(
      fc.constant(undefined),
      fc.constant(`Bearer ${good}`),
      fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      fc.string({ maxLength: 30 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}`),
      fc.constant(`Bearer ${good}x`),
    );
    const contentType = fc.constantFrom(undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x');
    await fc.assert(
      fc.asyncProperty(authorization, contentType, fc.string({ maxLength: 50 }), fc.constantFrom('POST', 'GET', 'PUT'), async (header, type, body, method) => {
        let req = http[method.toLowerCase() as 'post']('/token');
        if (header !== undefined) req = req.set('Authorization', header);
        if (type) req = req.set('Content-Type', type);
        const res = await req.send(body);
        const context = `${method} ${JSON.stringify(header)} ${type} ${JSON.stringify(body)}`;
        if (method !== 'POST') return void expect(res.status, context).to.equal(405);
        expect([200, 401], context).to.include(res.status);
        if (res.status === 401) expect(res.text, context).to.equal('unauthorized');
        if (res.status === 200) expect(res.body.token_type, context).to.equal('Bearer');
      }),
      settings,
    );
  });
});
