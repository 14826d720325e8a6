// Writing a cached response with plain node:http calls: content negotiation, conditional GET and
// HEAD, and nothing else per request. Used both before Express (the fast path) and inside it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { withRequestId } from './request-log.ts';
import { bodyFor, etagFor, type CachedResponse, type Encoding } from './response-cache.ts';

const OFFERED: Encoding[] = ['br', 'gzip', 'identity'];
const negotiated = new Map<string, Encoding>();

/** The best encoding for an Accept-Encoding header; answers are memoised (clients send few distinct headers). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let choice = negotiated.get(acceptEncoding);
  if (!choice) {
    // On a tie in the client's q-values, our order decides: brotli is smaller than gzip.
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as {
      encoding(available: string[], options: { preferred: string[] }): Encoding | undefined;
    };
    choice = negotiator.encoding(OFFERED, { preferred: OFFERED }) ?? 'identity';
    if (negotiated.size < 256) negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

/** Whether an If-None-Match header names any form of the entry (or is `*`). */
function matches(ifNoneMatch: string, entry: CachedResponse): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const base = entry.etag.slice(1, -1);
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return value === base || value.startsWith(`${base}-`);
  });
}

export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  staticHeaders: Record<string, string> = NO_HEADERS,
): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, entry)) {
    res.writeHead(304, withRequestId(res, headersFor(entry, 304, encoding, 0, staticHeaders)));
    res.end();
    return;
  }
  const body = bodyFor(entry, encoding);
  res.writeHead(200, withRequestId(res, headersFor(entry, 200, body.encoding, body.bytes.length, staticHeaders)));
  res.end(req.method === 'HEAD' ? undefined : body.bytes);
}

const NO_HEADERS: Record<string, string> = {};

/**
 * An entry's headers for one status (200, or 304 without a body) and encoding: built once, then
 * the same object every time.
 */
function headersFor(entry: CachedResponse, status: 200 | 304, encoding: Encoding, length: number, staticHeaders: Record<string, string>) {
  const key = `${status}+${encoding}${staticHeaders === NO_HEADERS ? '' : '+static'}`;
  let headers = entry.headers.get(key);
  if (!headers) {
    headers = { ...staticHeaders, 'Cache-Control': entry.cacheControl, Vary: 'Accept-Encoding', ETag: etagFor(entry, encoding) };
    if (status === 200) {
      headers['Content-Type'] = entry.contentType;
      headers['Content-Length'] = length;
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    }
    entry.headers.set(key, headers);
  }
  return headers;
}
