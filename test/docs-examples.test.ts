// Commands that hold: every curl example in README.md and docs/*.md that talks to the service is
// sent to the server process (server/main.ts) listening on a loopback port, on the database under
// test, loaded as a fresh `npm start` loads it (the three default releases and their Iconify sets)
// plus mdi, with an API token, its access token and a kit made with the operator CLI. Each must be answered below 400
// unless the guide shows the error it answers, and the answer must hold what the guide shows under
// it (`#>` lines). The convention is in docs/contributing.md, "Docs that hold".
import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { adminServices, buildAdminProgram } from '../scripts/admin-program.ts';
import { seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { exited, freePort, startServerOn, waitUntilUp } from './process-helpers.ts';
import { sharedTestDatabase, type SharedTestDatabase } from './shared-test-database.ts';
import { curlExamples, DOC_BASE, docFiles, EXAMPLE_VARIABLES, parseCurl, readDoc, root, shellWords, showsInOrder, type CurlRequest } from './docs-markdown.ts';

const examples = docFiles().flatMap((file) => curlExamples(file, readDoc(file)));
const run = examples.filter((example) => example.run);

/** Sends `request` as curl would (its two default headers, nothing decoded unless --compressed); the output curl prints. */
function send(request: CurlRequest, origin: string): Promise<{ status: number; output: string }> {
  const url = new URL(origin + request.url.slice(DOC_BASE.length));
  const headers: [string, string][] = [['User-Agent', 'curl/8 (iconmeta docs test)'], ['Accept', '*/*'], ...request.headers];
  if (request.compressed) headers.push(['Accept-Encoding', 'deflate, gzip, br, zstd']);
  return new Promise((resolve, reject) => {
    // A connection of its own (agent: false): a kept-alive one may be closed by the server as it is reused.
    const req = httpRequest(url, { method: request.method, headers: Object.fromEntries(headers), agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let body = Buffer.concat(chunks);
        const encoding = request.compressed ? res.headers['content-encoding'] : undefined;
        if (encoding === 'br') body = brotliDecompressSync(body);
        else if (encoding === 'gzip') body = gunzipSync(body);
        else if (encoding === 'deflate') body = inflateSync(body);
        else if (encoding === 'zstd') body = zstdDecompressSync(body);
        let head = '';
        if (request.include) {
          head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\n`;
          for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\n`;
          head += '\n';
        }
        resolve({ status: res.statusCode!, output: head + body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

describe('the curl examples of the guides, against a running server', function () {
  this.timeout(120_000);
  let shared: SharedTestDatabase | undefined;
  let server: ChildProcess | undefined;
  let origin: string;
  const env: Record<string, string> = {};

  before(async () => {
    shared = await sharedTestDatabase('docs: default releases, their Iconify sets, mdi', async (db) => {
      await seedDefaultsIfEmpty(db, { info: () => {} });
      await syncFontAwesomeSets(db);
      await addIconSets(db, join(root, 'node_modules/@iconify-json/mdi'));
    });
    const database = shared.connect();
    const admin = async (...args: string[]) => {
      const lines: string[] = [];
      await buildAdminProgram({ services: () => adminServices(database, 3600), checkDatabase: () => [], print: (line) => lines.push(line) }).parseAsync(args, { from: 'user' });
      return lines.at(-1)!;
    };
    env.API_TOKEN = await admin('token', 'create', '--email', 'docs@example.test', '--scopes', 'kits_read,profile_read,svg_icons_free', '--name', 'docs');
    env.KIT_TOKEN = await admin('kit', 'create', '--email', 'docs@example.test', '--name', 'Docs site', '--version', '7.x', '--license', 'free', '--technology', 'svg');
    const port = await freePort();
    server = startServerOn(shared.env, port);
    await waitUntilUp(port);
    origin = `http://127.0.0.1:${port}`;
    const exchanged = await send({ method: 'POST', url: `${DOC_BASE}/token`, headers: [['Authorization', `Bearer ${env.API_TOKEN}`]], include: false, compressed: false }, origin);
    expect(exchanged.status, exchanged.output).to.equal(200);
    env.ACCESS_TOKEN = JSON.parse(exchanged.output).access_token;
    expect(Object.keys(env).sort()).to.deep.equal([...EXAMPLE_VARIABLES].sort());
  });

  after(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await shared?.remove();
  });

  it('finds the examples: the guides hold at least 30 that run', () => {
    expect(run.length, run.map((e) => `${e.file}:${e.line}`).join(' ')).to.be.at.least(30);
  });

  it('runs every curl example, but for those in a block marked not-run', () => {
    const otherShells = examples.filter((e) => e.language !== 'sh');
    expect(otherShells.map((e) => `${e.file}:${e.line} is in a ${e.language} block: write it in an sh block`)).to.deep.equal([]);
  });

  for (const example of run) {
    it(`${example.file}:${example.line} ${example.command.slice(0, 100)}`, async () => {
      const request = parseCurl(shellWords(example.command, env));
      expect(request.url.startsWith(DOC_BASE), `${request.url} is not under ${DOC_BASE}`).to.equal(true);
      const { status, output } = await send(request, origin);
      if (status >= 400) expect(example.shown, `answered ${status}, an error the guide does not show (#> lines with ${status})`).to.include(String(status));
      const shown = showsInOrder(output, example.shown);
      expect(shown.ok ? '' : `the answer lacks ${JSON.stringify(shown.missing)}:\n${output.slice(0, 1500)}`).to.equal('');
    });
  }
});
