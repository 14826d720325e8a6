// The icon browser's hand-written files (web/: CSS and JavaScript), read once at start and served
// at /web/<hash>/<file>: the hash of all of them is in the URL, so each answer is immutable (and
// carries a strong ETag); a new build of the files gets new URLs. dist/iconmeta carries web/ among
// its assets (scripts/build.ts), unpacked beside the bundle as the checkout has it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_IMMUTABLE } from '../http/cached-json.ts';
import { contentTypeOf } from '../http/content-types.ts';
import { cachedResponse, type CachedResponse } from '../http/response-cache.ts';
import { sendCached } from '../http/send-cached.ts';

// The kinds of file web/ holds that are served (anything else there is not).
const SERVED = new Set(['css', 'js', 'svg']);
const served = (name: string) => SERVED.has(name.slice(name.lastIndexOf('.') + 1));

export interface WebAssets {
  /** The URL of a file of web/, such as `app.css`. */
  url(file: string): string;
  /** A file's text to inline in a page (what must apply before first paint), and its CSP hash source. */
  inline(file: string): { text: string; hash: string };
  /** Answers GET /web/<hash>/<file>; false when the URL names no current file. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

export function loadWebAssets(dir = new URL('../../web/', import.meta.url)): WebAssets {
  const files = readdirSync(dir)
    .filter(served)
    .sort();
  const hash = createHash('sha256');
  const bytes = new Map(files.map((name) => [name, readFileSync(new URL(name, dir))]));
  for (const [name, content] of bytes) hash.update(name).update(content);
  const base = `/web/${hash.digest('base64url').slice(0, 12)}/`;
  const entries = new Map<string, CachedResponse>();
  for (const [name, content] of bytes) {
    // Kept for the process's life: worth their strong compressed forms.
    const entry = cachedResponse(content, contentTypeOf(name), CACHE_IMMUTABLE);
    entry.kept = true;
    entries.set(base + name, entry);
  }

  const inline = new Map(
    [...bytes].map(([name, content]) => [name, { text: content.toString('utf8'), hash: `'sha256-${createHash('sha256').update(content).digest('base64')}'` }]),
  );

  return {
    url: (file) => base + file,
    inline: (file) => inline.get(file)!,
    serve(req, res) {
      const q = req.url?.indexOf('?') ?? -1;
      const entry = entries.get(q === -1 ? req.url! : req.url!.slice(0, q));
      if (!entry) return false;
      sendCached(req, res, entry);
      return true;
    },
  };
}
