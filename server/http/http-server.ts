// The node:http server requests arrive through: its bounds on what a client may send, and the
// answer to a request refused before any handler sees it (headers past 16 KiB, which a URL of
// 100,000 characters is, or bytes that are not HTTP). Node's own answer to those is a bare status
// with no body and no CORS header: a browser's script could not even read why it failed.
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, problemJson } from '../errors.ts';

/** Node answers 431 past this many bytes of request line and headers. */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface HttpServerOptions {
  requestTimeoutMs: number;
  /** The headers every answer carries (security and CORS). */
  staticHeaders: Record<string, string>;
}

export function createHttpServer(handler: (req: IncomingMessage, res: ServerResponse) => void, { requestTimeoutMs, staticHeaders }: HttpServerOptions): Server {
  // Slow clients cannot hold a request open for long.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: requestTimeoutMs, headersTimeout: 10_000 }, handler);
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;
  const answers = clientErrorAnswers(staticHeaders, requestTimeoutMs);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As node:http does without this listener: nothing is written once an answer on this
    // connection has begun (it would corrupt that one), nor to a client that is gone.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) socket.write(answers(error.code));
    socket.destroy();
  });
  return server;
}

/** The whole answer for each refusal, made at the first one of its kind and kept (a few hundred bytes each). */
function clientErrorAnswers(staticHeaders: Record<string, string>, requestTimeoutMs: number): (code: string | undefined) => string {
  const refusals: Record<string, () => AppError> = {
    HPE_HEADER_OVERFLOW: () => new AppError(431, 'INVALID_PARAMETER', `the URL and headers are longer than ${MAX_HEADER_BYTES} bytes`),
    HPE_CHUNK_EXTENSIONS_OVERFLOW: () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'the chunk extensions of the body are too large'),
    ERR_HTTP_REQUEST_TIMEOUT: () => new AppError(408, 'INVALID_PARAMETER', `the request was not received within ${requestTimeoutMs} ms`),
    other: () => new AppError(400, 'INVALID_PARAMETER', 'the request is not valid HTTP/1.1'),
  };
  const made = new Map<string, string>();
  return (code) => {
    const kind = code && code in refusals ? code : 'other';
    let answer = made.get(kind);
    if (!answer) made.set(kind, (answer = rawAnswer(refusals[kind](), staticHeaders)));
    return answer;
  };
}

function rawAnswer(error: AppError, staticHeaders: Record<string, string>): string {
  const body = problemJson(error);
  const headers = {
    ...staticHeaders,
    'Content-Type': 'application/problem+json',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('')}\r\n${body}`;
}
