// Failed token exchanges are counted in the database (rate_limits): processes that share it count
// a client's failures together, a restart forgets none, and a window that ends starts again.
import { expect } from 'chai';
import { loadRelease } from '../seeds/load.ts';
import { buildTestApp, fixtureDocument, type TestApp } from './helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';

const LIMITS = { TOKEN_FAILURE_LIMIT: '3', TOKEN_FAILURE_WINDOW: '60' };

describe('token failure limit across processes', () => {
  let shared: SharedTestDatabase;
  /** A connection of its own to the shared database, as another server process has. */
  const connection = () => shared.connect();
  beforeEach(async () => (shared = await sharedTestDatabase('rate limits', (db) => loadRelease(db, fixtureDocument()))));
  afterEach(() => shared.remove());

  const fail = (app: TestApp) => app.http.post('/token').set('Authorization', 'Bearer wrong');

  it('counts the failures of one client on every process sharing the database', async () => {
    const a = await buildTestApp({ database: connection(), env: LIMITS });
    const b = await buildTestApp({ database: connection(), env: LIMITS });
    await fail(a).expect(401);
    await fail(b).expect(401);
    await fail(a).expect(401);
    // Three failures in all: the fourth is refused on either process, with the window's end.
    for (const app of [b, a]) {
      const res = await fail(app).expect(429);
      expect(res.body.code).to.equal('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).to.be.within(55, 60);
    }
    const { token } = await a.auth.createApiToken({ email: 'x@example.test', scopes: [] });
    await b.http.post('/token').set('Authorization', `Bearer ${token}`).expect(429);
  });

  it('keeps counting across a restart, and not successful exchanges', async () => {
    const first = await buildTestApp({ database: connection(), env: LIMITS });
    const { token } = await first.auth.createApiToken({ email: 'x@example.test', scopes: [] });
    for (let i = 0; i < 5; i++) await first.http.post('/token').set('Authorization', `Bearer ${token}`).expect(200);
    await fail(first).expect(401);
    await fail(first).expect(401);
    const restarted = await buildTestApp({ database: connection(), env: LIMITS });
    await fail(restarted).expect(401);
    await fail(restarted).expect(429);
  });

  it('starts a client again at no failures once its window has ended', async () => {
    const app = await buildTestApp({ database: connection(), env: { TOKEN_FAILURE_LIMIT: '1', TOKEN_FAILURE_WINDOW: '1' } });
    await fail(app).expect(401);
    await fail(app).expect(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await fail(app).expect(401);
    await fail(app).expect(429);
  });
});
