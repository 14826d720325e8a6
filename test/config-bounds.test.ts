// Every value the configuration accepts makes a working app: each numeric setting at its least,
// at its most, and at an odd value between. GRAPHQL_CACHE_MB=4 once passed validation and then
// stopped the start (its caches' shares were no whole number of bytes).
import { expect } from 'chai';
import { z } from 'zod';
import { configSchema } from '../server/config.ts';
import { buildTestApp, testDatabase } from './helpers.ts';

/** Each integer setting with its bounds, read from the schema: a setting added later is covered too. */
const bounds = Object.entries(configSchema.shape).flatMap(([name, setting]) => {
  const inner = setting instanceof z.ZodDefault ? setting.removeDefault() : setting;
  return inner instanceof z.ZodNumber ? [{ name, min: inner.minValue!, max: inner.maxValue! }] : [];
});

describe('the configuration at its bounds', function () {
  this.timeout(120_000);

  it('reads the bounds of the numeric settings from the schema', () => {
    expect(bounds.map((b) => b.name)).to.include.members(['RESPONSE_CACHE_MB', 'GRAPHQL_CACHE_MB', 'ICON_SET_CACHE_MB', 'IDLE_GC_SECONDS']);
    for (const { name, min, max } of bounds) expect(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min <= max, name).to.equal(true);
  });

  it('answers REST, GraphQL and the Iconify API with each numeric setting at its least, its most, and an odd value', async () => {
    const database = await testDatabase();
    for (const { name, min, max } of bounds) {
      for (const value of new Set([min, max, Math.min(max, min + 3)])) {
        const app = await buildTestApp({ database, env: { [name]: String(value) } });
        try {
          const said = `${name}=${value}`;
          expect((await app.http.get('/releases')).status, said).to.equal(200);
          const graphql = await app.http.post('/graphql').send({ query: '{ releases { version } }' });
          expect([graphql.status, graphql.body.errors], said).to.deep.equal([200, undefined]);
          expect((await app.http.get('/iconify/collections')).status, said).to.equal(200);
        } finally {
          await app.close();
        }
      }
    }
  });
});
