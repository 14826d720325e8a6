// The Iconify API (../shared/spec/iconify-api.md) under its path prefix (ICONIFY_PATH): what the
// Iconify clients (iconify-icon, @iconify/react, ...) load icons with, and what icon pickers list
// and search. Answers are built once per URL and kept in the response cache (dropped when sets
// change), with ETags and compression; errors are Iconify's own: 404 "Not found", 400 "Bad request".
//
// It answers on Node's own request and response, before Express: clients ask for many small
// batches, and Express's ~0.2 ms a request (performance-notes.md) would be most of a batch's
// cost. What it cannot answer (a database fault, another method) goes to Express as it is.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIconsCSS } from '@iconify/utils/lib/css/icons';
import type { IconCSSIconSetOptions } from '@iconify/utils/lib/css/types';
import { stringToColor } from '@iconify/utils/lib/colors';
import { matchIconName } from '@iconify/utils/lib/icon/name';
import { createLentBuffers } from '../http/lent-buffers.ts';
import { cachedResponse, passingResponse, type ResponseCache } from '../http/response-cache.ts';
import { withRequestId } from '../http/request-log.ts';
import { createSeenOnce } from '../http/seen-once.ts';
import { sendCached } from '../http/send-cached.ts';
import type { IconSet, IconSetsService } from './icon-sets.service.ts';
import { parseSearchQuery, type IconSetSearch } from './icon-set-search.ts';
import type { Allocate } from './icons-answer.ts';
import { svgOf } from './svg.ts';
import { iconifyCacheKey } from './cache-keys.ts';
import { cleaned, flag, inPrefixFilter, queryOf, text } from './query-values.ts';

/** Data that changes only when an operator replaces a set: an hour, then revalidated by ETag. */
const CACHE_DATA = 'public, max-age=3600';
/** Lists and times clients use to notice changes. */
const CACHE_LIST = 'public, max-age=300';
/** URLs remembered as answered once (a hash each: 64 KB). */
const SEEN_ONCE_SLOTS = 16_384;
/** Names in one request at most: real clients split theirs by URL length, far below. */
export const MAX_NAMES = 1000;
const CALLBACK = /^[a-z0-9_.]+$/i;
/** The callback of icon data asked for as .js without one (what the oldest clients expect). */
const DEFAULT_CALLBACK = 'SimpleSVG._loaderCallback';
const VERSION_TEXT = 'iconmeta, serving the Iconify API';
const COMMA = 0x2c;
/** Search answers up to this long are written into a lent slab, and this many slabs are kept. */
const SEARCH_SLAB_BYTES = 64 * 1024;
const SEARCH_SLABS_KEPT = 16;

const PART = '[a-z0-9-]+';
const ICONS_JSON = new RegExp(`^/(${PART})(?:\\.json|/icons\\.json)$`);
const ICONS_JS = new RegExp(`^/(${PART})(?:\\.js|/icons\\.js)$`);
const ICONS_CSS = new RegExp(`^/(${PART})\\.css$`);
const SVG_PATH = new RegExp(`^/(${PART})[/:](${PART})\\.svg$`);
const SVG_DASHED = new RegExp(`^/(${PART})\\.svg$`);

type Query = Record<string, unknown>;

/** What an icon data path asks for (`/mdi.json`, `/mdi/icons.js`), or null for any other path. */
type IconsRoute = { prefix: string; asScript: boolean } | null;
function iconsRouteOf(path: string): IconsRoute {
  const json = ICONS_JSON.exec(path);
  const match = json ?? ICONS_JS.exec(path);
  return match && { prefix: match[1], asScript: json === null };
}

class IconifyError extends Error {
  readonly status: 400 | 404;
  constructor(status: 400 | 404) {
    super(status === 404 ? 'Not found' : 'Bad request');
    this.status = status;
  }
}

