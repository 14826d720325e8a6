// One structured log line per request, with a request id (taken from X-Request-Id when it looks
// like one, else generated) echoed in the response. Logs the path without its query string: a GET
// GraphQL request carries its variables there. Headers (Authorization) are never logged.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ClientAddress } from './client-address.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

// The id a response is to echo, kept on the response rather than set as a header at once: the
// writers of cached answers and early problems pass every header to one writeHead call, and a
// header set before it makes node:http merge the two (~10 us of a ~35 us cached answer).
const requestId = Symbol('requestId');
type WithRequestId = ServerResponse & { [requestId]?: string };

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
 * client sent one. Logging costs a cached 161 KiB answer ~9 us of its ~36 (bench:rest: 0.66 of the
 * bare server's rate with it, ~0.95 without).
 */
export function logRequests(logger: Logger, enabled: boolean, clientAddress: ClientAddress) {
  // A request line holds only the fields below, none of them a credential (the path drops its
  // query string): it skips the root logger's redaction, whose wildcard paths cost ~6 us a line.
  const lines = logger.child({}, { redact: { paths: [] } });
  // Ids are this process's random prefix and a sequence number: unique, and far cheaper per
  // request than a random UUID on the hot path.
  const prefix = randomBytes(6).toString('base64url');
  let sequence = 0;
  return (req: IncomingMessage, res: ServerResponse): void => {
    const incoming = req.headers['x-request-id'];
    const given = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : null;
    if (!enabled || !lines.isLevelEnabled('info')) {
      if (given) (res as WithRequestId)[requestId] = given;
      return;
    }
    const id = given ?? `${prefix}-${(sequence++).toString(36)}`;
    (res as WithRequestId)[requestId] = id;
    const started = performance.now();
    res.once('close', () => {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      lines.info(
        {
          reqId: id,
          client: clientAddress(req),
          method: req.method,
          path: q === -1 ? url : url.slice(0, q),
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
  };
}
