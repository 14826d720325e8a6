// One search sent through every layer a client's request goes through (HTTP, Express, admission,
// Apollo, the resolvers) before the server listens: the first client's search then finds that
// code loaded and compiled, and costs what the next ones do (without it, 40-75 ms from the
// sources against 7-11 ms for the second, measured 2026-11-25). Sent over a server of its own on
// a loopback port of the system's choice, closed before the real one opens.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const QUERY = 'query WarmUp($version: String!) { search(version: $version, query: "arrow", first: 1) { id label } }';
/** A warm-up not answered by then is given up: a stalled database must not hold the start. */
const WARM_UP_TIMEOUT_MS = 2_000;

export async function warmUpSearch(handler: (req: IncomingMessage, res: ServerResponse) => void, version: string, timeoutMs = WARM_UP_TIMEOUT_MS): Promise<void> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'x-request-id': 'warm-up', connection: 'close' };
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/graphql', headers, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`the warm-up search was answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ query: QUERY, variables: { version } }));
    });
  } finally {
    // A request still being answered (given up above) would keep close() waiting.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
