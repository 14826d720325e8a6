// Mocha root hooks (.mocharc.json `require`). On PostgreSQL (TEST_DATABASE=postgres), one
// throw-away cluster serves the whole run and is removed at its end; on SQLite, nothing.
import { onPostgres } from './test-dialect.ts';
import { removeRunCluster, runCluster } from './pg-test-databases.ts';

export const mochaHooks = onPostgres
  ? {
      async beforeAll(this: Mocha.Context) {
        this.timeout(120_000);
        await runCluster();
      },
      async afterAll(this: Mocha.Context) {
        this.timeout(60_000);
        await removeRunCluster();
      },
    }
  : {};
