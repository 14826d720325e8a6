import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadRelease } from '../seeds/load.ts';
import { buildTestApp, countRows, fixtureDocument, rawRequest, type TestApp } from './helpers.ts';
import { sharedTestDatabase } from './shared-test-database.ts';

/** A test clock that only moves when told to. */
function manualClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { clock: () => new Date(now), advance: (seconds: number) => void (now += seconds * 1000) };
}

const WORDPRESS_KITS_QUERY = '{ me { kits { name version technologySelected licenseSelected minified token shimEnabled autoAccessibilityEnabled status } } }';

describe('token endpoint', () => {
  const time = manualClock();
  let http: TestApp['http'], auth: TestApp['auth'], handler: TestApp['handler'];
  before(async () => ({ http, auth, handler } = await buildTestApp({ clock: time.clock, env: { ACCESS_TOKEN_TTL: '600', TOKEN_FAILURE_LIMIT: '1000' } })));
  let apiToken: string;
  before(async () => (apiToken = (await auth.createApiToken({ email: 'owner@example.test', scopes: ['kits_read'] })).token));
  const exchange = (authorization?: string) => {
    const req = http.post('/token');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  it('answers POST //token and POST // like /token and / (a base URL written with a trailing slash)', async () => {
    const exchanged = await rawRequest(handler, {
      method: 'POST',
      path: '//token',
      headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(exchanged.status).to.equal(200);
    const { access_token: accessToken } = JSON.parse(exchanged.body.toString());
    const query = await rawRequest(handler, {
      method: 'POST',
      path: '//',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'text/plain' },
      body: 'query { me { kits { name } } }',
    });
    expect(query.status).to.equal(200);
    expect(JSON.parse(query.body.toString())).to.deep.equal({ data: { me: { kits: [] } } });
  });

  it('exchanges an API token for an access token, whatever the body', async () => {
    const bodies: [string | undefined, unknown][] = [[undefined, undefined], ['text/plain', ''], ['application/json', '{}'], ['application/json', '[]']];
    for (const [type, body] of bodies) {
      let req = exchange(`Bearer ${apiToken}`);
      if (type) req = req.set('Content-Type', type).send(body as string);
      const res = await req.expect(200);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.body).to.have.all.keys('access_token', 'expires_in', 'scopes', 'token_type');
      expect(res.body).to.include({ expires_in: 600, token_type: 'Bearer' });
      expect(Number.isInteger(res.body.expires_in)).to.equal(true);
      expect(res.body.scopes).to.deep.equal(['public', 'kits_read']);
      expect(res.body.access_token).to.be.a('string').and.not.equal(apiToken);
    }
  });

  it('answers every missing or bad API token with 401 text/plain "unauthorized"', async () => {
    const revoked = await auth.createApiToken({ email: 'owner@example.test', scopes: [] });
    expect(await auth.revokeApiToken(revoked.id)).to.equal(true);
    const expiring = await auth.createApiToken({ email: 'owner@example.test', scopes: [], expiresInDays: 1 });
    time.advance(2 * 86_400);
    const access = (await exchange(`Bearer ${apiToken}`).expect(200)).body.access_token;
    for (const header of [undefined, '', 'Bearer', `Basic ${apiToken}`, `bearer  ${apiToken}`, 'Bearer unknown-token', `Bearer ${revoked.token}`, `Bearer ${expiring.token}`, `Bearer ${access}`]) {
      const res = await exchange(header).expect(401);
      expect(res.text, String(header)).to.equal('unauthorized');
      expect(res.headers['content-type']).to.match(/^text\/plain/);
      expect(res.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
    }
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const res = await http.get('/token').expect(405);
    expect(res.headers.allow).to.equal('POST');
  });

  it('rate-limits repeated failures from one address with 429 and Retry-After', async () => {
    const limited = await buildTestApp({ env: { TOKEN_FAILURE_LIMIT: '3', TOKEN_FAILURE_WINDOW: '60' } });
    const good = (await limited.auth.createApiToken({ email: 'x@example.test', scopes: [] })).token;
    for (let i = 0; i < 3; i++) await limited.http.post('/token').set('Authorization', 'Bearer wrong').expect(401);
    const res = await limited.http.post('/token').set('Authorization', 'Bearer wrong').expect(429);
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    expect(res.body.code).to.equal('RATE_LIMITED');
    // Successful exchanges are not what is limited... but once limited, the address waits.
    await limited.http.post('/token').set('Authorization', `Bearer ${good}`).expect(429);
  });
});

describe('GraphQL authorization', () => {
  const time = manualClock();
  let http: TestApp['http'], auth: TestApp['auth'], kits: TestApp['kits'];
  before(async () => ({ http, auth, kits } = await buildTestApp({ clock: time.clock, env: { ACCESS_TOKEN_TTL: '60' } })));
  const owner = 'owner@example.test';
  let kit: Awaited<ReturnType<typeof kits.create>>;
  before(async () => {
    kit = await kits.create({ email: owner, name: 'Marketing site', version: '1.x', license: 'pro', technology: 'svg', domains: ['example.test'] });
    await kits.addUpload(kit.token, 'acme-logo', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 512"><path d="M0 0h640v512z"/></svg>');
    await kits.create({ email: 'other@example.test', name: 'Not mine', version: '1.2.0', license: 'free', technology: 'webfont' });
  });

  async function accessToken(scopes: string[]): Promise<string> {
    const { token } = await auth.createApiToken({ email: owner, scopes });
    return (await http.post('/token').set('Authorization', `Bearer ${token}`).expect(200)).body.access_token;
  }
  const query = (token: string | null, q: string) => {
    const req = http.post('/graphql');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ query: q });
  };

  it('answers the WordPress kits query for a token with kits_read', async () => {
    const res = await query(await accessToken(['kits_read']), WORDPRESS_KITS_QUERY).expect(200);
    expect(res.body.errors).to.equal(undefined);
    expect(res.body.data.me.kits).to.deep.equal([
      { name: 'Marketing site', version: '1.x', technologySelected: 'svg', licenseSelected: 'pro', minified: true, token: kit.token, shimEnabled: false, autoAccessibilityEnabled: true, status: 'published' },
    ]);
  });

  it('resolves a kit by token, its symbolic version to a release, its uploads and permits', async () => {
    const token = await accessToken(['kits_read']);
    const res = await query(token, `{ me { kit(token: "${kit.token}") { release { version } kitRevision showcaseCacheKey iconUploads { name unicodeHex width height pathData html iconDefinition } permits { embedProSvg { prefix } } } } }`).expect(200);
    const found = res.body.data.me.kit;
    expect(found.release.version).to.equal('1.10.0');
    expect(found.kitRevision).to.equal(2);
    expect(found.iconUploads[0]).to.deep.include({ name: 'acme-logo', unicodeHex: 'e000', width: '640', height: '512', pathData: ['M0 0h640v512z'] });
    expect(found.iconUploads[0].html).to.equal('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 512"><path d="M0 0h640v512z"/></svg>');
    expect(found.permits.embedProSvg.length).to.be.greaterThan(0);
    const other = await query(token, '{ me { kit(token: "nope") { name } } }').expect(200);
    expect(other.body.data.me.kit).to.equal(null);
  });

  it('gives each gated field null and an unauthorized FORBIDDEN error when the token lacks its scope', async () => {
    const res = await query(await accessToken([]), '{ me { id email kits { name } } releases { version } }').expect(200);
    expect(res.body.data.me).to.deep.equal({ id: null, email: null, kits: null });
    expect(res.body.errors.map((e: any) => [e.message, e.extensions.code, e.path.join('.')])).to.have.deep.members([
      ['unauthorized', 'FORBIDDEN', 'me.id'],
      ['unauthorized', 'FORBIDDEN', 'me.email'],
      ['unauthorized', 'FORBIDDEN', 'me.kits'],
    ]);
    expect(res.body.data.releases.length).to.be.greaterThan(0);
  });

  it('shows id and email with profile_read', async () => {
    const res = await query(await accessToken(['profile_read']), '{ me { id email } }').expect(200);
    expect(res.body.data.me.email).to.equal(owner);
    expect(res.body.data.me.id).to.be.a('number');
  });

  it('gates SVGs: svg_icons_free sees free family-styles, svg_icons_pro sees all', async () => {
    const svgs = '{ release(version: "1.2.0") { icon(name: "house") { svgs { familyStyle { prefix } width height pathData iconDefinition } } } }';
    const free = await query(await accessToken(['svg_icons_free']), svgs).expect(200);
    expect(free.body.data.release.icon.svgs.map((s: any) => s.familyStyle.prefix)).to.deep.equal(['far', 'fas']);
    const pro = await query(await accessToken(['svg_icons_pro']), svgs).expect(200);
    expect(pro.body.data.release.icon.svgs.map((s: any) => s.familyStyle.prefix)).to.deep.equal(['fal', 'far', 'fas']);
    expect(pro.body.data.release.icon.svgs[0].iconDefinition).to.deep.equal({ prefix: 'fal', iconName: 'house', icon: [576, 512, ['home', 'home-alt', 0x1f3e0], 'f015', 'M575.8 255.5L288 96 .2 255.5z'] });
    const none = await query(await accessToken(['kits_read']), svgs).expect(200);
    expect(none.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });

  it('never serves one caller what was cached for another', async () => {
    const withKits = await accessToken(['kits_read']);
    await query(withKits, WORDPRESS_KITS_QUERY).expect(200);
    const res = await query(await accessToken([]), WORDPRESS_KITS_QUERY).expect(200);
    expect(res.body.data.me.kits).to.equal(null);
    const anonymous = await query(null, WORDPRESS_KITS_QUERY).expect(200);
    expect(anonymous.body.errors[0].extensions.code).to.equal('UNAUTHENTICATED');
  });

  it('refuses an API token used as an access token, and an expired or revoked access token, with 401', async () => {
    const created = await auth.createApiToken({ email: owner, scopes: ['kits_read'] });
    await query(created.token, WORDPRESS_KITS_QUERY).expect(401);
    const access = (await http.post('/token').set('Authorization', `Bearer ${created.token}`).expect(200)).body.access_token;
    await query(access, WORDPRESS_KITS_QUERY).expect(200);
    time.advance(61);
    const expired = await query(access, WORDPRESS_KITS_QUERY).expect(401);
    expect(expired.text).to.equal('unauthorized');
    const fresh = (await http.post('/token').set('Authorization', `Bearer ${created.token}`).expect(200)).body.access_token;
    await auth.revokeApiToken(created.id);
    await query(fresh, WORDPRESS_KITS_QUERY).expect(401);
  });
});

describe('tokens at rest', () => {
  it('stores neither API tokens nor access tokens in plain text, and purges expired access tokens', async () => {
    const shared = await sharedTestDatabase('tokens at rest', (db) => loadRelease(db, fixtureDocument()));
    try {
      const database = shared.connect();
      const time = manualClock();
      const { http, auth } = await buildTestApp({ database, clock: time.clock, env: { ACCESS_TOKEN_TTL: '10' } });
      const { token } = await auth.createApiToken({ email: 'owner@example.test', scopes: ['kits_read'] });
      const first = (await http.post('/token').set('Authorization', `Bearer ${token}`).expect(200)).body.access_token;
      time.advance(11);
      const second = (await http.post('/token').set('Authorization', `Bearer ${token}`).expect(200)).body.access_token;
      expect(await countRows(database, (t) => t.accessTokens)).to.equal(1);
      // What is stored: the token tables' rows, and on SQLite every byte of the file and its WAL.
      let stored = JSON.stringify([await database.db.select().from(database.t.apiTokens), await database.db.select().from(database.t.accessTokens)]);
      if (database.sqlite) {
        database.sqlite.$client.pragma('wal_checkpoint(TRUNCATE)');
        const dir = dirname(shared.env.DATABASE_PATH);
        stored += readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1')).join('');
      }
      for (const secret of [token, first, second]) {
        expect(stored.includes(secret)).to.equal(false);
        expect(stored.includes(secret.slice(-20))).to.equal(false);
      }
    } finally {
      await shared.remove();
    }
  });
});
