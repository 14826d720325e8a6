// Release diffs and upgrade checks on real data: Font Awesome Free 5.15.4 and 6.7.2, imported
// from their packages. The renames asserted here were checked by hand in the packages' metadata.
import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildTestApp, packagesDatabase, type TestApp } from './helpers.ts';

describe('release diffs (GET /releases/:to/changes, POST /releases/:to/upgrade-check)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let schemaOf: (name: string) => (body: unknown) => boolean;

  before(async () => {
    app = await buildTestApp({ database: await packagesDatabase(['5.15.4', '6.7.2']) });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema((await app.http.get('/openapi.json')).body, 'openapi');
    schemaOf = (name) => ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
  });

  describe('from 5.15.4 to 6.7.2', () => {
    let changes: any;
    before(async () => {
      const res = await app.http.get('/releases/6.7.2/changes?from=5.15.4').expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      expect(res.headers.etag).to.match(/^"/);
      changes = res.body;
    });

    it('has the documented shape', () => {
      expect(schemaOf('ReleaseChanges')(changes)).to.equal(true);
      expect([changes.from, changes.to]).to.deep.equal(['5.15.4', '6.7.2']);
    });

    it('lists renames: 5.15.4 `coffee` (metadata/icons.yml) is an alias of 6.7.2 `mug-saucer` (icon-families.json aliases.names)', () => {
      expect(changes.renamed).to.deep.include({ from: 'coffee', to: 'mug-saucer' });
      expect(changes.renamed).to.deep.include({ from: 'home', to: 'house' });
      // A rename is neither removed nor added.
      expect(changes.removed).to.not.include('coffee');
      expect(changes.added).to.not.include('mug-saucer');
      const sorted = [...changes.renamed].sort((a, b) => (a.from < b.from ? -1 : 1));
      expect(changes.renamed).to.deep.equal(sorted);
    });

    it('lists added and removed ids, unicode, label and family-style changes of ids in both', () => {
      expect(changes.added).to.include('0').and.include('house-chimney-user');
      expect(changes.removed).to.include('penny-arcade');
      expect(changes.unicodeChanged).to.deep.include({ id: 'asterisk', from: 'f069', to: '2a' });
      expect(changes.familyStylesAdded).to.deep.include({ id: 'chess-king', familyStyles: ['far'] });
      for (const { id } of [...changes.unicodeChanged, ...changes.labelChanged, ...changes.familyStylesAdded]) expect(changes.added).to.not.include(id);
    });

    it('answers the other order as the diff from 6.7.2 to 5.15.4', async () => {
      const { body } = await app.http.get('/releases/5.15.4/changes?from=6.7.2').expect(200);
      expect([body.from, body.to]).to.deep.equal(['6.7.2', '5.15.4']);
      expect(body.removed).to.include('0');
      expect(body.added).to.include('penny-arcade');
      expect(body.familyStylesRemoved).to.deep.include({ id: 'chess-king', familyStyles: ['far'] });
      expect(body.unicodeChanged).to.deep.include({ id: 'asterisk', from: '2a', to: 'f069' });
    });

    it('is the same answer as GraphQL Release.changesFrom', async () => {
      const fields = 'from to added removed renamed { from to } unicodeChanged { id from to } familyStylesAdded { id familyStyles } familyStylesRemoved { id familyStyles } labelChanged { id from to }';
      const { body } = await app.http.post('/graphql').send({ query: `{ release(version: "6.7.2") { changesFrom(version: "5.15.4") { ${fields} } } }` }).expect(200);
      expect(body.errors).to.equal(undefined);
      expect(body.data.release.changesFrom).to.deep.equal(changes);
    });

    it('is served again from the response cache, with 304 for its ETag', async () => {
      const first = await app.http.get('/releases/6.7.2/changes?from=5.15.4').expect(200);
      await app.http.get('/releases/6.7.2/changes?from=5.15.4').set('If-None-Match', first.headers.etag).expect(304);
    });
  });

  describe('errors, as in the rest of REST', () => {
    const problem = async (path: string, status: number, code: string) => {
      const res = await app.http.get(path).expect(status);
      expect(res.headers['content-type']).to.contain('application/problem+json');
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.body.code).to.equal(code);
      return res.body;
    };
    it('missing or repeated `from`: 400 with invalidParams', async () => {
      expect((await problem('/releases/6.7.2/changes', 400, 'INVALID_PARAMETER')).invalidParams).to.deep.equal([
        { name: 'from', reason: 'is required: the full version to compare with, such as 5.15.4' },
      ]);
      expect((await problem('/releases/6.7.2/changes?from=5.15.4&from=6.7.2', 400, 'INVALID_PARAMETER')).invalidParams[0].name).to.equal('from');
    });
    it('a malformed or symbolic `from`: 400 INVALID_VERSION; an unknown one: 404 RELEASE_NOT_FOUND', async () => {
      await problem('/releases/6.7.2/changes?from=five', 400, 'INVALID_VERSION');
      await problem('/releases/6.7.2/changes?from=5.x', 400, 'INVALID_VERSION');
      await problem('/releases/6.7.2/changes?from=5.15.3', 404, 'RELEASE_NOT_FOUND');
      await problem('/releases/6.7.9/changes?from=5.15.4', 404, 'RELEASE_NOT_FOUND');
      await problem('/releases/six/changes?from=5.15.4', 400, 'INVALID_VERSION');
    });
    it('a symbolic `to` redirects to the concrete release, as the other endpoints do', async () => {
      const res = await app.http.get('/releases/6.x/changes?from=5.15.4').expect(302);
      expect(res.headers.location).to.equal('/releases/6.7.2/changes?from=5.15.4');
    });
    it('other methods: 405 with Allow', async () => {
      expect((await app.http.post('/releases/6.7.2/changes?from=5.15.4').expect(405)).headers.allow).to.equal('GET, HEAD');
      expect((await app.http.get('/releases/6.7.2/upgrade-check?from=5.15.4').expect(405)).headers.allow).to.equal('POST');
    });
    it('GraphQL: a symbolic version is BAD_USER_INPUT, an unknown one NOT_FOUND', async () => {
      const ask = async (version: string) => (await app.http.post('/graphql').send({ query: `{ release(version: "6.7.2") { version changesFrom(version: "${version}") { from } } }` }).expect(200)).body;
      const symbolic = await ask('5.x');
      expect(symbolic.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(symbolic.data.release).to.deep.equal({ version: '6.7.2', changesFrom: null });
      expect((await ask('5.15.3')).errors[0].extensions.code).to.equal('NOT_FOUND');
    });
  });

  describe('upgrade check', () => {
    const check = (body: unknown, query = 'from=5.15.4') => app.http.post(`/releases/6.7.2/upgrade-check?${query}`).send(body as object);

    it('answers ok, renamed, removed, style-lost and unknown per name, in order', async () => {
      const { body, headers } = await check(['house', 'coffee', 'penny-arcade', { name: 'star', prefixes: ['far', 'fal'] }, { name: 'home', prefixes: ['fas'] }, 'not-an-icon']).expect(200);
      expect(headers['cache-control']).to.equal('no-store');
      expect(schemaOf('UpgradeCheck')(body)).to.equal(true);
      expect(body).to.deep.equal({
        from: '5.15.4',
        to: '6.7.2',
        license: 'any',
        results: [
          { name: 'house', status: 'ok' },
          { name: 'coffee', status: 'renamed', newName: 'mug-saucer' },
          { name: 'penny-arcade', status: 'removed' },
          { name: 'star', status: 'style-lost', lostPrefixes: ['fal'], availablePrefixes: ['far', 'fas'] },
          { name: 'home', status: 'renamed', newName: 'house' },
          { name: 'not-an-icon', status: 'unknown' },
        ],
      });
    });

    it('checks every family-style an icon had in `from` when no prefixes are given (the downgrade loses regular chess pieces)', async () => {
      const { body } = await app.http.post('/releases/5.15.4/upgrade-check?from=6.7.2&license=free').send(['chess-king']).expect(200);
      expect(body.results).to.deep.equal([{ name: 'chess-king', status: 'style-lost', lostPrefixes: ['far'], availablePrefixes: ['fas'] }]);
    });

    it('refuses a body that is not a list of names, naming each bad entry', async () => {
      const bad = await check({ icons: ['house'] }).expect(400);
      expect(bad.body.code).to.equal('INVALID_PARAMETER');
      expect(bad.body.invalidParams[0].name).to.equal('body');
      const entries = await check(['house', '', { name: 'x', prefixes: ['FAS!'] }]).expect(400);
      expect(entries.body.invalidParams.map((p: { name: string }) => p.name)).to.deep.equal(['body.1', 'body.2.prefixes.0']);
      await check([]).expect(400);
      expect((await check(['house'], '').expect(400)).body.invalidParams[0].name).to.equal('from');
      expect((await check(['house'], 'from=5.15.4&license=pro').expect(400)).body.invalidParams[0].name).to.equal('license');
      const notJson = await app.http.post('/releases/6.7.2/upgrade-check?from=5.15.4').set('content-type', 'application/json').send('[house').expect(400);
      expect(notJson.headers['content-type']).to.contain('application/problem+json');
      expect(notJson.body.detail).to.match(/^the body is not valid JSON/);
      const deep = await app.http.post('/releases/6.7.2/upgrade-check?from=5.15.4').set('content-type', 'application/json').send('['.repeat(10_000) + ']'.repeat(10_000)).expect(400);
      expect(deep.body.detail).to.equal('the body nests objects or arrays deeper than 32 levels');
      await app.http.post('/releases/6.7.2/upgrade-check?from=5.15.4').expect(400);
      const large = await app.http.post('/releases/6.7.2/upgrade-check?from=5.15.4').set('content-type', 'application/json').send(JSON.stringify(Array(60_000).fill('arrow-up'))).expect(413);
      expect(large.body.code).to.equal('PAYLOAD_TOO_LARGE');
    });
  });
});
