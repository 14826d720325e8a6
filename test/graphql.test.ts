import { expect } from 'chai';
import pg from 'pg';
import { compressionsIdle } from '../server/http/background-compression.ts';
import { buildTestApp, databaseWith, fixtureDocument, FIXTURE_VERSIONS, rawRequest, testDatabase, type TestApp } from './helpers.ts';
import type { Database } from '../db/database.ts';
import { NEWEST_CHANGE_STATEMENT } from '../db/data-changes.ts';
import { loadRelease } from '../seeds/load.ts';
import type { ReleaseDocument } from '../seeds/import/document.ts';

describe('GraphQL interface', () => {
  let http: TestApp['http'], handler: TestApp['handler'], cache: TestApp['cache'];
  before(async () => ({ http, handler, cache } = await buildTestApp({ database: await testDatabase([...FIXTURE_VERSIONS, '5.1.0', '5.10.0', '5.11.0-beta1']) })));
  const gql = (query: string, variables?: object, path = '/graphql') => http.post(path).send({ query, variables }).expect(200);
  const codes = (body: any) => (body.errors ?? []).map((e: any) => e.extensions.code);

  describe('transport', () => {
    const releasesQuery = '{ releases { version } }';
    const expectReleases = (body: any) => expect(body.data.releases.map((r: any) => r.version)).to.include('1.2.0');

    it('takes a JSON body on / and /graphql', async () => {
      expectReleases((await gql(releasesQuery, undefined, '/')).body);
      expectReleases((await gql(releasesQuery, undefined, '/graphql')).body);
    });

    it('takes a raw GraphQL document as text/plain, application/graphql or with no content type', async () => {
      for (const type of ['text/plain', 'application/graphql']) {
        expectReleases((await http.post('/graphql').set('Content-Type', type).send(releasesQuery).expect(200)).body);
      }
      const bare = await rawRequest(handler, { method: 'POST', path: '/', body: releasesQuery });
      expect(bare.headers['content-type']).to.match(/^application\/json/);
      expectReleases(JSON.parse(bare.body.toString()));
    });

    it('takes GET ?query= with variables and operationName, and needs no CSRF header', async () => {
      const query = 'query A { releases { version } } query B($v: String!) { release(version: $v) { version } }';
      const res = await http
        .get('/graphql')
        .query({ query, variables: JSON.stringify({ v: '1.x' }), operationName: 'B' })
        .expect(200);
      expect(res.body.data.release.version).to.equal('1.10.0');
    });

    it('ignores unknown keys in a JSON body', async () => {
      const res = await http.post('/graphql').send({ query: releasesQuery, extensions: {}, id: 7 }).expect(200);
      expectReleases(res.body);
    });

    it('treats an empty Authorization header, or Bearer alone, as anonymous', async () => {
      for (const value of ['', 'Bearer', 'Bearer ']) {
        expectReleases((await http.post('/graphql').set('Authorization', value).send({ query: releasesQuery }).expect(200)).body);
      }
    });

    it('answers an invalid access token with 401 text/plain "unauthorized" before executing', async () => {
      const res = await http.post('/graphql').set('Authorization', 'Bearer not-a-token').send({ query: releasesQuery }).expect(401);
      expect(res.headers['content-type']).to.match(/^text\/plain/);
      expect(res.text).to.equal('unauthorized');
      expect(res.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
    });

    it('answers transport failures with their own statuses', async () => {
      await http.post('/graphql').set('Content-Type', 'application/json').send('{ not json').expect(400);
      await http.post('/graphql').set('Content-Type', 'application/x-www-form-urlencoded').send('query=x').expect(400);
      await http.post('/graphql').send({ query: `{ releases { version } } # ${'x'.repeat(1_100_000)}` }).expect(413);
      const put = await http.put('/graphql').send({ query: releasesQuery }).expect(405);
      expect(put.headers.allow).to.equal('GET, POST');
    });

    it("answers every transport failure, Apollo's own refusals included, as problem details with a code of the contract", async () => {
      const q = encodeURIComponent(releasesQuery);
      const json = { 'content-type': 'application/json' };
      const cases: [request: { method?: string; path: string; headers?: Record<string, string>; body?: string }, status: number, code: string][] = [
        [{ path: `/graphql?query=${q}&query=${q}` }, 400, 'INVALID_PARAMETER'],
        [{ path: `/?query=${q}&variables=%7B%7D&variables=%7B%7D` }, 400, 'INVALID_PARAMETER'],
        [{ path: `/graphql?query=${q}&operationName=A&operationName=B` }, 400, 'INVALID_PARAMETER'],
        [{ path: `/graphql?query=${q}&variables=not-json` }, 400, 'INVALID_PARAMETER'],
        [{ path: `/graphql?query=${q}&variables=%5B1%5D` }, 400, 'INVALID_PARAMETER'],
        [{ path: '/graphql?query=' }, 400, 'INVALID_PARAMETER'],
        [{ method: 'POST', path: '/graphql', headers: json, body: '{ not json' }, 400, 'INVALID_PARAMETER'],
        [{ method: 'POST', path: '/graphql', headers: json, body: '{"query": 5}' }, 400, 'INVALID_PARAMETER'],
        [{ method: 'POST', path: '/graphql', headers: json, body: JSON.stringify({ query: releasesQuery, variables: [1] }) }, 400, 'INVALID_PARAMETER'],
        [{ method: 'POST', path: '/graphql', headers: json, body: '{"nope": 1}' }, 400, 'INVALID_PARAMETER'],
        [{ method: 'POST', path: '/graphql', headers: json, body: JSON.stringify([{ query: releasesQuery }]) }, 400, 'INVALID_PARAMETER'],
        [{ path: `/graphql?query=${encodeURIComponent('mutation { createSubset(icons: [], version: "1.2.0") { id } }')}` }, 405, 'METHOD_NOT_ALLOWED'],
      ];
      for (const [request, status, code] of cases) {
        const res = await rawRequest(handler, request);
        const label = `${request.method ?? 'GET'} ${request.path} ${request.body ?? ''}`;
        expect([res.status, res.headers['content-type']], label).to.deep.equal([status, 'application/problem+json; charset=utf-8']);
        expect(JSON.parse(res.body.toString()), label).to.include({ type: 'about:blank', status, code });
        expect(res.headers['cache-control'], label).to.equal('no-store');
        expect(res.headers['access-control-allow-origin'], label).to.equal('*');
        if (status === 405) expect(res.headers.allow, label).to.equal('POST');
      }
    });

    it('refuses a repeated GET parameter however often the document was run before (never answered from the first one)', async () => {
      const query = encodeURIComponent('query R($v: String!) { release(version: $v) { version } }');
      const variables = encodeURIComponent('{"v":"1.2.0"}');
      // Run twice: validated and compiled, a known document from now on.
      for (let i = 0; i < 2; i++) expect((await rawRequest(handler, { path: `/graphql?query=${query}&variables=${variables}&run=${i}` })).status).to.equal(200);
      for (const path of [`/graphql?query=${query}&query=${query}&variables=${variables}`, `/graphql?query=${query}&variables=${variables}&variables=${variables}`]) {
        const res = await rawRequest(handler, { path });
        expect([res.status, JSON.parse(res.body.toString()).code], path).to.deep.equal([400, 'INVALID_PARAMETER']);
      }
    });

    it('sends CORS headers', async () => {
      const res = await http.post('/graphql').set('Origin', 'https://example.test').send({ query: releasesQuery }).expect(200);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
    });

    it('has introspection on', async () => {
      const { body } = await gql('{ __schema { queryType { name } } __type(name: "Release") { fields { name } } }');
      expect(body.data.__schema.queryType.name).to.equal('RootQueryType'); // the public API's root type name
      expect(body.data.__type.fields.map((f: any) => f.name)).to.include('iconsPaginated');
    });
  });

  describe('errors, always HTTP 200 with extensions.code', () => {
    it('GRAPHQL_PARSE_FAILED for a syntax error', async () => expect(codes((await gql('{ releases { version ')).body)).to.deep.equal(['GRAPHQL_PARSE_FAILED']));
    it('GRAPHQL_VALIDATION_FAILED for an unknown field', async () => expect(codes((await gql('{ releases { nope } }')).body)).to.deep.equal(['GRAPHQL_VALIDATION_FAILED']));
    it('BAD_USER_INPUT for a missing variable or a malformed version', async () => {
      expect(codes((await gql('query($v: String!) { release(version: $v) { version } }')).body)).to.deep.equal(['BAD_USER_INPUT']);
      // Found by the fuzz suite: a number for a String! variable was a 500.
      expect(codes((await gql('query($v: String!) { release(version: $v) { version } }', { v: -5 })).body)).to.deep.equal(['BAD_USER_INPUT']);
      const { body } = await gql('{ release(version: "seven") { version } }');
      expect(codes(body)).to.deep.equal(['BAD_USER_INPUT']);
      expect(body.data.release).to.equal(null);
    });
    it('NOT_FOUND for a well-formed version that is absent, the rest of the query resolving', async () => {
      const { body } = await gql('{ release(version: "9.9.9") { version } releases { version } }');
      expect(codes(body)).to.deep.equal(['NOT_FOUND']);
      expect(body.errors[0].path).to.deep.equal(['release']);
      expect(body.data.releases).to.have.length.greaterThan(0);
    });
    it('UNAUTHENTICATED, with message "unauthorized", for gated fields of anonymous callers', async () => {
      const { body } = await gql('{ me { kits { name } } release(version: "1.2.0") { icon(name: "house") { id svgs { html } } } }');
      expect(body.errors.map((e: any) => [e.message, e.extensions.code])).to.deep.equal([
        ['unauthorized', 'UNAUTHENTICATED'],
        ['unauthorized', 'UNAUTHENTICATED'],
      ]);
      expect(body.data.me).to.equal(null);
      expect(body.data.release.icon).to.deep.equal({ id: 'house', svgs: null });
    });
  });

  describe('version resolution', () => {
    const versionOf = async (v: string) => (await gql(`{ release(version: "${v}") { version } }`)).body.data.release?.version ?? null;
    it('resolves M.x and M.m.x to the highest stable release, by semver', async () => {
      expect(await versionOf('1.x')).to.equal('1.10.0');
      expect(await versionOf('1.2.x')).to.equal('1.2.0');
      expect(await versionOf('5.x')).to.equal('5.10.0');
    });
    it('falls back to the highest pre-release when a major has no stable one', async () => expect(await versionOf('2.x')).to.equal('2.0.0-beta1'));
    it('resolves the deprecated "latest" exactly as 5.x', async () => expect(await versionOf('latest')).to.equal('5.10.0'));
    it('takes exact versions, pre-releases included', async () => {
      expect(await versionOf('5.11.0-beta1')).to.equal('5.11.0-beta1');
      expect(await versionOf('1.2.0')).to.equal('1.2.0');
    });
    it('lists releases ascending with one latest', async () => {
      const { body } = await gql('{ releases { version isLatest date } }');
      expect(body.data.releases.map((r: any) => r.version)).to.deep.equal(['1.0.0', '1.2.0', '1.10.0', '2.0.0-beta1', '5.1.0', '5.10.0', '5.11.0-beta1']);
      expect(body.data.releases.filter((r: any) => r.isLatest).map((r: any) => r.version)).to.deep.equal(['5.10.0']);
    });
  });

  describe('Release and Icon fields', () => {
    it('finds an icon by id or alias name, and returns null without an error when none matches', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { byAlias: icon(name: "coffee") { id } byId: icon(name: "house") { id } none: icon(name: "zzz") { id } } }');
      expect(body.errors).to.equal(undefined);
      expect(body.data.release).to.deep.equal({ byAlias: { id: 'mug-saucer' }, byId: { id: 'house' }, none: null });
    });

    it('serves the deprecated fields real clients still send', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { icons(license: "pro") { id } all: icons { id unicode styles membership { free pro } } } }');
      expect(body.data.release.icons.map((i: any) => i.id)).to.deep.equal(['alien', 'cloud-arrow-up', 'dog-bone']);
      const house = body.data.release.all.find((i: any) => i.id === 'house');
      expect(house).to.deep.equal({ id: 'house', unicode: 'f015', styles: ['regular', 'solid', 'light'], membership: { free: ['regular', 'solid'], pro: ['light', 'regular', 'solid'] } });
      expect(codes((await gql('{ release(version: "1.2.0") { icons(license: "all") { id } } }')).body)).to.deep.equal(['BAD_USER_INPUT']);
    });

    it('gives unicodes, aliases, changes and the Font Awesome 4 shim', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { icon(name: "house") { unicodeHex unicodeInt changes aliases { names unicodes { primary composite secondary } } shim { id name prefix } } } }');
      expect(body.data.release.icon).to.deep.equal({
        unicodeHex: 'f015',
        unicodeInt: 0xf015,
        changes: ['1.0.0', '1.2.0'],
        aliases: { names: ['home', 'home-alt'], unicodes: { primary: ['f80a'], composite: ['1f3e0'], secondary: ['10f015'] } },
        shim: { id: 'home', name: 'house', prefix: null },
      });
    });

    it('pages icons with the license enum, and bounds pageSize', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { free: iconsPaginated(license: FREE, pageSize: 3, page: 2) { page pageSize totalIconCount totalPageCount icons { id } } } }');
      expect(body.data.release.free).to.deep.equal({ page: 2, pageSize: 3, totalIconCount: 8, totalPageCount: 3, icons: [{ id: 'calendar' }, { id: 'calendar-days' }, { id: 'github' }] });
      expect(codes((await gql('{ release(version: "1.2.0") { iconsPaginated(pageSize: 501) { page } } }')).body)).to.deep.equal(['BAD_USER_INPUT']);
    });

    it('counts icons per family-style and per id, and lists SRIs and family-styles by license', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { iconCount { free pro } iconIdCount { free pro } srisByLicense { free { path value } pro { path } } familyStylesByLicense { free { prefix } pro { prefix } } download { separatesWebDesktop } } }');
      const r = body.data.release;
      expect(r.iconCount).to.deep.equal({ free: 10, pro: 26 });
      expect(r.iconIdCount).to.deep.equal({ free: 8, pro: 11 });
      expect(r.srisByLicense).to.deep.equal({ free: [{ path: 'css/all.css', value: 'sha384-AAAA' }], pro: [{ path: 'css/pro.css' }] });
      expect(r.familyStylesByLicense.free.map((f: any) => f.prefix)).to.deep.equal(['far', 'fas', 'fab']);
      expect(r.familyStylesByLicense.pro).to.have.length(7);
      expect(r.download).to.deep.equal({ separatesWebDesktop: false });
    });

    it('serves icon packs, collections and visual tags, and visual tags on family-styles', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { iconPacks { name description familyStyles { prefix label visualTags { name } } } iconCollections { name iconPacks { name } subset { familyStyleSubsets { familyStyle { style } only { totalIconVariantCount } } } } visualTags { name labelIconName } } }');
      const r = body.data.release;
      // IconPack.description is String! in the public API: empty when a pack has none.
      expect(r.iconPacks[1]).to.deep.equal({ name: 'brands', description: '', familyStyles: [{ prefix: 'fab', label: 'Brands', visualTags: [] }] });
      // IconCollection.subset has the public API's object shape (kits.test.ts covers it in depth).
      expect(r.iconCollections[0].subset.familyStyleSubsets[2]).to.deep.equal({ familyStyle: { style: 'brands' }, only: null });
      expect(r.iconCollections[1]).to.deep.equal({ name: 'pro-collection', iconPacks: [{ name: 'classic' }, { name: 'brands' }, { name: 'sharp' }], subset: null });
      expect(r.visualTags[0]).to.deep.equal({ name: 'filled', labelIconName: 'house' });
    });
  });

  describe('search', () => {
    const ids = async (query: string, first = 15) =>
      (await gql('query($q: String!, $n: Int) { search(version: "1.2.0", query: $q, first: $n) { id } }', { q: query, n: first })).body.data.search.map((i: any) => i.id);

    it('tolerates one typo in words of four letters or more', async () => {
      expect(await ids('calender')).to.include('calendar');
      expect(await ids('hous')).to.include('house'); // a prefix
      expect(await ids('hose')).to.include('house'); // one letter missing
      expect(await ids('hus')).to.deep.equal([]); // three letters: no typo allowed
    });
    it('matches word prefixes, and requires every word of a multi-word query', async () => {
      expect(await ids('arr')).to.have.members(['arrow-down', 'arrow-up', 'cloud-arrow-up']);
      expect(await ids('arrow up')).to.deep.equal(['arrow-up', 'cloud-arrow-up']);
    });
    it('ranks exact id, then exact alias, first', async () => {
      expect((await ids('calendar'))[0]).to.equal('calendar');
      expect((await ids('coffee'))[0]).to.equal('mug-saucer');
      expect((await ids('home'))[0]).to.equal('house');
    });
    it('finds icons by label words, search terms and categories', async () => {
      expect(await ids('residence')).to.deep.equal(['house']);
      expect(await ids('buildings')).to.deep.equal(['house']);
    });
    it('is deterministic, bounded by first, and [] when nothing matches', async () => {
      expect(await ids('a', 2)).to.deep.equal((await ids('a', 15)).slice(0, 2));
      expect(await ids('zzzzqqq')).to.deep.equal([]);
    });
    it('pages with searchPaginated, pageSize at most 50', async () => {
      const { body } = await gql('{ searchPaginated(version: "1.2.0", query: "arrow", page: 2, pageSize: 2) { page pageSize totalIconCount totalPageCount icons { id } } }');
      expect(body.data.searchPaginated).to.deep.equal({ page: 2, pageSize: 2, totalIconCount: 3, totalPageCount: 2, icons: [{ id: 'cloud-arrow-up' }] });
      expect(codes((await gql('{ searchPaginated(version: "1.2.0", query: "a", pageSize: 51) { page } }')).body)).to.deep.equal(['BAD_USER_INPUT']);
    });
    it('refuses queries over 512 characters and unknown versions, answering null', async () => {
      const long = await gql('query($q: String!) { search(version: "1.2.0", query: $q) { id } }', { q: 'a'.repeat(513) });
      expect(codes(long.body)).to.deep.equal(['BAD_USER_INPUT']);
      expect(long.body.data.search).to.equal(null);
      expect(codes((await gql('{ search(version: "9.x", query: "a") { id } }')).body)).to.deep.equal(['NOT_FOUND']);
    });
  });

  describe('cost limits', () => {
    it('admits a whole-release query with ids, labels, aliases and family-styles', async () => {
      const { body } = await gql('{ release(version: "1.2.0") { icons { id label unicode aliases { names unicodes { primary composite secondary } } familyStylesByLicense { free { family style prefix } pro { family style prefix } } } } }');
      expect(body.errors).to.equal(undefined);
      expect(body.data.release.icons).to.have.length(11);
    });
    it('refuses every icon of every release with QUERY_TOO_COMPLEX, quickly', async () => {
      const started = Date.now();
      const { body } = await gql('{ releases { icons { id label aliases { names } familyStylesByLicense { free { prefix } pro { prefix } } } } }');
      expect(codes(body)).to.deep.equal(['QUERY_TOO_COMPLEX']);
      expect(body.errors[0].message).to.match(/cost \d+ exceeds/);
      expect(Date.now() - started).to.be.below(1000);
    });
    it('refuses a query deeper than the depth limit', async () => {
      const deep = `{ __schema { types { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } } }`;
      const { body } = await gql(deep);
      expect(codes(body)).to.deep.equal(['QUERY_TOO_COMPLEX']);
      expect(body.errors[0].message).to.match(/depth/);
    });
  });

  describe('response cache', () => {
    it('answers an identical request from the cache, with identical bytes', async () => {
      const query = '{ release(version: "1.2.0") { icons { id label } } }';
      const before = cache.size;
      const a = await http.post('/graphql').send({ query }).expect(200);
      expect(cache.size).to.equal(before + 1);
      const b = await http.post('/graphql').send({ query }).expect(200);
      expect(cache.size).to.equal(before + 1);
      expect(b.text).to.equal(a.text);
      expect(b.headers.etag).to.equal(a.headers.etag);
    });

    it('answers repeats before Express (GET and POST, raw and JSON), with the ETag, 304 and compressed forms', async () => {
      // Over 1 KiB, so it is compressed too.
      const query = '{ release(version: "1.2.0") { icons { id label unicodeHex familyStylesByLicense { free { family style prefix } pro { family style prefix } } } } }';
      const requests: { method: string; path: string; headers: Record<string, string>; body?: string }[] = [
        { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) },
        { method: 'POST', path: '/', headers: { 'content-type': 'text/plain' }, body: query },
        { method: 'GET', path: `/graphql?query=${encodeURIComponent(query)}`, headers: {} },
      ];
      const tags: string[] = [];
      for (const request of [...requests].reverse()) {
        const first = await rawRequest(handler, request);
        const cached = await rawRequest(handler, request);
        expect(cached.status).to.equal(200);
        expect(cached.body.equals(first.body)).to.equal(true);
        // An answer to a POST carries no tag (no cache keeps it); the GET's revalidates it too.
        if (request.method === 'GET') tags.push(first.headers.etag as string);
        expect(cached.headers.etag).to.equal(request.method === 'GET' ? tags[0] : undefined);
        // Security and CORS headers as Express would set them.
        expect(cached.headers['access-control-allow-origin']).to.equal('*');
        expect(cached.headers['x-content-type-options']).to.equal('nosniff');
        const notModified = await rawRequest(handler, { ...request, headers: { ...request.headers, 'if-none-match': tags[0] } });
        expect([notModified.status, notModified.headers.etag]).to.deep.equal([304, tags[0]]);
        // Asked for once, made in the background, then sent.
        const withBrotli = { ...request, headers: { ...request.headers, 'accept-encoding': 'br' } };
        await compressionsIdle();
        await rawRequest(handler, withBrotli);
        await compressionsIdle();
        const brotli = await rawRequest(handler, withBrotli);
        expect(brotli.headers['content-encoding']).to.equal('br');
      }
    });

    it('runs a known document with new variables without Apollo, answering the bytes Apollo answers', async () => {
      const query = 'query S($q: String!, $n: Int) { search(version: "1.2.0", query: $q, first: $n) { id label familyStylesByLicense { free { prefix } } } }';
      const send = (variables: object, spaces = 0) =>
        rawRequest(handler, { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }).replace('{', `{${' '.repeat(spaces)}`) });
      const viaApollo = await send({ q: 'house', n: 3 }); // first sight: Apollo parses, validates, compiles
      const fresh = await send({ q: 'house', n: 3 }, 1); // same answer, new body: the known-document path
      expect(fresh.body.toString()).to.equal(viaApollo.body.toString());
      expect([fresh.headers.etag, viaApollo.headers.etag]).to.deep.equal([undefined, undefined]); // POSTs
      expect(JSON.parse((await send({ q: 'coffee', n: 1 }, 2)).body.toString()).data.search).to.have.length.at.most(1);
      // Errors still come from Apollo, with their codes: a missing variable, a refused page size.
      expect(JSON.parse((await send({ n: 1 }, 3)).body.toString()).errors[0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(JSON.parse((await send({ q: 'a', n: 100000 }, 4)).body.toString()).errors[0].extensions.code).to.equal('QUERY_TOO_COMPLEX');
    });

    it('keeps an answer of the known-document path when it is asked for a second time, not the first', async () => {
      const query = 'query K($q: String!) { search(version: "1.2.0", query: $q, first: 2) { id } }';
      const send = (q: string, spaces = 0) =>
        rawRequest(handler, { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { q } }).replace('{', `{${' '.repeat(spaces)}`) });
      await send('house'); // Apollo, interpreted
      await send('arrow'); // Apollo, compiled: known from now on
      const before = cache.size;
      const once = await send('circle'); // known, asked once: answered, not kept
      expect(cache.size).to.equal(before);
      const twice = await send('circle', 1); // asked again (another body): kept, under both keys
      expect(cache.size).to.equal(before + 2);
      expect(twice.body.equals(once.body)).to.equal(true);
      await send('circle', 2); // and answered from the cache: nothing new kept
      expect(cache.size).to.equal(before + 2);
    });

    it('keeps bad bodies and bad tokens out of the fast path: 400, 413 and 401 as before', async () => {
      const post = (headers: Record<string, string>, body: string) => rawRequest(handler, { method: 'POST', path: '/graphql', headers, body });
      expect((await post({ 'content-type': 'application/json' }, '{ not json')).status).to.equal(400);
      expect((await post({ 'content-type': 'application/json' }, '"a string"')).status).to.equal(400);
      expect((await post({ 'content-type': 'application/json' }, JSON.stringify({ query: `{ releases { version } } # ${'x'.repeat(1_100_000)}` }))).status).to.equal(413);
      const query = JSON.stringify({ query: '{ releases { version } }' });
      expect((await post({ 'content-type': 'application/json' }, query)).status).to.equal(200);
      expect((await post({ 'content-type': 'application/json', authorization: 'Bearer not-a-token' }, query)).status).to.equal(401);
    });

    it('does not keep responses that carry errors', async () => {
      const before = cache.size;
      await http.post('/graphql').send({ query: '{ release(version: "9.9.9") { version } }' }).expect(200);
      expect(cache.size).to.equal(before);
    });
  });
});

