// The search sent before listening (server/warm-up.ts): through the app's own handler, and never
// holding the start when it is not answered.
import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { iconSearches, releaseSearches, warmUp } from '../server/warm-up.ts';
import { buildTestApp, rejectionOf } from './helpers.ts';

describe('the warm-up search', () => {
  it('sends searches of the newest release through the app, a document new, again and known, each answered 200', async () => {
    const app = await buildTestApp();
    const seen: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      res.on('finish', () => seen.push(`${req.method} ${req.url} ${res.statusCode} ${req.headers['x-request-id']}`));
      app.handler(req, res);
    };
    await warmUp(handler, releaseSearches('1.2.0'));
    expect(seen).to.deep.equal(Array(4).fill('POST /graphql 200 warm-up'));
  });

  it('sends searches of every icon through the Iconify API, each answered 200', async () => {
    const app = await buildTestApp();
    const seen: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      res.on('finish', () => seen.push(`${req.method} ${req.url} ${res.statusCode}`));
      app.handler(req, res);
    };
    await warmUp(handler, iconSearches('/iconify'));
    expect(seen).to.have.length(4);
    for (const line of seen) expect(line).to.match(/^GET \/iconify\/search\?query=\S+ 200$/);
  });

  it('gives up, and lets the start go on, when nothing answers in time', async () => {
    // A handler that never answers: without the timeout, this would hang until mocha's own.
    const error = await rejectionOf(warmUp(() => {}, releaseSearches('1.2.0'), 100));
    expect(error.name).to.match(/TimeoutError|AbortError/);
  });
});
