// One structured log line per request, with a request id (taken from X-Request-Id when it looks
// like one, else generated) echoed in the response. Logs the path without its query string: a GET
// GraphQL request carries its variables there. Headers (Authorization) are never logged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function logRequests(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    if (!logger.isLevelEnabled('info')) return;
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      logger.info(
        {
          reqId: id,
          method: req.method,
          path: q === -1 ? url : url.slice(0, q),
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
  };
}
