import { expect } from 'chai';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildTestApp, makeCompressedForms, rawGet, type TestApp } from './helpers.ts';

describe('REST interface', () => {
  let http: TestApp['http'], handler: TestApp['handler'];
  before(async () => ({ http, handler } = await buildTestApp()));
  const raw = (path: string, headers: Record<string, string> = {}) => rawGet(handler, path, headers);

  describe('GET /releases', () => {
    it('lists releases ascending by semver, flagging the highest stable one as latest', async () => {
      const res = await http.get('/releases').expect(200);
      expect(res.body.releases.map((r: any) => r.version)).to.deep.equal(['1.0.0', '1.2.0', '1.10.0', '2.0.0-beta1']);
      expect(res.body.releases.filter((r: any) => r.isLatest).map((r: any) => r.version)).to.deep.equal(['1.10.0']);
      expect(res.body.releases[0]).to.have.all.keys('version', 'date', 'isLatest');
      expect(res.headers['cache-control']).to.equal('public, max-age=300');
      expect(res.headers.etag).to.match(/^"[^"]+"$/);
    });
  });

  describe('GET /releases/:version/family-styles', () => {
    it('returns every family-style with exactly the four REST fields, in the contract order', async () => {
      const res = await http.get('/releases/1.2.0/family-styles').expect(200);
      expect(res.body.familyStyles.map((f: any) => f.prefix)).to.deep.equal(['fal', 'far', 'fas', 'fab', 'fast', 'fass', 'fands']);
      expect(res.body.familyStyles[0]).to.have.all.keys('family', 'style', 'prefix', 'shorthand');
      expect(res.body.familyStyles.find((f: any) => f.prefix === 'fands').shorthand).to.equal('notdog-duo-solid');
    });
  });

  describe('GET /releases/:version/icon-packs', () => {
    it('returns collections, packs and visual tags; subset and only only where they narrow', async () => {
      const { body } = await http.get('/releases/1.2.0/icon-packs').expect(200);
      expect(body).to.have.all.keys('iconCollections', 'iconPacks', 'visualTags');
      const free = body.iconCollections.find((c: any) => c.name === 'free-collection');
      expect(free.iconPacks).to.deep.equal(['classic', 'brands']);
      expect(free.subset.find((s: any) => s.style === 'brands')).to.deep.equal({ family: 'classic', style: 'brands' });
      expect(free.subset.find((s: any) => s.style === 'regular').only).to.deep.equal(['calendar', 'house']);
      expect(body.iconCollections.find((c: any) => c.name === 'pro-collection')).to.not.have.property('subset');
      const classic = body.iconPacks.find((p: any) => p.name === 'classic');
      expect(classic).to.include({ designerName: 'Test Designer', sourceGridHeight: 16 });
      expect(classic.familyStyles[0]).to.deep.equal({ family: 'classic', style: 'solid', visualTags: ['filled'] });
      expect(body.iconPacks.find((p: any) => p.name === 'brands').description).to.equal('');
      expect(body.visualTags.map((v: any) => v.name)).to.deep.equal(['filled', 'line', 'duotone']);
    });
  });

  describe('GET /releases/:version/icons', () => {
    it('pages icons ordered by id with the interface fields and totals', async () => {
      const { body } = await http.get('/releases/1.2.0/icons?page_size=4').expect(200);
      expect(body).to.include({ page: 1, pageSize: 4, totalIconCount: 11, totalPageCount: 3 });
      expect(body.icons.map((i: any) => i.id)).to.deep.equal(['alien', 'arrow-down', 'arrow-up', 'asterisk']);
      expect(body.icons[0]).to.have.all.keys('id', 'label', 'unicodeHex', 'aliases', 'familyStylesByLicense');
      expect(body.icons.find((i: any) => i.id === 'asterisk').unicodeHex).to.equal('2a');
    });

    it('uses page 1 and page_size 100 by default', async () => {
      const { body } = await http.get('/releases/1.2.0/icons').expect(200);
      expect(body).to.include({ page: 1, pageSize: 100, totalIconCount: 11, totalPageCount: 1 });
    });

    it('gives aliases as null, or with names and all three unicode arrays', async () => {
      const { body } = await http.get('/releases/1.2.0/icons').expect(200);
      const byId = Object.fromEntries(body.icons.map((i: any) => [i.id, i]));
      expect(byId.github.aliases).to.equal(null);
      expect(byId.house.aliases).to.deep.equal({
        names: ['home', 'home-alt'],
        unicodes: { primary: ['f80a'], composite: ['1f3e0'], secondary: ['10f015'] },
      });
      expect(byId.alien.aliases).to.deep.equal({ names: [], unicodes: { primary: [], composite: ['1f47d'], secondary: [] } });
    });

    it('filters by license into disjoint sets whose union is the release, without trimming family-styles', async () => {
      const ids = async (query: string) => (await http.get(`/releases/1.2.0/icons${query}`).expect(200)).body.icons.map((i: any) => i.id);
      const [all, free, pro] = await Promise.all([ids(''), ids('?license=free'), ids('?license=pro')]);
      expect(pro).to.deep.equal(['alien', 'cloud-arrow-up', 'dog-bone']);
      expect(free.filter((id: string) => pro.includes(id))).to.deep.equal([]);
      expect([...free, ...pro].sort()).to.deep.equal(all);
      const { body } = await http.get('/releases/1.2.0/icons?license=free&page_size=500').expect(200);
      const house = body.icons.find((i: any) => i.id === 'house');
      expect(house.familyStylesByLicense.pro.map((f: any) => f.prefix)).to.deep.equal(['fal', 'far', 'fas', 'fast', 'fass']);
      expect(house.familyStylesByLicense.free.map((f: any) => f.prefix)).to.deep.equal(['far', 'fas']);
    });

    it('answers a page past the end with 200, no icons and the true totals', async () => {
      const { body } = await http.get('/releases/1.2.0/icons?page=99&page_size=5').expect(200);
      expect(body).to.deep.equal({ icons: [], page: 99, pageSize: 5, totalIconCount: 11, totalPageCount: 3 });
    });

    it('ignores unknown parameters', async () => {
      await http.get('/releases/1.2.0/icons?foo=bar&page_size=2').expect(200);
    });
  });

  describe('GET /releases/:version/icons-minimal', () => {
    it('returns only ids and prefixes', async () => {
      const { body } = await http.get('/releases/1.2.0/icons-minimal?license=pro').expect(200);
      expect(body.icons[0]).to.deep.equal({ id: 'alien', familyStylesByLicense: { free: [], pro: [{ prefix: 'fal' }, { prefix: 'fast' }, { prefix: 'fass' }] } });
      expect(body.totalIconCount).to.equal(3);
    });
  });

  describe('bad input', () => {
    const problem = async (path: string, status: number, code: string) => {
      const res = await http.get(path).expect(status);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.body).to.include({ type: 'about:blank', status, code });
      expect(res.body.title).to.be.a('string');
      expect(res.body.detail).to.be.a('string');
      return res.body;
    };

    it('answers an unknown release with 404 RELEASE_NOT_FOUND', () => problem('/releases/9.9.9/icons', 404, 'RELEASE_NOT_FOUND'));
    it('answers a malformed version with 400 INVALID_VERSION', async () => {
      for (const v of ['7', 'v1.2.0', '1.2', '1.2.0.0', 'latest', '01.2.0', '1.2.0+build']) await problem(`/releases/${v}/icons`, 400, 'INVALID_VERSION');
    });
    it('answers a license other than free or pro with 400', async () => {
      const body = await problem('/releases/1.2.0/icons?license=all', 400, 'INVALID_PARAMETER');
      expect(body.invalidParams).to.deep.equal([{ name: 'license', reason: 'must be "free" or "pro"' }]);
    });
    it('answers bad page and page_size values with 400', async () => {
      for (const q of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'page_size=0', 'page_size=501', 'page_size=1e2', 'page=%201']) {
        await problem(`/releases/1.2.0/icons-minimal?${q}`, 400, 'INVALID_PARAMETER');
      }
    });
    it('answers a parameter given twice with 400', async () => {
      const body = await problem('/releases/1.2.0/icons?page=1&page=2', 400, 'INVALID_PARAMETER');
      expect(body.invalidParams[0]).to.deep.equal({ name: 'page', reason: 'must be given at most once' });
    });
    it('lists every bad parameter at once', async () => {
      const body = await problem('/releases/1.2.0/icons?license=x&page=0&page_size=9999', 400, 'INVALID_PARAMETER');
      expect(body.invalidParams.map((p: any) => p.name).sort()).to.deep.equal(['license', 'page', 'page_size']);
    });
    it('answers unknown resources and paths with 404', async () => {
      await problem('/releases/1.2.0/glyphs', 404, 'NOT_FOUND');
      await problem('/nope', 404, 'NOT_FOUND');
    });
    it('answers other methods on REST paths with 405 and Allow', async () => {
      for (const path of ['/releases', '/releases/1.2.0/icons']) {
        const res = await http.post(path).send({}).expect(405);
        expect(res.headers.allow).to.equal('GET, HEAD');
        expect(res.body.code).to.equal('METHOD_NOT_ALLOWED');
      }
      await http.delete('/releases/1.2.0/icons').expect(405);
    });
  });

  describe('symbolic versions', () => {
    it('redirect M.x and M.m.x to the concrete release, keeping subpath and query, briefly cached', async () => {
      const res = await http.get('/releases/1.x/icons?page=2&page_size=3').expect(302);
      expect(res.headers.location).to.equal('/releases/1.10.0/icons?page=2&page_size=3');
      expect(res.headers['cache-control']).to.equal('public, max-age=300');
      expect((await http.get('/releases/1.2.x/family-styles').expect(302)).headers.location).to.equal('/releases/1.2.0/family-styles');
    });
    it('fall back to the highest pre-release when a major has no stable release', async () => {
      expect((await http.get('/releases/2.x/icons').expect(302)).headers.location).to.equal('/releases/2.0.0-beta1/icons');
    });
    it('answer 404 when nothing matches', async () => {
      await http.get('/releases/3.x/icons').expect(404);
    });
  });

  describe('caching', () => {
    it('marks release data immutable, with a strong ETag, and answers a matching If-None-Match with 304', async () => {
      const first = await http.get('/releases/1.2.0/icons?page_size=3').expect(200);
      expect(first.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      expect(first.headers.etag).to.match(/^"[^"]+"$/);
      const again = await http.get('/releases/1.2.0/icons?page_size=3').set('If-None-Match', first.headers.etag).expect(304);
      expect(again.headers.etag).to.equal(first.headers.etag);
      await http.get('/releases/1.2.0/icons?page_size=3').set('If-None-Match', '"something-else"').expect(200);
    });

    it('serves a repeated request (from the cache) with the same bytes and headers', async () => {
      const a = await raw('/releases/1.0.0/icons?license=free');
      const b = await raw('/releases/1.0.0/icons?page=1&license=free&page_size=100');
      expect(b.body.equals(a.body)).to.equal(true);
      const { date: _a, connection: _c, 'keep-alive': _k, 'x-request-id': _i, ...headersA } = a.headers;
      const { date: _b, connection: _d, 'keep-alive': _l, 'x-request-id': _j, ...headersB } = b.headers;
      expect(headersB).to.deep.equal(headersA);
      expect(a.headers['access-control-allow-origin']).to.equal('*');
    });

    it('compresses with brotli or gzip when the client accepts it, once a first request had the form made', async () => {
      const plain = await raw('/releases/1.2.0/icons', { 'Accept-Encoding': 'identity' });
      await makeCompressedForms(handler, '/releases/1.2.0/icons', ['br', 'gzip']);
      const br = await raw('/releases/1.2.0/icons', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).to.equal('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).to.equal(true);
      const gz = await raw('/releases/1.2.0/icons', { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).to.equal('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).to.equal(true);
      expect(gz.headers.vary).to.equal('Accept-Encoding');
      expect(gz.headers.etag).to.not.equal(plain.headers.etag);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await http.head('/releases/1.2.0/family-styles').expect(200);
      expect(res.headers['content-length']).to.match(/^\d+$/);
      expect(res.text ?? '').to.equal('');
    });
  });

  describe('CORS', () => {
    it('answers a preflight with 204 and the allowed methods and headers', async () => {
      const res = await http
        .options('/releases/1.2.0/icons')
        .set('Origin', 'https://example.test')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
      expect(res.headers['access-control-allow-methods']).to.equal('GET,POST,OPTIONS');
      expect(res.headers['access-control-allow-headers']).to.equal('authorization,content-type');
    });
  });
});
