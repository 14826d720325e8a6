// The Iconify API under /iconify answers as the Iconify API server itself (@iconify/api, started
// beside it by test/iconify-peer.ts) does for the same sets: @iconify-json/mdi as published and a
// small set with what mdi lacks (an alias chain, transformed aliases, an icon of its own size).
// Where the protocol leaves room (search ranking, real 404 statuses, ETags) the tests say so;
// then the hardening a public server needs beyond the peer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { IconifyJSON } from '@iconify/types';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { buildTestApp, databaseWith, makeCompressedForms, rawGet, type TestApp } from './helpers.ts';
import { iconSetFromPackage, startIconifyPeer, type IconifyPeer, type PeerAnswer } from './iconify-peer.ts';
import { root } from './process-helpers.ts';

const MDI = join(root, 'node_modules/@iconify-json/mdi');
const mdi = iconSetFromPackage(MDI);
const mdiChars = mdi.chars!;
/** A name of each kind, read from the package so the test follows its updates. */
const alias = Object.keys(mdi.aliases!)[0];
const hidden = Object.keys(mdi.icons).find((name) => mdi.icons[name].hidden)!;
const aliasOfHidden = Object.keys(mdi.aliases!).find((name) => mdi.icons[mdi.aliases![name].parent]?.hidden)!;
const charCode = Object.keys(mdiChars).find((code) => mdi.icons[mdiChars[code]] && !mdi.icons[mdiChars[code]].hidden)!;

