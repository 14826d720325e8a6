// Mocha root hooks (.mocharc.json `require`). On PostgreSQL (TEST_DATABASE=postgres), one
// throw-away cluster serves the whole run and is removed at its end. After each test, on both,
// a failed test's servers' output is printed.
import { onPostgres } from './test-dialect.ts';
import { removeRunCluster, runCluster } from './pg-test-databases.ts';
import { takeServerOutputs } from './process-helpers.ts';

/** After a failed test, what the servers it started printed (test/process-helpers.ts). */
function afterEach(this: Mocha.Context) {
  const outputs = takeServerOutputs();
  if (this.currentTest?.state === 'failed') for (const output of outputs) console.error(output);
}

export const mochaHooks = onPostgres
  ? {
      afterEach,
      async beforeAll(this: Mocha.Context) {
        this.timeout(120_000);
        await runCluster();
      },
      async afterAll(this: Mocha.Context) {
        this.timeout(60_000);
        await removeRunCluster();
      },
    }
  : { afterEach };
