// One structured log line per request, with a request id (taken from X-Request-Id when it looks
// like one, else generated) echoed in the response. Logs the path without its query string: a GET
// GraphQL request carries its variables there. Headers (Authorization) are never logged.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import type { RequestLineRoom } from '../logger.ts';
import type { ClientAddress } from './client-address.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

// The id a response is to echo, kept on the response rather than set as a header at once: the
// writers of cached answers and early problems pass every header to one writeHead call, and a
// header set before it makes node:http merge the two (~10 us of a ~35 us cached answer).
const requestId = Symbol('requestId');
type WithRequestId = ServerResponse & { [requestId]?: string };

const startedAt = Symbol('startedAt');
// The line still to write: the log's writer until someone takes it (a cached answer's writer, or
// the `close` listener), then TAKEN. One property, so that node:http's own code meets few shapes
// of response.
const line = Symbol('line');
const TAKEN = 0;
export type LineWriter = (res: Logged, aborted: boolean) => void;
type Logged = WithRequestId & { [startedAt]?: number; [line]?: LineWriter | typeof TAKEN; req: IncomingMessage };

/** Headers for one writeHead call, plus the X-Request-Id this response echoes, if any. */
export function withRequestId<T extends Record<string, string | number>>(res: ServerResponse, headers: T): T {
  const id = (res as WithRequestId)[requestId];
  return id ? { ...headers, 'X-Request-Id': id } : headers;
}

/** First in Express: the responses it writes echo the request id through setHeader. */
export const echoRequestId: RequestHandler = (_req, res, next) => {
  const id = (res as WithRequestId)[requestId];
  if (id) res.setHeader('X-Request-Id', id);
  next();
};

/**
 * With `enabled` false (ACCESS_LOG=false) nothing is logged and an id is only echoed when the
 * client sent one. `arrived` comes first for every request, `dispatched` once the request was
 * handed on: a response a cached answer's writer took (send-cached.ts) gets its line when that
 * writer writes it, in the same turn (takeLine); any other gets it when it closes.
 */
export function logRequests(logger: Logger, enabled: boolean, clientAddress: ClientAddress) {
  // A request line holds only the fields below, none of them a credential (the path drops its
  // query string): it skips the root logger's redaction, whose wildcard paths cost ~6 us a line,
  // and pino's serializer (requestLineWriter).
  const lines = logger.child({}, { redact: { paths: [] } });
  const writeLine = requestLineWriter(lines);
  // Ids are this process's random prefix and a sequence number: unique, and far cheaper per
  // request than a random UUID on the hot path.
  const prefix = randomBytes(6).toString('base64url');
  let sequence = 0;
  const log: LineWriter = (res, aborted) => {
    const req = res.req;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const durationMs = Math.round((performance.now() - res[startedAt]!) * 1000) / 1000;
    writeLine(res[requestId]!, clientAddress(req), req.method ?? '', q === -1 ? url : url.slice(0, q), res.statusCode, durationMs, aborted);
  };
  // One listener for every response that closes before its line is written, reading what it
  // needs from the response: no closure and no once() wrapper allocated per request.
  function logOnClose(this: Logged) {
    log(this, !this.writableFinished);
  }
  return {
    arrived(req: IncomingMessage, res: ServerResponse): void {
      const incoming = req.headers['x-request-id'];
      const given = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : null;
      if (!enabled || !lines.isLevelEnabled('info')) {
        if (given) (res as WithRequestId)[requestId] = given;
        return;
      }
      const logged = res as Logged;
      logged[requestId] = given ?? `${prefix}-${(sequence++).toString(36)}`;
      logged[startedAt] = performance.now();
      logged[line] = log;
    },
    dispatched(res: ServerResponse): void {
      const logged = res as Logged;
      if (typeof logged[line] !== 'function') return; // not logged, or a writer took it
      logged[line] = TAKEN;
      logged.on('close', logOnClose);
    },
  };
}

/**
 * A cached answer's writer takes the response's line when it queues the answer before the request
 * was dispatched (see logRequests), and calls what this returns after writing it (or giving up:
 * `aborted`). The response then needs no `close` listener. Undefined: nothing to write, or
 * written at close.
 */
export function takeLine(res: ServerResponse): LineWriter | undefined {
  const logged = res as Logged;
  const writer = logged[line];
  if (typeof writer !== 'function') return undefined;
  logged[line] = TAKEN;
  return writer;
}

/** The id this response echoes, if any: for writers that pass it in their own header object. */
export const requestIdOf = (res: ServerResponse): string | undefined => (res as WithRequestId)[requestId];

/**
 * A number's text, as `${n}` writes it, without V8's number-to-string cache: that cache sits in the
 * old generation and keeps the text of every number it converts until another takes its slot, so a
 * number new each request (a time, a duration) moved ~32 bytes a line into the old generation
 * (bench/README.md, issue 46). JSON.stringify writes a number's digits without it.
 */
const digitsOf = (n: number): string => JSON.stringify(n);

