// Writing a cached response with plain node:http calls: content negotiation, conditional GET and
// HEAD, and nothing else per request. Used both before Express (the fast path) and inside it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { requestIdOf, takeLine, type LineWriter } from './request-log.ts';
import { bodyFor, etagFor, formFor, formNamedBy, type CachedResponse, type Encoding, type Form } from './response-cache.ts';

// On a tie in the client's q-values, our order decides. Brotli 5 and zstd 9 make the same size
// (within 1% on pages, CSS and the 1.4 MB free-svgs) and gzip 6 up to 11% larger; brotli comes first
// because every browser that accepts zstd accepts it too, so its clients share one form per entry
// instead of holding br for some and zstd for others.
const OFFERED: Encoding[] = ['br', 'zstd', 'gzip', 'identity'];

export interface Negotiated {
  /** Identity only when the client sends no Accept-Encoding or accepts none of the codings offered. */
  encoding: Encoding;
  /**
   * The encodings of OFFERED the client accepts, best first (its q-values, then our order): the
   * forms a 304 may revalidate for it. Identity alone without Accept-Encoding, as a 200 answers.
   */
  accepted: readonly Encoding[];
}
const NO_PREFERENCE: Negotiated = { encoding: 'identity', accepted: ['identity'] };
const negotiated = new Map<string, Negotiated>();

// RFC 9110 12.5.3: identity is acceptable unless refused by "identity;q=0", or by "*;q=0" with no
// entry of its own; negotiator counts it acceptable after "*;q=0" too.
const REFUSES_ALL = /(?:^|,)\s*\*\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:,|$)/i;
const NAMES_IDENTITY = /(?:^|,)\s*identity\s*(?:[;,]|$)/i;

// RFC 9110 8.4.1.3: a recipient should read "x-gzip" as "gzip" (negotiator knows only the latter).
const X_GZIP = /(^|[\s,])x-gzip(?=\s*(?:[;,]|$))/gi;

/** The best encoding for an Accept-Encoding header; answers are memoised (clients send few distinct headers). */
export function chooseEncoding(acceptEncoding: string | undefined): Negotiated {
  if (!acceptEncoding) return NO_PREFERENCE;
  let choice = negotiated.get(acceptEncoding);
  if (!choice) {
    const header = acceptEncoding.replace(X_GZIP, '$1gzip');
    const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
      encodings(available: string[], options?: { preferred: string[] }): Encoding[];
    };
    let accepted = negotiator.encodings(OFFERED, { preferred: OFFERED });
    if (REFUSES_ALL.test(header) && !NAMES_IDENTITY.test(header)) accepted = accepted.filter((encoding) => encoding !== 'identity');
    choice = { encoding: accepted[0] ?? 'identity', accepted };
    if (negotiated.size < 256) negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

/**
 * Of the forms of the entry an If-None-Match header names, the one the client would rather have,
 * among those it accepts: a strong form before the fast one of its coding.
 */
function formHeldIn(ifNoneMatch: string, entry: CachedResponse, accepted: readonly Encoding[]): Form | undefined {
  let best: Form | undefined;
  let bestRank = Infinity;
  for (const tag of ifNoneMatch.split(',')) {
    const form = formNamedBy(entry, tag);
    const index = form ? accepted.indexOf(form.encoding) : -1;
    if (index < 0) continue;
    const rank = index * 2 + (form!.fast ? 1 : 0);
    if (rank < bestRank) [best, bestRank] = [form, rank];
  }
  return best;
}

export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  staticHeaders: Record<string, string> = NO_HEADERS,
): void {
  const { encoding, accepted } = chooseEncoding(req.headers['accept-encoding']);
  const ifNoneMatch = req.headers['if-none-match'];
  // Any form of the entry has the same content, so a client holding one it accepts gets a 304 with
  // that form's tag: a cache freshens, and then serves, the stored response whose strong validator
  // the 304 carries (RFC 9111 4.3.4), and a 200 now might send another form than the one it stored.
  // A form this request does not accept never revalidates: a shared cache asking with the tags of
  // all its stored variants at once (RFC 9111 4.3.2) would serve that one to a client unable to
  // decode it.
  const held = ifNoneMatch && (ifNoneMatch.trim() === '*' ? formFor(entry, encoding) : formHeldIn(ifNoneMatch, entry, accepted));
  const withId = requestIdOf(res) !== undefined;
  if (held) {
    return writeThisTurn(res, 304, headersFor(entry, 304, held, 0, staticHeaders, true, withId), undefined);
  }
  const { form, bytes } = bodyFor(entry, encoding);
  // No cache keeps an answer to a POST and no client revalidates one (a browser sends no
  // If-None-Match with a POST): its tag would be a hash nobody reads.
  const withTag = req.method !== 'POST';
  const headers = headersFor(entry, 200, form, bytes.length, staticHeaders, withTag, withId);
  writeThisTurn(res, 200, headers, req.method === 'HEAD' ? undefined : bytes);
}

