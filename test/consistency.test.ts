// Answers while another process replaces a release: every answer is the one before the replace or
// the one after it (the same data here), never a mix such as an empty page of a release that
// exists on both sides of the commit.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { loadPackages } from './helpers.ts';
import { exited, freePort, get, postJson, root, startServerOn, waitUntilUp } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';
import { serverProcess } from './test-dialect.ts';

const PAGES = 20;
const REPLACES = 3;
const WORKERS = 8;
const WORDS = ['arrow', 'house', 'user', 'coffee', 'star', 'heart', 'circle', 'bell'];

/** The n-th request of the mix: a GraphQL page, a search, or a REST page; its answer depends only on `slot`. */
function requestOf(n: number): { slot: string; send: (port: number) => Promise<{ status: number; body: string }> } {
  const page = (n % PAGES) + 1;
  const word = WORDS[n % WORDS.length];
  // Operation names and unknown query parameters make each request new to the response caches.
  switch (n % 3) {
    case 0:
      return {
        slot: `page ${page}`,
        send: (port) =>
          postJson(port, '/graphql', {
            query: `query P${n} { release(version: "7.3.1") { familyStyles { prefix } iconsPaginated(page: ${(page % 10) + 1}, pageSize: 200) { totalIconCount icons { id label familyStylesByLicense { free { prefix } } } } } }`,
          }),
      };
    case 1:
      return { slot: `search ${word}`, send: (port) => postJson(port, '/graphql', { query: `query S${n} { search(version: "7.3.1", query: "${word}", first: 10) { id } }` }) };
    default:
      return { slot: `rest ${page}`, send: (port) => get(port, `/releases/7.3.1/icons?page=${page}&page_size=${40 + (n % 7)}`) };
  }
}

describe('reads during a replace by another process', function () {
  this.timeout(180_000);
  let shared: SharedTestDatabase | undefined;
  after(() => shared?.remove());

  it('answers every request with the state before or after the commit', async function () {
    serverProcess(this);
    shared = await sharedTestDatabase('packages 7.3.1', loadPackages(['7.3.1']));
    const port = await freePort();
    const server = startServerOn(shared.env, port);
    try {
      await waitUntilUp(port);
      // What each request answers when nothing changes (REST page sizes vary: key the expectation by URL).
      const expected = new Map<string, string>();
      const keyOf = (n: number) => `${requestOf(n).slot}/${n % 21}`;
      for (let n = 0; n < 21 * PAGES; n++) {
        const key = keyOf(n);
        if (!expected.has(key)) expected.set(key, (await requestOf(n).send(port)).body);
      }

      // Three replaces one after another, each commit landing among requests in flight.
      let seeding = true;
      const replaces = (async () => {
        for (let i = 0; i < REPLACES; i++) {
          const seed = spawn('node', ['seeds/cli.ts', 'add', '--replace', defaultPackageDir('7.3.1')], {
            cwd: root,
            env: { ...process.env, ...shared!.env },
            stdio: 'ignore',
          });
          expect(await exited(seed)).to.equal(0);
        }
        await new Promise((r) => setTimeout(r, 300));
        seeding = false;
      })();

      let sent = 0;
      const wrong: string[] = [];
      const worker = async (offset: number) => {
        for (let n = offset; seeding; n += WORKERS) {
          const { status, body } = await requestOf(n).send(port);
          sent++;
          if (status !== 200 || body !== expected.get(keyOf(n))) wrong.push(`${requestOf(n).slot}: ${status} ${body.slice(0, 160)}`);
        }
      };
      await Promise.all([...Array(WORKERS).keys()].map(worker));
      await replaces;
      expect(sent).to.be.above(100);
      expect(wrong, wrong.slice(0, 3).join('\n')).to.deep.equal([]);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
