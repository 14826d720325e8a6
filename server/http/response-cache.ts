// Serialised responses of immutable data, kept as bytes with their ETag; the gzip and brotli forms
// are made the first time a client asks for them and kept too. Bounded by a byte budget (LRU).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedResponse {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** Strong ETag of the identity bytes; encoded forms get a suffix, since their bytes differ. */
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** The complete 200 headers per encoding and header set, built on first use and reused. */
  headers: Map<string, Record<string, string | number>>;
}

export function cachedResponse(body: string | Buffer, contentType: string, cacheControl: string): CachedResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { body: bytes, contentType, cacheControl, etag, encoded: {}, headers: new Map() };
}

// Below this size compression saves less than its headers cost.
const MIN_COMPRESS_BYTES = 1024;

/** The bytes to send for `encoding`, compressing once on first use. */
export function bodyFor(entry: CachedResponse, encoding: Encoding): { bytes: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || entry.body.length < MIN_COMPRESS_BYTES) return { bytes: entry.body, encoding: 'identity' };
  // Brotli quality 5 compresses a 400 KB page in a few ms, close to quality 11's ratio for JSON.
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, { level: 6 });
  return { bytes: entry.encoded[encoding]!, encoding };
}

export function etagFor(entry: CachedResponse, encoding: Encoding): string {
  return encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`;
}

export function createResponseCache(maxBytes: number) {
  const lru = new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    // Counts the identity bytes twice: room for the compressed forms made later (JSON compresses 5-10x).
    sizeCalculation: (entry) => entry.body.length * 2 + 256,
  });
  return {
    get: (key: string) => lru.get(key),
    set: (key: string, entry: CachedResponse) => void lru.set(key, entry),
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
