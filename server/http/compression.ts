// The content codings cached responses are offered in, each at two levels: a fast one, cheap enough
// for the request path, and a strong one, made once per kept response on libuv's thread pool and
// sent on every later request. Measured on a 161 KiB page of 7.3.1 icons (compressed size as a
// share of the JSON, median time on one core):
//   gzip  level 1: 8.2% 0.31 ms   level 6: 6.8% 1.00 ms
//   br    quality 1: 7.8% 0.15 ms   quality 5: 6.1% 1.00 ms   (11: 5.4%, 285 ms)
//   zstd  level 1: 7.4% 0.12 ms   3: 7.2% 0.17 ms   6: 6.3% 0.76 ms   9: 6.1% 1.11 ms   12: 6.1% 3.29 ms
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const CODINGS = ['br', 'zstd', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

const { constants } = zlib;

// zstd 9 makes brotli 5's size in brotli 5's time (the same on the 1.4 MB free-svgs and on
// all.css); 3, zstd's default, is 18% larger, 6 is 3% larger, and 12 saves nothing more for 3x the time.
const STRONG = { gzip: 6, br: 5, zstd: 9 };

const brotliOptions = (quality: number, bytes: Buffer): zlib.BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
});
const zstdOptions = (level: number, bytes: Buffer): zlib.ZstdOptions => ({
  pledgedSrcSize: bytes.length,
  params: { [constants.ZSTD_c_compressionLevel]: level },
});

/** `bytes` at the coding's fastest level, now: for a client that refuses identity bytes. */
export function compressFast(bytes: Buffer, coding: Coding): Buffer {
  if (coding === 'br') return zlib.brotliCompressSync(bytes, brotliOptions(1, bytes));
  if (coding === 'zstd') return zlib.zstdCompressSync(bytes, zstdOptions(1, bytes));
  return zlib.gzipSync(bytes, { level: 1 });
}

const brotliCompress = promisify(zlib.brotliCompress);
const zstdCompress = promisify(zlib.zstdCompress);
const gzip = promisify(zlib.gzip);

/** `bytes` at the coding's strong level, compressed on the thread pool, not the event loop. */
export function compressStrong(bytes: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === 'br') return brotliCompress(bytes, brotliOptions(STRONG.br, bytes));
  if (coding === 'zstd') return zstdCompress(bytes, zstdOptions(STRONG.zstd, bytes));
  return gzip(bytes, { level: STRONG.gzip });
}
