// Serialised responses of immutable data, kept as bytes with their ETag, and their compressed
// forms. A client accepting compression gets compressed bytes from the first request on: a cold
// entry's first answers carry a fast level (brotli 1, zstd 1, gzip 1: ~0.15-0.3 ms for 160 KB),
// kept on the entry, while its strong form for that coding is made on the thread pool
// (background-compression.ts) and then sent to every later request. Only clients sending no
// Accept-Encoding, or refusing every coding offered, get identity bytes: a shared cache keeps
// whatever form it was given for a year (Cache-Control immutable, Vary: Accept-Encoding), so the
// first answer to a client asking for compression must already be compressed.
// Bounded by a byte budget (LRU) that counts what an entry really holds: every buffer is an
// exact-size copy, because a small Buffer.from(string) is a slice of an 8 KiB pool slab and a small
// zlib result a slice of a 16 KiB output buffer, and a kept slice keeps its whole parent alive
// (measured: 36 KB held per small entry, 6x the budget). Once full, it takes a new entry only for a
// key asked more often lately than the oldest entry's (frequency-sketch.ts).
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { compressInBackground } from './background-compression.ts';
import { CODINGS, compressFast, type Coding } from './compression.ts';
import { fnv1a } from '../fnv1a.ts';
import { FrequencySketch, MAX_COUNT } from './frequency-sketch.ts';

export type Encoding = Coding | 'identity';

export interface CachedResponse {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /**
   * Strong ETag of the identity bytes; encoded forms get a suffix, since their bytes differ. A hash
   * of the bytes, unless the caller names them otherwise (an icon batch: its set's content tag),
   * made when first read: an answer to a POST carries none (send-cached.ts).
   */
  readonly etag: string;
  /** The strong forms made so far. */
  encoded: Partial<Record<Coding, Buffer>>;
  /** A kept entry's fast forms, sent until the strong form of their coding is made (then dropped). */
  fastEncoded?: Partial<Record<Coding, Buffer>>;
  /** A kept entry's complete headers per status, form and header set, built on first use. */
  headers?: Map<number, (string | number)[]>;
  /** False for bytes that are compressed already (WOFF2 fonts): always sent as they are. */
  compressible?: boolean;
  /** Set by whatever keeps the entry (the response cache, the web assets): only later requests would get a strong form made now. */
  kept?: boolean;
  /** Set by the cache holding the entry: a compressed form was added, so count its size again. */
  grown?: () => void;
  /** Set by the cache holding the entry: the key it was kept under, and that key's hash (a hit counts it without hashing the key again). */
  keptAs?: string;
  keptHash?: number;
}