// Answers are written together at the end of the event loop's turn (its check phase), after every
// request that turn read: the writes of one turn go out back to back, and a client's side is woken
// for a burst of them instead of between each request parsed. Measured on a repeated Iconify SVG and
// on GraphQL searches (bench/README.md, issue 46): 15-20% less server CPU a request. Kept as flat
// lists, not closures: nothing allocated per answer. The access log's line of each is written
// here too, after its answer (request-log.ts: no `close` listener for these).
interface Pending {
  responses: ServerResponse[];
  statuses: number[];
  headers: HeaderList[];
  bodies: (Buffer | undefined)[];
  lines: (LineWriter | undefined)[];
}
const newPending = (): Pending => ({ responses: [], statuses: [], headers: [], bodies: [], lines: [] });
let pending = newPending();
let spare = newPending();
/** When the oldest answer waiting to be written was queued; answers wait at most MAX_HOLD_MS. */
let heldSince = 0;
const MAX_HOLD_MS = 1;

function writeThisTurn(res: ServerResponse, status: number, headers: HeaderList, body: Buffer | undefined): void {
  if (pending.responses.length === 0) {
    setImmediate(writePending);
    heldSince = performance.now();
  }
  pending.responses.push(res);
  pending.statuses.push(status);
  pending.headers.push(headers);
  pending.bodies.push(body);
  pending.lines.push(takeLine(res));
  // A turn of costly answers (searches of every set, 0.2-10 ms each) would hold the first ones for
  // all the others: what waited this long goes out now.
  if (performance.now() - heldSince >= MAX_HOLD_MS) writePending();
}

function writePending(): void {
  // Swapped first: an answer queued while these are written waits for the next turn's writes.
  const writing = pending;
  pending = spare;
  spare = writing;
  const { responses, statuses, headers, bodies, lines } = writing;
  for (let i = 0; i < responses.length; i++) {
    const res = responses[i];
    // The client left, or something answered meanwhile.
    if (res.destroyed || res.headersSent) {
      lines[i]?.(res, !res.writableFinished);
      continue;
    }
    try {
      // The header list of this entry and form: its last slot takes this request's id (node:http
      // reads it within writeHead), instead of a copy of the list per request.
      const id = requestIdOf(res);
      if (id !== undefined) headers[i][headers[i].length - 1] = id;
      res.writeHead(statuses[i], headers[i]);
      res.end(bodies[i]);
      lines[i]?.(res, false);
    } catch (error) {
      res.destroy(error as Error);
      lines[i]?.(res, true);
    }
  }
  responses.length = 0;
  statuses.length = 0;
  headers.length = 0;
  bodies.length = 0;
  lines.length = 0;
}

/** Header names and values in turn, as writeHead takes them in one call. */
type HeaderList = (string | number)[];

const NO_HEADERS: Record<string, string> = {};
const CODING_INDEX: Record<Encoding, number> = { identity: 0, gzip: 1, br: 2, zstd: 3 };
const staticLists = new WeakMap<Record<string, string>, string[]>();

/** The static headers (security and CORS) as a list, made once per set. */
function staticList(staticHeaders: Record<string, string>): string[] {
  let list = staticLists.get(staticHeaders);
  if (!list) staticLists.set(staticHeaders, (list = Object.entries(staticHeaders).flat()));
  return list;
}

/**
 * An entry's headers for one status (200, or 304 without a body) and form, as one list for
 * writeHead: node:http then reads no object's keys. A kept entry's lists are built once and reused
 * (a form's bytes, and so their length, never change); an entry sent once gets a new list.
 * `withTag`: with its ETag. `withId`: with an X-Request-Id slot last, which writePending fills in.
 */
function headersFor(
  entry: CachedResponse,
  status: 200 | 304,
  form: Form,
  length: number,
  staticHeaders: Record<string, string>,
  withTag: boolean,
  withId: boolean,
): HeaderList {
  if (!entry.kept) return headerList(entry, status, form, length, staticHeaders, withTag, withId);
  // A number, not a string made per request: status, coding, fast form, header set, tag, id slot.
  const coding = (status === 304 ? 4 : 0) + CODING_INDEX[form.encoding];
  const set = staticHeaders === NO_HEADERS ? 0 : 1;
  const key = (((coding * 2 + (form.fast ? 1 : 0)) * 2 + set) * 2 + (withTag ? 1 : 0)) * 2 + (withId ? 1 : 0);
  const lists = (entry.headers ??= new Map());
  let headers = lists.get(key);
  if (!headers) {
    headers = headerList(entry, status, form, length, staticHeaders, withTag, withId);
    lists.set(key, headers);
  }
  return headers;
}

function headerList(
  entry: CachedResponse,
  status: 200 | 304,
  form: Form,
  length: number,
  staticHeaders: Record<string, string>,
  withTag: boolean,
  withId: boolean,
): HeaderList {
  const headers: HeaderList = staticList(staticHeaders).slice();
  headers.push('Cache-Control', entry.cacheControl, 'Vary', 'Accept-Encoding');
  if (withTag) headers.push('ETag', etagFor(entry, form));
  if (status === 200) {
    headers.push('Content-Type', entry.contentType, 'Content-Length', length);
    if (form.encoding !== 'identity') headers.push('Content-Encoding', form.encoding);
  }
  if (withId) headers.push('X-Request-Id', '');
  return headers;
}