/** What mdi has not: aliases of aliases, transformations, icons of their own size, hidden ones. */
const tiny: IconifyJSON = {
  prefix: 'tiny',
  info: { name: 'Tiny', total: 4, version: '1.0.0', author: { name: 'Test' }, license: { title: 'MIT', spdx: 'MIT' }, height: 16, palette: false, category: 'UI 16px / 32px' },
  lastModified: 1_700_000_000,
  width: 16,
  height: 16,
  icons: {
    square: { body: '<path fill="currentColor" d="M1 1h14v14H1z"/>' },
    wide: { body: '<path fill="currentColor" d="M0 4h24v8H0z"/>', width: 24, left: -2, top: 1 },
    arrow: { body: '<path fill="none" stroke="currentColor" d="M2 8h12m-4-4l4 4l-4 4"/>', rotate: 1 },
    old: { body: '<circle cx="8" cy="8" r="3"/>', hidden: true },
  },
  aliases: {
    box: { parent: 'square' },
    'box-again': { parent: 'box' },
    'arrow-down': { parent: 'arrow', rotate: 1 },
    'arrow-left': { parent: 'arrow-down', hFlip: true, rotate: 1 },
    'wide-tall': { parent: 'wide', height: 20 },
    'old-name': { parent: 'old' },
  },
  categories: { Shapes: ['square', 'wide'], Arrows: ['arrow'] },
  chars: { e001: 'square', e002: 'box', e003: 'arrow-left' },
  suffixes: { '': 'Plain', down: 'Down', left: 'Left' },
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

describe('the Iconify API, compared with @iconify/api on the same sets', function () {
  this.timeout(120_000);
  let app: TestApp;
  let peer: IconifyPeer;
  let temp: string;

  before(async () => {
    temp = mkdtempSync(join(tmpdir(), 'iconmeta-iconify-api-'));
    const tinyFile = join(temp, 'tiny.json');
    writeFileSync(tinyFile, JSON.stringify(tiny));
    const starting = startIconifyPeer([mdi, tiny]);
    const database = await databaseWith('iconify: mdi and tiny', async (db) => {
      await addIconSets(db, MDI);
      await addIconSets(db, tinyFile);
    });
    app = await buildTestApp({ database });
    peer = await starting;
  });

  after(async () => {
    await peer?.stop();
    await app?.close();
    await app?.database.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  const ours = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await rawGet(app.handler, `/iconify${path}`, headers);
    return { status: res.status, headers: res.headers, text: res.body.toString('utf8') };
  };
  const theirs = (path: string, headers: Record<string, string> = {}): Promise<PeerAnswer> => peer.get(path, headers);
  const both = async (path: string) => {
    const [peerAnswer, ourAnswer] = await Promise.all([theirs(path), ours(path)]);
    return { peer: peerAnswer, ours: ourAnswer };
  };
  const json = (answer: Answer) => JSON.parse(answer.text) as unknown;
  const type = (answer: Answer) => String(answer.headers['content-type']);

  /** Both answer 200 with the same JSON (key order aside) and the same media type. */
  const sameJson = async (path: string) => {
    const { peer: p, ours: o } = await both(path);
    expect(p.status, `peer ${path}`).to.equal(200);
    expect(o.status, `ours ${path}`).to.equal(200);
    expect(type(o), path).to.equal(type(p));
    expect(json(o), path).to.deep.equal(json(p));
    return json(o) as Record<string, unknown>;
  };

  /** Both answer 200 with the same bytes and media type (and disposition, when one is sent). */
  const sameText = async (path: string) => {
    const { peer: p, ours: o } = await both(path);
    expect(p.status, `peer ${path}`).to.equal(200);
    expect(o.status, `ours ${path}`).to.equal(200);
    expect(type(o), path).to.equal(type(p));
    expect(o.headers['content-disposition'], path).to.equal(p.headers['content-disposition']);
    expect(o.text, path).to.equal(p.text);
  };

  describe('icon data (/{prefix}.json)', () => {
    const cases: [string, string][] = [
      ['several icons', '/mdi.json?icons=home,account,alert-circle-outline,zip-box'],
      ['the other path', '/mdi/icons.json?icons=home,account'],
      ['an alias, with its parent', `/mdi.json?icons=${alias}`],
      ['a hidden icon', `/mdi.json?icons=${hidden}`],
      ['an alias of a hidden icon', `/mdi.json?icons=${aliasOfHidden}`],
      ['a code point', `/mdi.json?icons=${charCode}`],
      ['names not found among found ones', '/mdi.json?icons=home,no-such-icon,account,also-missing'],
      ['only names not found', '/mdi.json?icons=no-such-icon'],
      ['a name repeated', '/mdi.json?icons=home,home,account'],
      ['an alias and its parent both asked for', `/mdi.json?icons=${alias},${mdi.aliases![alias].parent}`],
      ['an alias chain', '/tiny.json?icons=box-again'],
      ['transformed aliases, chained', '/tiny.json?icons=arrow-left,arrow-down'],
      ['an alias changing the size', '/tiny.json?icons=wide-tall'],
      ['an icon of its own size and offset', '/tiny.json?icons=wide'],
      ['a hidden icon through an alias', '/tiny.json?icons=old-name'],
      ['code points to an icon, an alias and a transformed alias', '/tiny.json?icons=e001,e002,e003'],
      ['pretty-printed', '/mdi.json?icons=home&pretty=1'],
    ];
    for (const [what, path] of cases) it(`when asked for ${what} (${path}), it answers as the peer`, () => sameJson(path));

    it('when asked for pretty output, it indents as the peer does, byte for byte', async () => {
      const { peer: p, ours: o } = await both('/tiny.json?icons=square&pretty=1');
      expect(o.text).to.equal(p.text);
    });
  });

  describe('JSONP (/{prefix}.js)', () => {
    const unwrap = (text: string, callback: string) => {
      expect(text.startsWith(`${callback}(`) && text.endsWith(');'), text.slice(0, 60)).to.equal(true);
      return JSON.parse(text.slice(callback.length + 1, -2)) as unknown;
    };
    for (const [path, callback] of [
      ['/mdi.js?icons=home,account&callback=loaded', 'loaded'],
      [`/mdi/icons.js?icons=${alias}&callback=Iconify._cb.x1`, 'Iconify._cb.x1'],
      ['/mdi.js?icons=home', 'SimpleSVG._loaderCallback'],
    ]) {
      it(`when asked for ${path}, it wraps the same data in ${callback}(...) as the peer`, async () => {
        const { peer: p, ours: o } = await both(path);
        expect([p.status, o.status]).to.deep.equal([200, 200]);
        expect(type(o)).to.equal(type(p));
        expect(unwrap(o.text, callback)).to.deep.equal(unwrap(p.text, callback));
      });
    }

    it('when /{prefix}.json is given a callback, it answers plain JSON as the peer (only .js wraps icon data)', () => sameJson('/mdi.json?icons=home&callback=fromJson'));

    it('when a list is asked for with a callback, it wraps it as the peer', async () => {
      const { peer: p, ours: o } = await both('/last-modified?prefixes=mdi&callback=lm');
      expect([p.status, o.status]).to.deep.equal([200, 200]);
      expect(type(o)).to.equal(type(p));
      expect(unwrap(o.text, 'lm')).to.deep.equal(unwrap(p.text, 'lm'));
    });

    it('when the callback is not a plain name, it refuses it (the peer: 200 "400"; ours: a 400)', async () => {
      const { peer: p, ours: o } = await both('/mdi.js?icons=home&callback=alert(1)');
      expect(p.text).to.equal('400');
      expect(o.status).to.equal(400);
      expect(o.text).not.to.contain('alert');
    });
  });

  describe('SVG', () => {
    const cases = [
      '/mdi/home.svg',
      '/mdi:home.svg',
      '/mdi-home.svg',
      '/mdi/account-circle.svg',
      `/mdi/${alias}.svg`,
      `/mdi/${hidden}.svg`,
      `/mdi/${charCode}.svg`,
      '/mdi/home.svg?width=48',
      '/mdi/home.svg?height=48',
      '/mdi/home.svg?width=2em&height=3em',
      '/mdi/home.svg?width=auto',
      '/mdi/home.svg?height=unset',
      '/mdi/home.svg?width=none',
      '/mdi/home.svg?color=red',
      '/mdi/home.svg?color=%23ff0000',
      '/mdi/home.svg?color=%22onload%3D%22x',
      '/mdi/home.svg?flip=horizontal',
      '/mdi/home.svg?flip=vertical',
      '/mdi/home.svg?flip=horizontal,vertical',
      '/mdi/home.svg?rotate=90deg',
      '/mdi/home.svg?rotate=2',
      '/mdi/home.svg?rotate=270deg&flip=vertical&width=32',
      '/mdi/home.svg?box=1',
      '/mdi/home.svg?download=1',
      '/mdi/home.svg?download=1&color=blue&width=64',
      '/tiny/box-again.svg',
      '/tiny/arrow-left.svg',
      '/tiny/arrow-left.svg?rotate=1&flip=horizontal',
      '/tiny/wide.svg?box=1',
      '/tiny/wide-tall.svg?height=auto',
      '/tiny/old-name.svg',
      '/tiny/e003.svg',
    ];
    for (const path of cases) it(`when asked for ${path}, it draws the peer's SVG`, () => sameText(path));
  });

  describe('CSS (/{prefix}.css)', () => {
    const cases = [
      '/mdi.css?icons=home,account',
      `/mdi.css?icons=home,${alias},no-such-icon`,
      '/mdi.css?icons=home&format=expanded',
      '/mdi.css?icons=home,account&format=compressed&color=red',
      '/mdi.css?icons=home&mode=background',
      '/mdi.css?icons=home&mode=bg&square=1',
      '/mdi.css?icons=home,account&selector=.mdi-{name}&common=.mdi&override=.mdi-{name}.big',
      '/mdi.css?icons=home&var=icon&pseudo=1',
      '/mdi.css?icons=home&var=false',
      '/mdi.css?icons=home&download=1',
      '/tiny.css?icons=arrow-left,wide,wide-tall',
    ];
    for (const path of cases) it(`when asked for ${path}, it writes the peer's CSS`, () => sameText(path));
  });

  describe('lists', () => {
    for (const path of [
      '/collections',
      '/collections?prefixes=mdi',
      '/collections?prefix=tiny',
      '/collections?prefixes=md,ti-',
      '/collections?hidden=1',
      '/collection?prefix=mdi',
      '/collection?prefix=mdi&info=1',
      '/collection?prefix=mdi&chars=1',
      '/collection?prefix=mdi&info=1&chars=1',
      '/collection?prefix=tiny&info=1&chars=1',
      '/last-modified',
      '/last-modified?prefixes=mdi,tiny',
      '/last-modified?prefix=mdi',
      '/last-modified?prefixes=no-such-set',
    ]) {
      it(`when asked for ${path}, it lists what the peer lists`, () => sameJson(path));
    }
  });

  describe('keywords', () => {
    for (const path of ['/keywords?prefix=ho', '/keywords?prefix=arrow', '/keywords?keyword=cal', '/keywords?prefix=home-ou', '/keywords?prefix=zzzzq', '/keywords?prefix=Bad%20Word']) {
      it(`when asked for ${path}, it suggests what the peer suggests`, () => sameJson(path));
    }
  });

  describe('search', () => {
    const keys = ['collections', 'icons', 'limit', 'request', 'start', 'total'];
    /** An icon a result names: itself, or the icon an alias of it leads to (ours lists an icon once, by its own name). */
    const iconOf = (full: string) => {
      const [prefix, name] = full.split(':');
      const set = prefix === 'mdi' ? mdi : prefix === 'tiny' ? tiny : undefined;
      let current = name;
      for (let depth = 0; set?.aliases?.[current] && depth < 10; depth++) current = set.aliases[current].parent;
      return `${prefix}:${current}`;
    };
    for (const path of [
      '/search?query=home&prefix=mdi&limit=999',
      '/search?query=arrow-left&limit=999',
      '/search?query=account&prefixes=mdi,tiny&limit=999',
      '/search?query=square&limit=32',
      '/search?query=cal&limit=999',
      '/search?query=arrow&limit=999',
      '/search?query=hom&limit=999',
      '/search?query=mdi:home&limit=999',
      '/search?query=prefix:mdi%20home&limit=999',
      '/search?query=mdi%20home&limit=999',
      '/search?query=style:fill%20home&limit=999',
      '/search?query=palette:false%20arrow-left&limit=999',
    ]) {
      it(`when asked for ${path}, it answers the peer's shape with the icons the peer finds`, async () => {
        const { peer: p, ours: o } = await both(path);
        expect([p.status, o.status]).to.deep.equal([200, 200]);
        const [pj, oj] = [json(p), json(o)] as { icons: string[]; total: number; limit: number; start: number; collections: Record<string, unknown>; request: unknown }[];
        expect(Object.keys(oj).sort()).to.deep.equal(keys);
        expect(Object.keys(pj).sort()).to.deep.equal(keys);
        expect({ limit: oj.limit, start: oj.start, request: oj.request }).to.deep.equal({ limit: pj.limit, start: pj.start, request: pj.request });
        expect(oj.icons.length).to.be.at.most(oj.limit);
        // Ranking is ours: compare what is found when both found everything within the limit.
        if (pj.total < pj.limit && oj.total < oj.limit) {
          const found = new Set(oj.icons.map(iconOf));
          const missing = pj.icons.filter((name) => !found.has(iconOf(name)));
          expect(missing, `found by the peer, not by us, for ${path}`).to.deep.equal([]);
        }
        for (const prefix of Object.keys(pj.collections)) if (oj.icons.some((name) => name.startsWith(`${prefix}:`))) expect(oj.collections[prefix]).to.deep.equal(pj.collections[prefix]);
      });
    }

    it('when asked for "home" within mdi, its first answer is mdi:home, as the peer', async () => {
      const { peer: p, ours: o } = await both('/search?query=home&prefix=mdi');
      expect((json(p) as { icons: string[] }).icons[0]).to.equal('mdi:home');
      expect((json(o) as { icons: string[] }).icons[0]).to.equal('mdi:home');
    });

    /** The sets whose icons a search answered. */
    const setsOf = (answer: unknown) => [...new Set((answer as { icons: string[] }).icons.map((name) => name.slice(0, name.indexOf(':'))))].sort();

    it('when a filter is empty, a set category or a category no set has, it reads it as the peer: no filter, those sets, nothing', async () => {
      for (const path of ['/search?query=square&category=Material&limit=999', '/search?query=arrow&category=UI%2016px%20%2F%2032px&limit=999', '/search?query=square&category=No%20such&limit=999', '/search?query=square&category=&limit=999', '/search?query=square&prefixes=&limit=999', '/search?query=square&prefix=&limit=999']) {
        const { peer: p, ours: o } = await both(path);
        expect([p.status, o.status], path).to.deep.equal([200, 200]);
        expect(setsOf(json(o)), path).to.deep.equal(setsOf(json(p)));
      }
    });

    it('when a search that finds nothing by its filters comes twice, the same words without them still find their icons, and it still finds nothing', async () => {
      const total = async (path: string) => (json(await ours(path)) as { total: number }).total;
      // A limit of its own for each: no earlier search kept its answer.
      for (const [limit, filtered] of [[41, '&category=No%20such'], [42, '&query=prefix:'], [43, '&prefix=no-such-set']]) {
        const plain = `/search?query=arrow&limit=${limit}`;
        const path = filtered === '&query=prefix:' ? `/search?query=prefix:%20arrow&limit=${limit}` : plain + filtered;
        const full = await total(plain);
        expect(full, plain).to.be.above(0);
        expect([await total(path), await total(path)], path).to.deep.equal([0, 0]);
        expect([await total(plain), await total(plain)], `${plain} after ${path}`).to.deep.equal([full, full]);
        expect(await total(path), `${path} after ${plain}`).to.equal(0);
      }
    });

    it('when the query or the limit is missing or wrong, it refuses as the peer (the peer: 400 "Bad request")', async () => {
      for (const path of ['/search', '/search?query=', '/search?query=home&limit=abc', '/search?query=home&start=-1']) {
        const { peer: p, ours: o } = await both(path);
        expect(p.status, `peer ${path}`).to.equal(400);
        expect(o.status, `ours ${path}`).to.equal(400);
        expect(o.text, path).to.equal(p.text);
      }
    });
  });

  describe('what is not there', () => {
    it('when the set is unknown, icon data says so (the peer: 200 "404"; ours may send a real 404)', async () => {
      const { peer: p, ours: o } = await both('/no-such-set.json?icons=home');
      expect([p.status, p.text]).to.deep.equal([200, '404']);
      expect(o.status === 404 || (o.status === 200 && o.text === '404'), `ours: ${o.status} ${o.text}`).to.equal(true);
    });

    it('when no names are asked for, icon data says not found as the peer', async () => {
      const { peer: p, ours: o } = await both('/mdi.json');
      expect([p.status, p.text]).to.deep.equal([200, '404']);
      expect(o.status === 404 || (o.status === 200 && o.text === '404'), `ours: ${o.status} ${o.text}`).to.equal(true);
    });

    for (const path of ['/mdi/no-such-icon.svg', '/no-such-set/home.svg', '/no-such-set:home.svg', '/collection?prefix=no-such-set', '/collection', '/no-such-set.css?icons=home', '/mdi.css']) {
      it(`when asked for ${path}, it answers 404 "Not found" as the peer`, async () => {
        const { peer: p, ours: o } = await both(path);
        expect([o.status, o.text]).to.deep.equal([p.status, p.text]);
        expect(p.status).to.equal(404);
      });
    }

    it('when the path is not the API\'s, it answers 404 as the peer', async () => {
      for (const path of ['/MDI.json?icons=home', '/mdi/Home.svg', '/mdi/home.png', '/no/such/path']) {
        const { peer: p, ours: o } = await both(path);
        expect(p.status, `peer ${path}`).to.equal(404);
        expect(o.status, `ours ${path}`).to.equal(404);
      }
    });
  });

  describe('headers', () => {
    for (const path of ['/mdi.json?icons=home', '/mdi/home.svg', '/collection?prefix=mdi', '/search?query=home', '/last-modified?prefixes=mdi', '/no-such-set.json?icons=x', '/mdi/no-such-icon.svg']) {
      it(`when asked for ${path}, it allows every origin and says how long to cache`, async () => {
        const o = await ours(path);
        expect(o.headers['access-control-allow-origin']).to.equal('*');
        expect(String(o.headers['cache-control'])).to.match(/max-age=\d+/);
      });
    }

    it('when a client sends the ETag back, it answers 304 with no body', async () => {
      for (const path of ['/mdi.json?icons=home,account', '/mdi/home.svg?color=red', '/collection?prefix=mdi', '/search?query=home']) {
        const first = await ours(path);
        expect(first.headers.etag, path).to.be.a('string');
        const again = await ours(path, { 'if-none-match': String(first.headers.etag) });
        expect(again.status, path).to.equal(304);
        expect(again.text, path).to.equal('');
        const changed = await ours(path, { 'if-none-match': '"something-else"' });
        expect(changed.status, path).to.equal(200);
      }
    });

    it('when a client accepts gzip, it compresses large answers, to the same JSON', async () => {
      const path = '/collection?prefix=mdi';
      // Kept from its second request on, then compressed in the background.
      await makeCompressedForms(app.handler, `/iconify${path}`, ['gzip', 'gzip']);
      const res = await rawGet(app.handler, `/iconify${path}`, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).to.equal('gzip');
      expect(String(res.headers.vary)).to.match(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).to.deep.equal(json(await theirs(path)));
    });

    it('when asked for an SVG to download, it names the file as the peer', async () => {
      const { peer: p, ours: o } = await both('/mdi/home.svg?download=1');
      expect(o.headers['content-disposition']).to.equal(p.headers['content-disposition']);
    });
  });

  describe('hardening beyond the peer', () => {
    it('when 5,000 names come in one request, it refuses with a 4xx, quickly', async () => {
      // Short names (1,296 distinct, repeated): the URL is still past its limit, refused as too long.
      const names = Array.from({ length: 5_000 }, (_, i) => (i % 1296).toString(36)).join(',');
      const started = performance.now();
      const o = await ours(`/mdi.json?icons=${names}`);
      expect(o.status).to.be.within(400, 499);
      expect(performance.now() - started).to.be.below(2_000);
    });

    it('when 2,000 short names fit in the URL, it refuses them with a 4xx (the cap on names, not on the URL)', async () => {
      const names = Array.from({ length: 2_000 }, (_, i) => (i % 1296).toString(36)).join(',');
      expect(names.length).to.be.below(7_000);
      const o = await ours(`/mdi.json?icons=${names}`);
      expect(o.status).to.be.within(400, 499);
    });

    it('when as many real names come as a URL can carry, it answers as the peer', async () => {
      let names = '';
      for (const name of Object.keys(mdi.icons)) if (names.length + name.length < 7_900) names += `${names ? ',' : ''}${name}`;
      const answer = await sameJson(`/mdi.json?icons=${names}`);
      expect(answer.not_found).to.equal(undefined);
    });

    it('when a name is malformed, it is not found as the peer says, never a 5xx', async () => {
      for (const path of ['/mdi.json?icons=%3Cscript%3E,home', '/mdi.json?icons=..%2F..%2Fetc%2Fpasswd', '/mdi.json?icons=%00,home', '/mdi.json?icons=HOME,Home', '/mdi.json?icons=-,--,a--b']) {
        const o = await ours(path);
        expect(o.status, path).to.be.below(500);
        await sameJson(path);
      }
    });

    it('when empty names come between commas, it skips them (the peer lists "" in not_found)', async () => {
      const body = json(await ours('/mdi.json?icons=home,,,account')) as { icons: Record<string, unknown>; not_found?: string[] };
      expect(Object.keys(body.icons).sort()).to.deep.equal(['account', 'home']);
      expect(body.not_found ?? []).to.deep.equal([]);
    });

    it('when a parameter is an object or holds a NUL byte, it never answers 5xx', async () => {
      for (const path of ['/mdi.css?icons=%00,home', '/mdi.json?icons=a%00b', '/mdi.js?icons=%00', '/mdi/%00.svg', '/search?query=home%00', '/keywords?prefix=%00', '/mdi.json?icons[a]=b', '/mdi/home.svg?width[a]=1', '/search?query[a]=b', '/collection?prefix[a]=mdi', '/mdi.css?icons=home&selector[a]=b']) {
        const o = await ours(path);
        expect(o.status, path).to.be.below(500);
      }
    });

    // Unknown names are quoted in a CSS comment by @iconify/utils' getIconsCSS, in the peer too:
    // a name that closes the comment would write rules into the stylesheet a page links.
    it('when an unknown name in CSS holds "*/", it cannot add rules to the stylesheet', async () => {
      for (const path of ['/mdi.css?icons=*/body{display:none}/*', '/mdi.css?icons=home,*/html{color:red}']) {
        const o = await ours(path);
        expect(o.status, path).to.be.below(500);
        expect(o.text.replace(/\/\*[\s\S]*?\*\//g, ''), path).not.to.match(/body\{|html\{/);
      }
    });

    it('when the query string is huge, it answers 4xx or a normal answer, never 5xx, quickly', async () => {
      const long = (c: string, n: number) => c.repeat(n);
      for (const path of [
        `/search?query=${long('a', 8_000)}`,
        `/search?query=${long('ab%20', 1_900)}`,
        `/keywords?prefix=${long('b', 8_000)}`,
        `/mdi/home.svg?color=${long('c', 8_000)}`,
        `/mdi.css?icons=home&selector=${long('d', 8_000)}`,
        `/collections?prefixes=${long('e,', 4_000)}`,
        `/search?query=${long('a', 12_000)}`,
        `/mdi.json?icons=${long('a', 12_000)}`,
      ]) {
        const started = performance.now();
        const o = await ours(path);
        expect(o.status, path.slice(0, 40)).to.be.below(500);
        expect(performance.now() - started, path.slice(0, 40)).to.be.below(2_000);
      }
      // Past Node's 16 KiB of headers the HTTP parser refuses (431) or drops the connection
      // before any handler runs.
      const o = await ours(`/search?query=${long('a', 100_000)}`).catch((error: NodeJS.ErrnoException) => ({ status: error.code }));
      expect([431, 'ECONNRESET', 'EPIPE']).to.include(o.status);
    });

    it('when a parameter is repeated, it never answers 5xx', async () => {
      for (const path of ['/mdi.json?icons=home&icons=account', '/search?query=home&query=arrow', '/collection?prefix=mdi&prefix=tiny', '/mdi/home.svg?width=1&width=2', '/mdi.css?icons=home&color=red&color=blue']) {
        const o = await ours(path);
        expect(o.status, path).to.be.below(500);
      }
    });
  });
});
