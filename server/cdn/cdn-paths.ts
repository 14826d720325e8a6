// The CDN's URL scheme for a release's files: `/releases/v<version>/<path>`, where a `.min` CSS or
// JS path names the same bytes as its plain path (the store keeps one entry, at the plain path).
import { RELEASE_FILE_PATH } from '../../seeds/import/release-files.ts';

export interface CdnFile {
  version: string;
  /** The path in the release's store (`css/all.css` for both `css/all.css` and `css/all.min.css`). */
  storedPath: string;
}

const CDN_URL = /^\/releases\/v([0-9A-Za-z.+-]{1,64})\/(.+)$/;

/** The file a request path names, or null when it is no well-formed CDN path (a 404). */
export function parseCdnPath(pathname: string): CdnFile | null {
  const match = CDN_URL.exec(pathname);
  if (!match) return null;
  const [, version, path] = match;
  if (!RELEASE_FILE_PATH.test(path)) return null;
  return { version, storedPath: path.replace(/\.min\.(css|js)$/, '.$1') };
}

/** How every release file's cache key starts. */
export const CDN_KEY = 'cdn:';
export const cdnCacheKey = (file: CdnFile) => `${CDN_KEY}${file.version}/${file.storedPath}`;


/** WOFF and WOFF2 are compressed already: compressing them again costs CPU and saves nothing. */
export const isCompressible = (path: string) => !/\.(woff2?)$/.test(path);
