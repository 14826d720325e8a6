// Serialised responses of immutable data, kept as bytes with their ETag; the gzip and brotli forms
// are made the first time a client asks for them and kept too. Bounded by a byte budget (LRU) that
// counts what an entry really holds: every buffer is an exact-size copy, because a small
// Buffer.from(string) is a slice of an 8 KiB pool slab and a small zlib result a slice of a
// 16 KiB output buffer, and a kept slice keeps its whole parent alive (measured: 36 KB held per
// small entry, 6x the budget).
import { hash } from 'node:crypto';
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
  /** False for bytes that are compressed already (WOFF2 fonts): always sent as they are. */
  compressible?: boolean;
  /** Set by the cache holding the entry: a compressed form was added, so count its size again. */
  grown?: () => void;
}

/** An unpooled buffer holding exactly `bytes`. */
function exactCopy(bytes: Buffer | string): Buffer {
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const copy = Buffer.allocUnsafeSlow(length);
  if (typeof bytes === 'string') copy.write(bytes);
  else bytes.copy(copy);
  return copy;
}

export function cachedResponse(body: string | Buffer, contentType: string, cacheControl: string): CachedResponse {
  const bytes = exactCopy(body);
  const etag = `"${hash('sha256', bytes, 'base64url').slice(0, 27)}"`;
  return { body: bytes, contentType, cacheControl, etag, encoded: {}, headers: new Map() };
}

// Below this size compression saves less than its headers cost.
const MIN_COMPRESS_BYTES = 1024;

/** The bytes to send for `encoding`, compressing once on first use. */
export function bodyFor(entry: CachedResponse, encoding: Encoding): { bytes: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || entry.compressible === false || entry.body.length < MIN_COMPRESS_BYTES) return { bytes: entry.body, encoding: 'identity' };
  let bytes = entry.encoded[encoding];
  if (!bytes) {
    // Brotli quality 5 compresses a 400 KB page in a few ms, close to quality 11's ratio for JSON.
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded[encoding] = bytes = exactCopy(compressed);
    entry.grown?.();
  }
  return { bytes, encoding };
}

export function etagFor(entry: CachedResponse, encoding: Encoding): string {
  return encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`;
}

// What an entry holds besides its buffers: the entry and key strings, the ETag, and up to six
// header objects for 200s (three encodings, with and without the fast path's headers), measured
// ~2.4 KB, plus the smaller 304 ones of the encodings its clients revalidate.
const ENTRY_OVERHEAD = 3_000;

export const entrySize = (entry: CachedResponse, key: string) =>
  entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 2 * key.length + ENTRY_OVERHEAD;

export function createResponseCache(maxBytes: number) {
  const lru = new LRUCache<string, CachedResponse>({ maxSize: maxBytes, sizeCalculation: entrySize });
  const set = (key: string, entry: CachedResponse) => {
    // lru-cache counts a value's size when it is set: set it again when it grows.
    entry.grown = () => {
      if (lru.peek(key) !== entry) return;
      lru.delete(key);
      lru.set(key, entry);
    };
    lru.set(key, entry);
  };
  return {
    get: (key: string) => lru.get(key),
    set,
    clear: () => lru.clear(),
    /** Drops the entries whose keys start with `prefix` (one caller's answers). */
    deleteByPrefix(prefix: string): void {
      for (const key of [...lru.keys()]) if (key.startsWith(prefix)) lru.delete(key);
    },
    maxBytes,
    get size() {
      return lru.size;
    },
    /** Bytes counted against the budget. */
    get bytes() {
      return lru.calculatedSize;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