export interface IconifyHandlerDeps {
  sets: IconSetsService;
  search: IconSetSearch;
  cache: ResponseCache;
  /** Where the API is served (ICONIFY_PATH). */
  path: string;
  /** Headers every response carries (security and CORS), as the Express app would set them. */
  staticHeaders: Record<string, string>;
  /** Answers what this handler could not (an unexpected error, such as a database fault). */
  fallback: (req: IncomingMessage, res: ServerResponse, error: unknown) => void;
}

/** An answer: `etag` when its maker has one (else a hash of the body), `headers` of its own (a download). */
type Built = { body: string | Buffer; type: string; cacheControl: string; etag?: string; headers?: Record<string, string> };

/** `pretty` given and not saying no ("0", "false", "no"): JSON indented by four spaces. */
const prettyAsked = (query: Query) => Boolean(text(query.pretty)) && flag(query.pretty) !== false;

/** Returns true when the request is the Iconify API's (answered now or soon), false for anything else. */
export function createIconifyHandler({ sets, search, cache, path: base, staticHeaders, fallback }: IconifyHandlerDeps) {
  const start = `${base}/`;

  // URLs answered once: an answer is kept when its URL comes a second time. Pages ask for the same
  // batches again (every visit); a URL seen once (a new mix of names) would only push kept answers
  // out. A newer URL takes an older one's slot: the cost of forgetting is one more build.
  const secondTime = createSeenOnce(SEEN_ONCE_SLOTS);
  // What an answer sent once is written into (an icon batch from a kept set).
  const lent = createLentBuffers();
  // ... and a search's (most name dozens of sets, whose infos make 10-60 KB): a new buffer each
  // lived until a major collection, and a load of new searches grew the RSS by 20-40 MiB.
  const lentToSearches = createLentBuffers(SEARCH_SLAB_BYTES, SEARCH_SLABS_KEPT);

  /**
   * Sends the answer built for this URL, and keeps it under `keepAs` when given (its URL came
   * before), unless it carries headers of its own (a download).
   */
  const send = (req: IncomingMessage, res: ServerResponse, keepAs: string | undefined, built: Built) => {
    if (built.headers) for (const [name, value] of Object.entries(built.headers)) res.setHeader(name, value);
    if (built.headers || keepAs === undefined) return sendCached(req, res, passingResponse(built.body, built.type, built.cacheControl, built.etag), staticHeaders);
    const entry = cachedResponse(built.body, built.type, built.cacheControl, built.etag);
    cache.set(keepAs, entry);
    sendCached(req, res, entry, staticHeaders);
  };
  const answer = async (req: IncomingMessage, res: ServerResponse, keepAs: string | undefined, build: () => Promise<Built>) => send(req, res, keepAs, await build());

  const sendText = (req: IncomingMessage, res: ServerResponse, status: number, text: string, cacheControl: string) => {
    const body = Buffer.from(text);
    res.writeHead(status, withRequestId(res, { ...staticHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl, 'Content-Length': body.length }));
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /**
   * JSON, or JSONP: `wrap` true (icon data as .js: the callback asked for, or the default one),
   * false (icon data as .json: never), or undefined (lists: when a callback is asked for).
   */
  const json = (query: Query, data: unknown, wrap?: boolean) =>
    wrapped(query, prettyAsked(query) ? JSON.stringify(data, null, 4) : JSON.stringify(data), wrap);

  const wrapped = (query: Query, body: string | Buffer, wrap?: boolean) => {
    const callback = wrap === false ? undefined : (text(query.callback) ?? (wrap ? DEFAULT_CALLBACK : undefined));
    if (callback === undefined) return { body, type: 'application/json; charset=utf-8', cacheControl: CACHE_DATA };
    if (!CALLBACK.test(callback)) throw new IconifyError(400);
    const script = typeof body === 'string' ? `${callback}(${body});` : Buffer.concat([Buffer.from(`${callback}(`), body, Buffer.from(');')]);
    return { body: script, type: 'application/javascript; charset=utf-8', cacheControl: CACHE_DATA };
  };

  const setOf = async (prefix: string | undefined): Promise<IconSet> => {
    const set = prefix === undefined ? undefined : await sets.get(prefix);
    if (!set) throw new IconifyError(404);
    return set;
  };

  const namesOf = (query: Query): string[] => {
    const value = query.icons;
    const names = (Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(',') : typeof value === 'string' ? value : '').split(',').filter((name) => name.length > 0);
    if (names.length === 0) throw new IconifyError(404);
    if (names.length > MAX_NAMES) throw new IconifyError(400);
    return names;
  };

  /**
   * Icon data at once when all it needs is in memory (IconSetsService.iconsDataJsonNow), written
   * into `allocate`'s buffer if given; undefined otherwise.
   */
  const iconsDataNow = (route: IconsRoute, query: Query, allocate?: Allocate): Built | undefined => {
    const set = route ? sets.peek(route.prefix) : undefined;
    if (!set || prettyAsked(query)) return undefined;
    const answer = sets.iconsDataJsonNow(set, namesOf(query), allocate);
    return answer && { ...wrapped(query, answer.bytes, route!.asScript), etag: answer.etag };
  };

  const iconsData = async (prefix: string, query: Query, asScript: boolean) => {
    const set = await setOf(prefix);
    const names = namesOf(query);
    // Pretty output is rare: it goes through objects; the usual answer is written as text.
    if (prettyAsked(query)) return json(query, await sets.iconsData(set, names), asScript);
    return wrapped(query, await sets.iconsDataJson(set, names), asScript);
  };

  const css = async (prefix: string, query: Query) => {
    const set = await setOf(prefix);
    // Only well-formed names: a name not found is written into the stylesheet (as a comment), and
    // "*/body{...}/*" would end that comment and add rules of its own.
    const names = namesOf(query).filter((name) => matchIconName.test(name));
    const data = await sets.iconsData(set, names);
    const options: IconCSSIconSetOptions = {};
    const format = text(query.format);
    if (format === 'compact' || format === 'compressed' || format === 'expanded') options.format = format;
    const color = cleaned(query.color);
    if (color && stringToColor(color)) options.color = color;
    const mode = text(query.mode);
    if (mode === 'background' || mode === 'mask') options.mode = mode;
    else if (mode === 'bg') options.mode = 'background';
    const square = flag(query.square ?? query.forceSquare ?? query['force-square']);
    if (square !== undefined) options.forceSquare = square;
    const pseudo = flag(query.pseudo ?? query.pseudoSelector ?? query['pseudo-selector']);
    if (pseudo !== undefined) options.pseudoSelector = pseudo;
    const selector = (value: unknown) => {
      const v = cleaned(value);
      return v !== undefined && !/[{}]/.test(v.replaceAll('{name}', '').replaceAll('{prefix}', '')) ? v : undefined;
    };
    const common = selector(query.commonSelector ?? query.common);
    if (common !== undefined) options.commonSelector = common;
    const icon = selector(query.iconSelector ?? query.selector);
    if (icon !== undefined) options.iconSelector = icon;
    const override = selector(query.overrideSelector ?? query.override);
    if (override !== undefined) options.overrideSelector = override;
    const varName = text(query.varName ?? query.var);
    if (varName !== undefined && /^[a-z0-9_-]*$/.test(varName)) options.varName = !varName || varName === 'null' || flag(varName) === false ? null : varName;
    const body = getIconsCSS({ ...data, info: set.info ?? undefined }, names, options);
    const download = text(query.download) ? { 'Content-Disposition': `attachment; filename="${set.prefix}.css"` } : undefined;
    return { body, type: 'text/css; charset=utf-8', cacheControl: CACHE_DATA, headers: download };
  };

  const svg = async (prefix: string, name: string, query: Query) => {
    const set = await setOf(prefix);
    const data = await sets.iconData(set, name);
    if (!data) throw new IconifyError(404);
    const download = text(query.download) ? { 'Content-Disposition': `attachment; filename="${name}.svg"` } : undefined;
    return { body: svgOf(data, query), type: 'image/svg+xml; charset=utf-8', cacheControl: CACHE_DATA, headers: download };
  };

  /** `prefix` (one set), `prefixes` (a list, "mdi-" for every set starting so), or every set. */
  const filterPrefixes = (all: string[], query: Query): string[] => {
    const exact = text(query.prefix);
    if (exact !== undefined) return all.includes(exact) ? [exact] : [];
    const list = text(query.prefixes);
    if (list === undefined) return all;
    const wanted = list.split(',');
    return all.filter((prefix) => inPrefixFilter(prefix, wanted));
  };

  const collections = async (query: Query) => {
    const all = await sets.list();
    const chosen = new Set(filterPrefixes(all.map((set) => set.prefix), query));
    const answer: Record<string, unknown> = {};
    for (const set of all) if (chosen.has(set.prefix) && set.info) answer[set.prefix] = set.info;
    return json(query, answer);
  };

  const collection = async (query: Query) => {
    const set = await setOf(text(query.prefix));
    const { listing, chars } = await sets.listing(set);
    // The Iconify API's order: prefix, total, title, info, the lists, chars, then themes.
    const { prefix, total, title, prefixes, suffixes, ...lists } = listing;
    const answer: Record<string, unknown> = { prefix, total };
    if (title !== undefined) answer.title = title;
    if (query.info && set.info) answer.info = set.info;
    Object.assign(answer, lists);
    if (query.chars && chars) answer.chars = chars;
    if (prefixes !== undefined) answer.prefixes = prefixes;
    if (suffixes !== undefined) answer.suffixes = suffixes;
    return { ...json(query, answer), cacheControl: CACHE_LIST };
  };

  const lastModified = async (query: Query) => {
    const all = await sets.list();
    const chosen = new Set(filterPrefixes(all.map((set) => set.prefix), query));
    const times: Record<string, number> = {};
    for (const set of all) if (chosen.has(set.prefix)) times[set.prefix] = set.lastModified;
    return { ...json(query, { lastModified: times }), cacheControl: CACHE_LIST };
  };

  /** A set's `"prefix":info` as bytes, made once per set read (a set replaced is another object). */
  const infoBytesOf = new WeakMap<IconSet, Buffer | null>();
  const infoBytes = (set: IconSet): Buffer | null => {
    let bytes = infoBytesOf.get(set);
    if (bytes === undefined) infoBytesOf.set(set, (bytes = set.infoText ? Buffer.from(`${JSON.stringify(set.prefix)}:${set.infoText}`) : null));
    return bytes;
  };

  /** `allocate`: where the answer's bytes go (a lent slab: a search's answer is sent once). */
  const searchAnswer = async (query: Query, allocate: Allocate) => {
    const parsed = parseSearchQuery(query);
    if (!parsed.ok) throw new IconifyError(400);
    const found = await search.search(parsed.value);
    const { limit, start } = parsed.value;
    const icons = found.names.slice(start);
    if (prettyAsked(query)) {
      const collectionsFound: Record<string, unknown> = {};
      for (const prefix of found.prefixes) {
        const info = (await sets.get(prefix))?.info;
        if (info) collectionsFound[prefix] = info;
      }
      return { ...json(query, { icons, total: found.names.length, limit, start, collections: collectionsFound, request: query }), cacheControl: CACHE_LIST };
    }
    // Written as bytes: each set's info is kept encoded (a search may name dozens of sets, 10-30
    // KB of infos, which as strings joined, then encoded, were most of what a search allocated).
    const head = `{"icons":${JSON.stringify(icons)},"total":${found.names.length},"limit":${limit},"start":${start},"collections":{`;
    const tail = `},"request":${JSON.stringify(query)}}`;
    const infos: Buffer[] = [];
    let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
    for (const prefix of found.prefixes) {
      // The search read the set list: a promise a set (of dozens) was a third of what it allocated.
      const set = sets.peek(prefix) ?? (await sets.get(prefix));
      const info = set && infoBytes(set);
      if (!info) continue;
      length += info.length + (infos.length > 0 ? 1 : 0);
      infos.push(info);
    }
    const bytes = allocate(length);
    let at = bytes.write(head, 0);
    for (let i = 0; i < infos.length; i++) {
      if (i > 0) bytes[at++] = COMMA;
      at += infos[i].copy(bytes, at);
    }
    bytes.write(tail, at);
    return { ...wrapped(query, bytes), cacheControl: CACHE_LIST };
  };

  const keywords = async (query: Query) => {
    const prefix = text(query.prefix);
    const keyword = text(query.keyword);
    if (prefix === undefined && keyword === undefined) throw new IconifyError(400);
    return { ...json(query, { ...query, ...(await search.keywords(prefix ?? keyword!, prefix === undefined)) }), cacheControl: CACHE_LIST };
  };

  /**
   * Answers what memory holds at once (most icon batches), anything else after what it reads. An
   * answer not kept is written into a lent buffer: nothing is left for the collector.
   */
  const respond = (req: IncomingMessage, res: ServerResponse, path: string, query: Query, keepAs: string | undefined) => {
    const route = iconsRouteOf(path);
    try {
      const built = iconsDataNow(route, query, keepAs === undefined ? (length) => lent.lend(length, res) : undefined);
      if (built) return send(req, res, keepAs, built);
    } catch (error) {
      return failed(req, res, error);
    }
    void respondLater(req, res, path, route, query, keepAs);
  };

  const respondLater = async (req: IncomingMessage, res: ServerResponse, path: string, route: IconsRoute, query: Query, keepAs: string | undefined) => {
    try {
      if (route) return await answer(req, res, keepAs, () => iconsData(route.prefix, query, route.asScript));
      let match: RegExpExecArray | null;
      if ((match = ICONS_CSS.exec(path))) return await answer(req, res, keepAs, () => css(match![1], query));
      if ((match = SVG_PATH.exec(path))) return await answer(req, res, keepAs, () => svg(match![1], match![2], query));
      if ((match = SVG_DASHED.exec(path))) {
        const dash = match[1].indexOf('-');
        if (dash <= 0) throw new IconifyError(404);
        return await answer(req, res, keepAs, () => svg(match![1].slice(0, dash), match![1].slice(dash + 1), query));
      }
      switch (path) {
        case '/collections':
          return await answer(req, res, keepAs, () => collections(query));
        case '/collection':
          return await answer(req, res, keepAs, () => collection(query));
        case '/last-modified':
          return await answer(req, res, keepAs, () => lastModified(query));
        case '/search':
          return await answer(req, res, undefined, () => searchAnswer(query, (length: number) => lentToSearches.lend(length, res)));
        case '/keywords':
          return await answer(req, res, keepAs, () => keywords(query));
        case '/version':
          return sendText(req, res, 200, VERSION_TEXT, 'no-cache');
      }
      throw new IconifyError(404);
    } catch (error) {
      failed(req, res, error);
    }
  };

  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    if (error instanceof IconifyError) return sendText(req, res, error.status, error.message, 'public, max-age=60');
    if (res.headersSent) return void res.destroy();
    fallback(req, res, error);
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(start)) return false;
    const url = req.url;
    const key = iconifyCacheKey(url);
    const kept = cache.get(key);
    if (kept) {
      sendCached(req, res, kept, staticHeaders);
      return true;
    }
    const q = url.indexOf('?');
    // The query as Express's simple parser reads it: a repeated name gives an array.
    const query = q === -1 ? {} : queryOf(url.slice(q + 1));
    const path = url.slice(base.length, q === -1 ? undefined : q);
    // Kept from its second asking, when the cache would take it: else it is written into a lent
    // buffer, and leaves nothing for the collector. A search never: the engine keeps a query asked
    // again as its ranked icons (~300 bytes, SEARCH_CACHE_MB), and its answer is written from them
    // for about what a kept answer's sending costs. Its 10-60 KB of bytes filled the response cache
    // under a picker's typing and grew glibc's heap by ~10 MiB that stayed (bench/README.md).
    respond(req, res, path, query, path !== '/search' && secondTime(key) && cache.admits(key) ? key : undefined);
    return true;
  };
}