/** An unpooled buffer holding exactly `bytes`: `bytes` itself when it is one already. */
function exactCopy(bytes: Buffer | string): Buffer {
  if (typeof bytes !== 'string' && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const copy = Buffer.allocUnsafeSlow(length);
  if (typeof bytes === 'string') copy.write(bytes);
  else bytes.copy(copy);
  return copy;
}

/** `etag`: the tag if the caller has one that changes whenever these bytes of its URL would (default: their hash). */
export function cachedResponse(body: string | Buffer, contentType: string, cacheControl: string, etag?: string): CachedResponse {
  return entryOf(exactCopy(body), contentType, cacheControl, etag);
}

/** An entry for one response, never kept: its bytes used as they are (a slice, a lent buffer). */
export function passingResponse(body: string | Buffer, contentType: string, cacheControl: string, etag?: string): CachedResponse {
  return entryOf(typeof body === 'string' ? Buffer.from(body) : body, contentType, cacheControl, etag);
}

/** A strong entity tag made from `content` (bytes, or text naming them). */
export const tagOf = (content: Buffer | string): string => `"${hash('sha256', content, 'base64url').slice(0, 27)}"`;

/** An entry whose tag is hashed from its bytes only when something reads it. */
class Entry implements CachedResponse {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  encoded: Partial<Record<Coding, Buffer>> = {};
  fastEncoded?: Partial<Record<Coding, Buffer>>;
  headers?: Map<number, (string | number)[]>;
  compressible?: boolean;
  kept?: boolean;
  grown?: () => void;
  keptAs?: string;
  keptHash?: number;
  #etag: string | undefined;

  constructor(body: Buffer, contentType: string, cacheControl: string, etag: string | undefined) {
    this.body = body;
    this.contentType = contentType;
    this.cacheControl = cacheControl;
    this.#etag = etag;
  }

  get etag(): string {
    return (this.#etag ??= tagOf(this.body));
  }
}

// The tag is made when first read, not here: most answers to new GraphQL searches go to a POST,
// which is sent without one, and the hash was ~5% of such an answer's CPU (bench/README.md).
const entryOf = (bytes: Buffer, contentType: string, cacheControl: string, etag?: string): CachedResponse =>
  new Entry(bytes, contentType, cacheControl, etag);

// Below this size compression saves less than its headers cost.
const MIN_COMPRESS_BYTES = 1024;

/** Which bytes of an entry a response carries: identity, a strong form, or one made at a fast level. */
export interface Form {
  encoding: Encoding;
  fast: boolean;
}
const IDENTITY: Form = { encoding: 'identity', fast: false };
const STRONG = Object.fromEntries(CODINGS.map((encoding) => [encoding, { encoding, fast: false }])) as Record<Coding, Form>;
const FAST = Object.fromEntries(CODINGS.map((encoding) => [encoding, { encoding, fast: true }])) as Record<Coding, Form>;

/**
 * The form a 200 carries now for a client preferring `encoding`: its strong form once made, else a
 * fast level. A kept entry without the strong form gets it made in the background meanwhile; an
 * entry nobody keeps has no later request to wait for, and strong levels cost several times more.
 */
export function formFor(entry: CachedResponse, encoding: Encoding): Form {
  if (encoding === 'identity' || entry.compressible === false || entry.body.length < MIN_COMPRESS_BYTES) return IDENTITY;
  if (entry.encoded[encoding]) return STRONG[encoding];
  if (!entry.kept) return FAST[encoding];
  compressInBackground(entry, encoding, entry.body, (compressed) => {
    entry.encoded[encoding] = exactCopy(compressed);
    if (entry.fastEncoded) delete entry.fastEncoded[encoding];
    entry.grown?.();
  });
  return FAST[encoding];
}

/** The bytes of a fast form: made now, and kept on a kept entry until its strong form replaces it. */
function fastBytes(entry: CachedResponse, coding: Coding): Buffer {
  const held = entry.fastEncoded?.[coding];
  if (held) return held;
  const made = compressFast(entry.body, coding);
  if (!entry.kept) return made;
  (entry.fastEncoded ??= {})[coding] = exactCopy(made);
  entry.grown?.();
  return entry.fastEncoded[coding]!;
}

/** The bytes a 200 sends for a client preferring `encoding` (see formFor), and their form. */
export function bodyFor(entry: CachedResponse, encoding: Encoding): { form: Form; bytes: Buffer } {
  const form = formFor(entry, encoding);
  if (form.encoding === 'identity') return { form, bytes: entry.body };
  return { form, bytes: form.fast ? fastBytes(entry, form.encoding) : entry.encoded[form.encoding]! };
}

// A strong ETag names one byte sequence: each form's tag is the identity bytes' with a suffix, the
// fast level's (`-gzip1`) apart from the strong level's (`-gzip`).
const suffixOf = (form: Form) => (form.encoding === 'identity' ? '' : `-${form.encoding}${form.fast ? '1' : ''}`);
const FORM_BY_SUFFIX = new Map([IDENTITY, ...Object.values(STRONG), ...Object.values(FAST)].map((form) => [suffixOf(form), form]));

export const etagFor = (entry: CachedResponse, form: Form): string => (form.encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}${suffixOf(form)}"`);

/** The form of the entry an entity tag from If-None-Match names, if any (weak or strong alike). */
export function formNamedBy(entry: CachedResponse, tag: string): Form | undefined {
  const value = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const hash = entry.etag.slice(1, -1);
  return value.startsWith(hash) ? FORM_BY_SUFFIX.get(value.slice(hash.length)) : undefined;
}

// What an entry holds besides its buffers: the entry and key strings, the ETag, and up to eight
// header lists for 200s (four encodings, with and without the fast path's headers; six measured
// ~2.4 KB as objects), plus the smaller 304 ones of the encodings its clients revalidate.
const ENTRY_OVERHEAD = 3_500;

const formsSize = (forms: Partial<Record<Coding, Buffer>> | undefined) => (forms ? (forms.br?.length ?? 0) + (forms.zstd?.length ?? 0) + (forms.gzip?.length ?? 0) : 0);

export const entrySize = (entry: CachedResponse, key: string) => entry.body.length + formsSize(entry.encoded) + formsSize(entry.fastEncoded) + 2 * key.length + ENTRY_OVERHEAD;

/** Counters per row of the admission's sketch, per byte of budget (an entry is ~1-30 KB): ~10 a kept entry. */
const SKETCH_COUNTERS_PER_BYTE = 1 / 1024;
const MAX_SKETCH_COUNTERS = 2 ** 18;
/** Of the ties at the sketch's ceiling between a new key and the oldest entry's, one in this many is decided for the new key. */
const CEILING_TIE_TAKEN = 128;
/** Filled past this share, a cache takes a new entry only by admission (below it there is room). */
const NEAR_FULL = 0.95;

export function createResponseCache(maxBytes: number) {
  const lru = new LRUCache<string, CachedResponse>({ maxSize: maxBytes, sizeCalculation: entrySize });
  const asked = new FrequencySketch(Math.min(maxBytes * SKETCH_COUNTERS_PER_BYTE, MAX_SKETCH_COUNTERS));
  // At the sketch's ceiling both keys are as popular as it can tell, and one such tie in
  // CEILING_TIE_TAKEN is decided for the key asked now (TinyLFU's random admission, counted): else,
  // once a load of other popular keys (a picker's typed starts, each asked 15 times and more) filled
  // the cache, a URL asked thousands of times a second was never kept and was built again at every
  // request (bench/README.md, issue 46). Taking every such tie let those typed starts replace one
  // another at every miss: 40% more CPU a search. `set` after `admits` for the same key (the
  // Iconify handler asks before it builds) keeps the answer `admits` gave.
  let ties = 0;
  let admitted: string | undefined;
  const askedMoreThanOldest = (key: string, deciding: boolean) => {
    const oldest = lru.rkeys().next();
    if (oldest.done === true) return true;
    const count = asked.frequency(key);
    const oldestCount = asked.frequency(oldest.value);
    if (count !== MAX_COUNT || oldestCount !== MAX_COUNT) return count > oldestCount;
    if (!deciding && key === admitted) return true;
    const taken = ++ties % CEILING_TIE_TAKEN === 0;
    admitted = taken ? key : undefined;
    return taken;
  };
  /** Keeps `entry` under `key`, when the cache has room for it or it was asked more often than the entry it would push out; answers whether it did. */
  const set = (key: string, entry: CachedResponse): boolean => {
    if (lru.calculatedSize + entrySize(entry, key) > maxBytes && !lru.has(key) && !askedMoreThanOldest(key, false)) return false;
    if (admitted === key) admitted = undefined;
    entry.kept = true;
    entry.keptAs = key;
    entry.keptHash = fnv1a(key);
    // lru-cache counts a value's size when it is set: set it again when it grows (a background
    // job finishing after the entry was dropped finds another entry, or none, and leaves it so).
    entry.grown = () => {
      if (lru.peek(key) !== entry) return;
      lru.delete(key);
      lru.set(key, entry);
    };
    lru.set(key, entry);
    return true;
  };
  return {
    get: (key: string) => {
      const entry = lru.get(key);
      // A hit is counted with the hash its key got when kept: hashed at every hit, a 20-name
      // batch's URL (~270 characters) cost ~0.3 us of a ~20 us answer.
      asked.incrementHashed(entry !== undefined && entry.keptAs === key ? entry.keptHash! : fnv1a(key));
      return entry;
    },
    set,
    /** Whether an entry for `key` would likely be kept now (before making it): the cache is not near full, or `key` was asked more often than the oldest entry's. */
    admits: (key: string): boolean => lru.calculatedSize < maxBytes * NEAR_FULL || askedMoreThanOldest(key, true),
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