/**
 * Writes a request line exactly as `lines.info({ reqId, client, method, path, status, durationMs,
 * aborted? }, 'request')` would, from pino's own parts (its level number, time function, bindings
 * and stream, which pino.symbols exposes for this), without its generic serializer: ~6.5 us less
 * CPU a request, a fifth of a cached 304's (33 against 41 us of server CPU, 3 alternating runs).
 * The caller checks the level first; the service's logger (logger.ts) has no formatters, mixins
 * or hooks that would change a line. test/operations.test.ts compares the lines with pino's.
 * `id` is an id as logRequests makes or takes one (REQUEST_ID's characters: nothing to escape).
 *
 * Into the service's own destination (logger.ts: a RequestLineRoom) the line is written in place,
 * as bytes: the time and duration as digits, the id as it is, and the rest (client, method, path,
 * status) as the text made for the last line, when they are the same. Made as one string, the line
 * cost ~0.9 us (its pieces joined, then flattened to be encoded) against ~0.3 written in place.
 */
export function requestLineWriter(lines: Logger) {
  const parts = lines as unknown as Record<symbol, unknown>;
  const start = `{"level":${lines.levels.values.info}`;
  const pinoTime = parts[pino.symbols.timeSym] as () => string;
  // pino's default time, the same text, written by digitsOf.
  const epochTime = pinoTime === pino.stdTimeFunctions.epochTime;
  const time = epochTime ? () => `,"time":${digitsOf(Date.now())}` : pinoTime;
  const bindings = parts[pino.symbols.chindingsSym] as string;
  const stream = parts[pino.symbols.streamSym] as { write(line: string): void } & Partial<RequestLineRoom>;
  const middleOf = (client: string | undefined, method: string, path: string, status: number) =>
    `${client === undefined ? '' : `,"client":${JSON.stringify(client)}`},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"durationMs":`;
  const asText = (id: string, client: string | undefined, method: string, path: string, status: number, durationMs: number, aborted: boolean) =>
    stream.write(`${start}${time()}${bindings},"reqId":"${id}"${middleOf(client, method, path, status)}${digitsOf(durationMs)}${aborted ? ABORTED : ''}${END}`);
  if (!epochTime || typeof stream.lineAt !== 'function' || typeof stream.lineEnds !== 'function' || !stream.buffer) return asText;

  const room = stream as RequestLineRoom;
  const head = Buffer.from(`${start},"time":`);
  const beforeId = Buffer.from(`${bindings},"reqId":"`);
  const quote = Buffer.from('"');
  const aborted = Buffer.from(ABORTED);
  const end = Buffer.from(END);
  const fixedBytes = head.length + 16 + beforeId.length + quote.length + 24 + aborted.length + end.length;
  // The last line's client, method, path and status, and their text (a load repeats them).
  let lastClient: string | undefined;
  let lastMethod = '';
  let lastPath = '';
  let lastStatus = 0;
  let middle = '';
  return (id: string, client: string | undefined, method: string, path: string, status: number, durationMs: number, wasAborted: boolean) => {
    if (!(durationMs >= 0 && durationMs < 1e12)) return asText(id, client, method, path, status, durationMs, wasAborted);
    if (path !== lastPath || client !== lastClient || method !== lastMethod || status !== lastStatus) {
      middle = middleOf((lastClient = client), (lastMethod = method), (lastPath = path), (lastStatus = status));
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const mostBytes = fixedBytes + id.length + 3 * middle.length;
    if (mostBytes > room.buffer.length) return asText(id, client, method, path, status, durationMs, wasAborted);
    let at = room.lineAt(mostBytes);
    const bytes = room.buffer;
    bytes.set(head, at);
    at = writeInteger(bytes, at + head.length, Date.now());
    bytes.set(beforeId, at);
    at += beforeId.length;
    at += bytes.write(id, at, 'latin1');
    bytes[at++] = 0x22; // "
    at += bytes.write(middle, at);
    at = writeThousandths(bytes, at, durationMs);
    if (wasAborted) {
      bytes.set(aborted, at);
      at += aborted.length;
    }
    bytes.set(end, at);
    room.lineEnds(at + end.length);
  };
}

const ABORTED = ',"aborted":true';
const END = ',"msg":"request"}\n';

/** Writes a whole number's decimal digits (below 2^53) at `at`; answers where they end. */
function writeInteger(bytes: Buffer, at: number, n: number): number {
  let digits = 1;
  for (let power = 10; power <= n; power *= 10) digits++;
  for (let i = at + digits - 1; i >= at; i--) {
    const rest = Math.floor(n / 10);
    bytes[i] = 0x30 + (n - rest * 10);
    n = rest;
  }
  return at + digits;
}

/**
 * Writes a duration rounded to thousandths (0 <= ms < 1e12) as JSON.stringify writes it: the whole
 * part, then a point and up to three digits without trailing zeros (1.5, 0.123, 2).
 */
function writeThousandths(bytes: Buffer, at: number, ms: number): number {
  const thousandths = Math.round(ms * 1000);
  const whole = Math.floor(thousandths / 1000);
  let fraction = thousandths - whole * 1000;
  at = writeInteger(bytes, at, whole);
  if (fraction === 0) return at;
  bytes[at++] = 0x2e; // .
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  for (let i = at + digits - 1; i >= at; i--) {
    bytes[i] = 0x30 + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  return at + digits;
}
