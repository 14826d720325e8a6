// Behind a reverse proxy (TLS termination, as the README advises): with TRUST_PROXY the client is
// the address the proxy forwards, so one client's failed token requests never lock out another,
// and the access log names the client. Requests here come from 127.0.0.1, as from a local proxy.
import { expect } from 'chai';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

function collectingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** console.error/warn calls made while `run` runs (a library printing stack traces to stderr). */
async function consoleOutput(run: () => Promise<void>): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  const saved = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => void calls.push(args);
  console.warn = (...args: unknown[]) => void calls.push(args);
  try {
    await run();
  } finally {
    Object.assign(console, saved);
  }
  return calls;
}

const LIMITS = { TOKEN_FAILURE_LIMIT: '3', TOKEN_FAILURE_WINDOW: '300' };

describe('behind a proxy', () => {
  it('with TRUST_PROXY=loopback, counts token failures per forwarded client: another client still exchanges', async () => {
    const { http, auth } = await buildTestApp({ env: { ...LIMITS, TRUST_PROXY: 'loopback' } });
    const good = (await auth.createApiToken({ email: 'b@example.test', scopes: [] })).token;
    for (let i = 0; i < 3; i++) await http.post('/token').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer wrong').expect(401);
    const limited = await http.post('/token').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer wrong').expect(429);
    expect(limited.body.detail).to.equal('too many failed token requests from this client');
    const other = await http.post('/token').set('X-Forwarded-For', '198.51.100.20').set('Authorization', `Bearer ${good}`).expect(200);
    expect(other.body.token_type).to.equal('Bearer');
    // The limited client stays limited, whatever it sends.
    await http.post('/token').set('X-Forwarded-For', '203.0.113.7').set('Authorization', `Bearer ${good}`).expect(429);
  });

  it('with TRUST_PROXY=1, takes the last forwarded address: a client cannot pick its own by prepending one', async () => {
    const { http } = await buildTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });
    for (let i = 0; i < 3; i++) {
      await http.post('/token').set('X-Forwarded-For', `10.9.9.${i}, 203.0.113.7`).set('Authorization', 'Bearer wrong').expect(401);
    }
    await http.post('/token').set('X-Forwarded-For', '10.9.9.99, 203.0.113.7').set('Authorization', 'Bearer wrong').expect(429);
  });

  it('without TRUST_PROXY, counts the proxy as one client and says so once in a JSON log line, with nothing on stderr', async () => {
    const { logger, lines } = collectingLogger();
    const { http, auth } = await buildTestApp({ env: LIMITS, logger });
    const good = (await auth.createApiToken({ email: 'b@example.test', scopes: [] })).token;
    const printed = await consoleOutput(async () => {
      for (let i = 0; i < 3; i++) await http.post('/token').set('X-Forwarded-For', `203.0.113.${i}`).set('Authorization', 'Bearer wrong').expect(401);
      await http.post('/token').set('X-Forwarded-For', '198.51.100.20').set('Authorization', `Bearer ${good}`).expect(429);
    });
    expect(printed).to.deep.equal([]);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).to.have.length(1);
    expect(warnings[0].msg).to.match(/X-Forwarded-For but TRUST_PROXY is off/);
  });

  it('logs the forwarded client in each request line', async () => {
    const { logger, lines } = collectingLogger();
    const { http } = await buildTestApp({ env: { TRUST_PROXY: 'loopback' }, logger });
    await http.get('/releases').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await http.get('/releases').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.client)).to.deep.equal(['203.0.113.7', '127.0.0.1']);
  });

  it('refuses TRUST_PROXY values that are not Express trust settings, naming the key', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).to.deep.equal(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).to.equal(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).to.throw(/TRUST_PROXY: "true" would trust/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).to.throw(/TRUST_PROXY: invalid IP address: proxy.example/);
  });
});
