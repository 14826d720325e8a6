// Which client a request comes from, for rate limits and logs. Directly connected clients are the
// socket's peer; behind a reverse proxy every socket is the proxy, so with TRUST_PROXY set the
// client is the address the trusted proxies name in X-Forwarded-For (Express's own rules, through
// proxy-addr, which Express uses for req.ip).
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Logger } from 'pino';

/** TRUST_PROXY: off, a number of proxy hops, or the proxies' addresses and subnets (and names like `loopback`). */
export type TrustProxy = false | number | string[];

/** The TRUST_PROXY text as a setting; throws with the reason when it is not one. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    // Trusting every hop lets any client choose the address it is counted under.
    throw new Error('"true" would trust an X-Forwarded-For any client can write; give the number of proxies in front (1) or their addresses (loopback, 10.0.0.0/8)');
  }
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  proxyaddr.compile(entries); // throws a TypeError naming the entry that is no address, subnet or known name
  return entries;
}

export function createClientAddress(setting: TrustProxy, logger: Logger) {
  const trust = setting === false ? () => false : typeof setting === 'number' ? (_: string, hop: number) => hop < setting : proxyaddr.compile(setting);
  let warned = false;
  return (req: IncomingMessage): string => {
    if (setting === false && !warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        { remoteAddress: req.socket.remoteAddress },
        'a request carries X-Forwarded-For but TRUST_PROXY is off: rate limits and logs count every client of that proxy as one; set TRUST_PROXY (see the README)',
      );
    }
    // Without trusted proxies proxy-addr answers the socket's peer too, after parsing
    // X-Forwarded-For into new arrays: asked on every request's log line, so read it directly.
    if (setting === false) return req.socket.remoteAddress ?? 'unknown';
    return proxyaddr(req, trust) ?? 'unknown';
  };
}

export type ClientAddress = ReturnType<typeof createClientAddress>;
