// Searches sent through every layer a client's request goes through (HTTP, Express, admission,
// Apollo, the resolvers; the Iconify API's handler and the index of every icon) before the server
// listens: the first client's search then finds that code loaded and compiled, and costs what the
// next ones do (without it, 40-75 ms from the sources against 7-11 ms for the second, measured
// 2026-11-25; a first Iconify search after a start 43 ms, 6-10 ms with it). Sent over a server of
// its own on a loopback port of the system's choice, closed before the real one opens.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const QUERY = 'query WarmUp($version: String!, $query: String!) { search(version: $version, query: $query, first: 1) { id label } }';
const OTHER_QUERY = 'query WarmUpAgain($version: String!, $query: String!) { search(version: $version, query: $query, first: 2) { id } }';
/**
 * Each path a search document takes: new (interpreted), new again (so that path runs twice), seen
 * before (compiled), then compiled (the fast path runs it). Their words match as typed, by a
 * prefix, in another form, through a synonym, by a typo.
 */
const SEARCHES = [
  { query: QUERY, words: 'arrow' },
  { query: OTHER_QUERY, words: 'cof cup' },
  { query: QUERY, words: 'bookmarks' },
  { query: QUERY, words: 'preferences calender' },
];
/** Searches of every icon (the Iconify API's), as typed, of two words, of a sentence, in one set. */
const ICON_SEARCHES = ['notif', 'arrow left', 'close the notification', 'settings&prefixes=mdi'];
/** A warm-up not answered by then is given up: a stalled database must not hold the start. */
const WARM_UP_TIMEOUT_MS = 2_000;

export interface WarmUpRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** GraphQL searches of a release. */
export const releaseSearches = (version: string): WarmUpRequest[] => SEARCHES.map(({ query, words }) => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables: { version, query: words } }) }));

/** Searches of every icon through the Iconify API at `iconifyPath`. */
export const iconSearches = (iconifyPath: string): WarmUpRequest[] => ICON_SEARCHES.map((query) => ({ method: 'GET', path: `${iconifyPath}/search?query=${query.replaceAll(' ', '%20')}` }));

export async function warmUp(handler: (req: IncomingMessage, res: ServerResponse) => void, requests: readonly WarmUpRequest[], timeoutMs = WARM_UP_TIMEOUT_MS): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const { port } = server.address() as AddressInfo;
    for (const { method, path, body } of requests) {
      await new Promise<void>((resolve, reject) => {
        const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-request-id': 'warm-up', connection: 'close' };
        const req = request({ host: '127.0.0.1', port, method, path, headers, signal }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`the warm-up request ${method} ${path} was answered ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(body);
      });
    }
  } finally {
    // A request still being answered (given up above) would keep close() waiting.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