describe('GraphQL batching', () => {
  /** A release with `count` icons, each with aliases, family-styles, SVGs and a shim. */
  function releaseOf(version: string, count: number): ReleaseDocument {
    const doc = fixtureDocument(version);
    const [template] = doc.icons;
    doc.icons = Array.from({ length: count }, (_, i) => ({ ...template, id: `icon-${i}`, aliases: { ...template.aliases, names: [`alias-${i}`] } }));
    doc.categories = [];
    doc.shims = doc.icons.map((icon) => ({ oldName: `old-${icon.id}`, name: icon.id, prefix: null }));
    doc.iconCollections = doc.iconCollections.map((c) => ({ ...c, subset: null }));
    return doc;
  }

  /** Counts SQL statement executions (prepared statements included) while `run` runs. */
  async function statementsDuring(database: Database, run: () => Promise<unknown>): Promise<number> {
    // SQLite: each execution of a better-sqlite3 statement; PostgreSQL: each query a pooled client sends.
    const proto = (database.sqlite ? Object.getPrototypeOf(database.sqlite.$client.prepare('select 1')) : pg.Client.prototype) as Record<string, (...args: unknown[]) => unknown>;
    const methods = database.sqlite ? ['all', 'get', 'run', 'iterate'] : ['query'];
    const originals = methods.map((m) => proto[m]);
    let count = 0;
    methods.forEach((m, i) => {
      proto[m] = function (this: unknown, ...args: unknown[]) {
        // Not the request's own: the PostgreSQL change listener's once-a-second fallback poll.
        if ((args[0] as { name?: string } | undefined)?.name !== NEWEST_CHANGE_STATEMENT) count++;
        return originals[i].apply(this, args);
      };
    });
    try {
      await run();
    } finally {
      methods.forEach((m, i) => (proto[m] = originals[i]));
    }
    return count;
  }

  it('assembles scattered icons (search results) as fully as a dense page', async () => {
    const doc = releaseOf('2.0.0', 200);
    // Two icons at opposite ends of the release share a term no other icon has.
    const ends = [doc.icons[0], doc.icons[199]];
    ends.forEach((icon) => (icon.searchTerms = ['needle']));
    const { http } = await buildTestApp({ database: await databaseWith('scattered needles', (db) => loadRelease(db, doc)) });
    const fields = 'id aliases { names unicodes { composite } } familyStylesByLicense { free { prefix } pro { prefix } }';
    const found = await http.post('/graphql').send({ query: `{ search(version: "2.0.0", query: "needle") { ${fields} } }` }).expect(200);
    const dense = await http.post('/graphql').send({ query: `{ release(version: "2.0.0") { icons { ${fields} } } }` }).expect(200);
    const byId = Object.fromEntries(dense.body.data.release.icons.map((i: any) => [i.id, i]));
    expect(found.body.data.search.map((i: any) => i.id)).to.have.members(ends.map((i) => i.id));
    for (const icon of found.body.data.search) expect(icon).to.deep.equal(byId[icon.id]);
    expect(byId[ends[1].id].aliases.names).to.deep.equal([`alias-${ends[1].id.slice(5)}`]);
  });

  it('runs the same number of SQL statements for a whole release of 20 or 200 icons', async () => {
    const database = await databaseWith('20 and 200 icons', async (db) => {
      await loadRelease(db, releaseOf('1.0.0', 20));
      await loadRelease(db, releaseOf('2.0.0', 200));
    });
    const { http } = await buildTestApp({ database });
    // Within an anonymous caller's cost limit: a refused query runs no statement of its own.
    const query = (v: string) => `{ release(version: "${v}") { icons { id label changes shim { id } aliases { names unicodes { composite } } familyStylesByLicense { free { prefix } pro { prefix } } } } }`;
    await http.post('/graphql').send({ query: '{ releases { version } }' }).expect(200); // warm per-process state
    const answer = (v: string) => async () => {
      const res = await http.post('/graphql').send({ query: query(v) }).expect(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
      expect(res.body.data.release.icons).to.have.length(v === '1.0.0' ? 20 : 200);
    };
    // Each request after a pause: a request checks for other processes' changes (SQLite's
    // data_version) when the last check is a millisecond old or more, so a request right after
    // another would count one statement fewer than one that waited.
    const afterPause = (run: () => Promise<unknown>) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await run();
    };
    const idle = await statementsDuring(database, afterPause(() => http.get('/healthz').expect(200))); // what any request runs (SQLite: the data_version check)
    const small = await statementsDuring(database, afterPause(answer('1.0.0')));
    const large = await statementsDuring(database, afterPause(answer('2.0.0')));
    expect(small).to.be.greaterThan(idle);
    expect(large).to.equal(small);
  });
});
