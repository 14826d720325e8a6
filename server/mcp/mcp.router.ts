// POST /mcp: the MCP server over Streamable HTTP, stateless (each POST is answered on its own, in
// JSON). Before the SDK's transport sees a request: the Host and Origin are checked against the
// allowed host names (DNS rebinding), the client's rate, the optional token, and the body's size.
import { Router, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError, sendProblem, sendUnauthorized } from '../errors.ts';
import type { Authenticate } from '../graphql/principal.ts';
import { isAnonymous } from '../graphql/principal.ts';
import type { ClientAddress } from '../http/client-address.ts';
import { parseClientJson } from '../http/json-depth.ts';
import type { Mcp } from './mcp-server.ts';

/** Bodies larger than this are refused (413): a tool call's arguments are small. */
export const MAX_MCP_BODY_BYTES = 256 * 1024;

export interface McpHttpOptions {
  mcp: Mcp;
  /** Host names (no port) a request's Host and Origin may name; '*': any (behind a proxy that checks). */
  allowedHosts: string[] | '*';
  /** Requests a client may send a minute (0: no limit). */
  rateLimit: number;
  /** Whether /mcp needs an access token from POST /token. */
  requireToken: boolean;
  authenticate: Authenticate;
  clientAddress: ClientAddress;
}

const rpcError = (res: Response, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  void res.status(status).set({ 'Cache-Control': 'no-store', ...headers }).json({ jsonrpc: '2.0', error: { code, message }, id: null });

/** Reads the body, at most `limit` bytes; null when it is larger. */
function readBody(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createMcpRouter(options: McpHttpOptions): Router {
  const router = Router();
  const { mcp } = options;
  if (options.allowedHosts !== '*') {
    const allowed = options.allowedHosts;
    // The SDK's check of the Host header's name (any port), then the same for a browser's Origin.
    router.use('/mcp', hostHeaderValidation(allowed), (req, res, next) => {
      const origin = req.headers.origin;
      if (origin === undefined) return next();
      let hostname: string | undefined;
      try {
        hostname = new URL(origin).hostname;
      } catch {
        hostname = undefined;
      }
      if (hostname !== undefined && allowed.includes(hostname)) return next();
      rpcError(res, 403, -32000, `Invalid Origin: ${origin}`);
    });
  }
  router.all('/mcp', (req, res, next) => {
    if (req.method === 'POST') return next();
    // Stateless: no stream for the server to send on (GET), no session to end (DELETE).
    rpcError(res, 405, -32000, 'Method not allowed: this MCP server is stateless and takes POST only', { Allow: 'POST' });
  });
  if (options.rateLimit > 0) {
    router.post(
      '/mcp',
      rateLimit({
        windowMs: 60_000,
        limit: options.rateLimit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        validate: false,
        // IPv6 clients are counted per /56, as the token failure limit counts them.
        keyGenerator: (req) => ipKeyGenerator(options.clientAddress(req)),
        handler: (req, res) => {
          const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
          const retryAfter = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + 60_000) - Date.now()) / 1000));
          sendProblem(res, new AppError(429, 'RATE_LIMITED', `too many MCP requests from this client: at most ${options.rateLimit} a minute`, undefined, { 'Retry-After': String(retryAfter) }));
        },
      }),
    );
  }
  router.post('/mcp', async (req, res) => {
    if (options.requireToken) {
      const authorization = req.headers.authorization;
      const principal = isAnonymous(authorization) ? null : await options.authenticate(authorization);
      if (!principal) return sendUnauthorized(res);
    }
    const bytes = await readBody(req, MAX_MCP_BODY_BYTES);
    if (!bytes) return rpcError(res, 413, -32600, `The request body is larger than ${MAX_MCP_BODY_BYTES} bytes`);
    let body: unknown;
    try {
      body = parseClientJson(bytes.toString('utf8'), 'the body');
    } catch (error) {
      return rpcError(res, 400, -32700, `Parse error: ${(error as Error).message}`);
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = mcp.createServer();
    // Closing is bookkeeping (the answer is sent): a failure there is nobody's to hear.
    res.on('close', () => void transport.close().then(() => server.close()).catch(() => undefined));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  return router;
}
