// The icon browser's pages for the open icon sets (/sets, /sets/:prefix, /sets/:prefix/:name) and
// the search over every icon (/search, from the header's box) over HTTP, on Font Awesome 7.3.1
// (its release and its Iconify sets), @iconify-json/mdi and a set whose info is hostile markup; a
// list of 238 sets (as many as @iconify/json holds) stays light; and a set page, an icon page and
// the search page in Chromium, under their CSP, with no console error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { openServicePage, type ServicePage } from './browser.ts';
import { buildTestApp, databaseWith, loadPackages, rawGet, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';

const MDI = join(root, 'node_modules/@iconify-json/mdi');
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/search.png.
const screenshots = process.env.UPDATE_SCREENSHOTS === '1' ? join(root, 'docs', 'screenshots') : null;
const tiny = (prefix: string, info: Record<string, unknown>, categories?: Record<string, string[]>) => ({
  prefix,
  info: { total: 2, version: '1.0.0', license: { title: 'MIT', spdx: 'MIT' }, samples: ['square', 'dot'], palette: false, ...info },
  lastModified: 1_700_000_000,
  width: 24,
  height: 24,
  icons: { square: { body: '<path d="M0 0h24v24H0z"/>' }, dot: { body: '<circle cx="12" cy="12" r="2"/>' } },
  ...(categories ? { categories } : {}),
});
/** A set whose every imported text is markup that would run or inject if written unescaped. */
const HOSTILE = {
  ...tiny(
    'hostile',
    {
      name: '<script>alert("name")</script> & Co',
      author: { name: 'Mallory <b>bold</b>', url: 'javascript:alert(1)' },
      license: { title: '<i>MIT</i>', spdx: 'MIT', url: 'https://example.com/licence?a=1&b="2"' },
      category: '<img src=x onerror=alert(1)>',
    },
    { '<svg onload=alert(1)>': ['square'] },
  ),
  icons: { square: { body: '<path d="M0 0h24v24H0z"/>' }, dot: { body: '<circle cx="12" cy="12" r="2"/><script>alert("body")</script>' } },
  aliases: { box: { parent: 'square' }, 'square-turned': { parent: 'square', rotate: 1 } },
};
const INJECTED = ['<script>alert', '<img src=x', '<svg onload', 'href="javascript:', '<b>bold', '<i>MIT'];

/** The icon pages a grid links to, in order. */
const cellsOf = (html: string) => [...html.matchAll(/<a class="cell" href="\/sets\/([^"/]+)\/([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
/** The search page's answers, in order: id, where from, why it matched, and the page it links to. */
const hitsOf = (html: string) =>
  [...html.matchAll(/<a class="hit" href="([^"]+)">.*?<span class="hit-id">([^<]*)<\/span><span class="hit-from">([^<]*)<\/span><span class="why"><span class="sr-only">matched: <\/span>([^<]*)</g)].map((m) => ({
    id: m[2],
    from: m[3],
    why: unescape(m[4]),
    href: unescape(m[1]),
  }));
const idsOf = (html: string) => hitsOf(html).map((hit) => hit.id);
const unescape = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('open icon set pages', function () {
  this.timeout(120_000);
  let app: TestApp;
  let temp: string;

  before(async () => {
    temp = mkdtempSync(join(tmpdir(), 'iconmeta-web-sets-'));
    const hostile = join(temp, 'hostile.json');
    writeFileSync(hostile, JSON.stringify(HOSTILE));
    const database = await databaseWith('web sets: packages 7.3.1, its Iconify sets, mdi, a hostile set', async (db) => {
      await loadPackages(['7.3.1'])(db);
      await syncFontAwesomeSets(db);
      await addIconSets(db, MDI);
      await addIconSets(db, hostile);
    });
    app = await buildTestApp({ database });
  });

  after(async () => {
    await app?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it('when /sets is asked for, it lists every set with name, prefix, count, linked licence and author and a few samples, by category, confined by its CSP', async () => {
    const res = await app.http.get('/sets').expect(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).to.match(/default-src 'none'/).and.match(/img-src 'self' data:/).and.not.match(/unsafe-inline/);
    expect(res.text).to.contain('<a href="/sets" aria-current="page">Icon sets</a>');
    const mdi = res.text.slice(res.text.indexOf('<a class="set-name" href="/sets/mdi">'));
    const card = mdi.slice(0, mdi.indexOf('</li>'));
    expect(card).to.contain('Material Design Icons</a> <code>mdi</code>').and.contain('7,447 icons');
    expect(card).to.contain('<a href="https://github.com/Templarian/MaterialDesign/blob/master/LICENSE" rel="noopener noreferrer">Apache 2.0</a>');
    expect(card).to.contain('By <a href="https://github.com/Templarian/MaterialDesign" rel="noopener noreferrer">Pictogrammers</a>');
    expect(card.match(/<img class="glyph/g)).to.have.length(3);
    expect(card).to.contain('src="/iconify/mdi/account-check.svg"');
    const headings = [...res.text.matchAll(/<h2 id="group-\d+">([^<]+) </g)].map((m) => m[1]);
    expect(headings.slice(0, 3)).to.deep.equal(['General', 'Material', 'Brands / Social']);
    await app.http.get('/sets').set('If-None-Match', res.headers.etag).expect(304);
    // Every other page links to it.
    expect((await app.http.get('/api').expect(200)).text).to.contain('<a href="/sets">Icon sets</a>');
  });

  it('when a set page is asked for, it shows its info and its icons in pages, under categories, and the header\'s box searches the set', async () => {
    const res = await app.http.get('/sets/mdi').expect(200);
    expect(res.text).to.contain('<h1>Material Design Icons</h1>').and.contain('7,447 icons').and.contain('>Pictogrammers</a>');
    expect(res.text).to.match(/<form class="find" id="find" action="\/search" method="get" role="search"><label class="sr-only" for="find-q">Search 7,447 icons of Material Design Icons<\/label><input [^>]+><input type="hidden" name="set" value="mdi"><\/form>/);
    expect(res.text).to.contain('<h3 class="group">Account / User</h3>');
    expect(cellsOf(res.text)).to.have.length(240);
    expect(res.text).to.contain('<a href="/sets/mdi?page=2" rel="next">').and.contain('Page 1 of ');
    const second = cellsOf((await app.http.get('/sets/mdi?page=2').expect(200)).text);
    expect(second).to.have.length(240).and.not.include(cellsOf(res.text)[0]);

    const { listing } = await app.iconSets.listing((await app.iconSets.get('mdi'))!);
    const animals = (listing.categories as Record<string, string[]>).Animal;
    const animal = await app.http.get('/sets/mdi?category=Animal').expect(200);
    expect(cellsOf(animal.text)).to.deep.equal(animals.slice(0, 240).map((name) => `mdi:${name}`));
    expect(animal.text).to.contain('<a href="/sets/mdi?category=Animal" aria-current="page">');
    const unknown = await app.http.get('/sets/mdi?category=No%20such').expect(200);
    expect(unknown.text).to.contain('has no category “No such”; showing all its icons.');
  });

  it('when searching within a set, it finds mdi:home first for "home", in the order the Iconify API answers', async () => {
    const res = await app.http.get('/search?q=home&set=mdi').expect(200);
    const found = idsOf(res.text);
    expect(found[0]).to.equal('mdi:home');
    expect(found.every((id) => id.startsWith('mdi:'))).to.equal(true);
    // The same engine as the Iconify API's search, in its order (the page names each icon by its
    // name, where the Iconify API may answer an alias that holds the words as typed).
    const { body } = await app.http.get('/iconify/search?query=home&prefix=mdi&limit=999').expect(200);
    expect(found).to.have.length(120); // a page
    expect(found.slice(0, 10)).to.deep.equal(body.icons.slice(0, 10));
    expect(res.text).to.contain('<option value="mdi" selected>');
  });

  it('when searching every set, it answers icons of several sets, says how many each holds, and pages them', async () => {
    const res = await app.http.get('/search?q=house').expect(200);
    const found = idsOf(res.text);
    expect(found).to.include('fa7-solid:house').and.include('mdi:home'); // mdi:home by its alias house
    expect(hitsOf(res.text).find((hit) => hit.id === 'mdi:home')!.why).to.equal('house → home');
    expect(res.text).to.contain('href="/search?q=house&#38;set=fa7-solid"');
    const arrows = await app.http.get('/search?q=arrow').expect(200);
    expect(arrows.text).to.contain('<a href="/search?q=arrow&#38;page=2" rel="next">');
    expect((await app.http.get('/search').expect(200)).text).to.contain('Type what the icon shows');
  });

  it('when /search is asked for words, it answers open sets and Font Awesome together, each with its glyph, its set and why it matched', async () => {
    const res = await app.http.get('/search?q=settings').expect(200);
    expect(res.headers['content-security-policy']).to.match(/default-src 'none'/);
    const hits = hitsOf(res.text);
    expect(hits.find((hit) => hit.id === 'mdi:cog')).to.deep.equal({ id: 'mdi:cog', from: 'Material Design Icons', why: 'settings → cog', href: '/sets/mdi/cog' });
    expect(hits.find((hit) => hit.id === 'fa7-solid:gear')).to.deep.equal({ id: 'fa7-solid:gear', from: 'Font Awesome 7 Solid', why: 'settings → gear', href: '/sets/fa7-solid/gear' });
    expect(hits.slice(0, 10).map((hit) => hit.id.split(':')[0])).to.include('mdi').and.include('fa7-solid');
    expect(res.text).to.contain('<img class="glyph mono" src="/iconify/mdi/cog.svg"');
    expect(res.text).to.match(/<p class="status" id="status" role="status" aria-live="polite">\d+ icons for “settings” in \d sets<\/p>/);
    // The one box is the header's; the page's filters belong to its form.
    expect(res.text).to.contain('<input id="find-q" name="q" type="search" value="settings"').and.contain('autofocus></form>');
    for (const name of ['set', 'license', 'style', 'v']) expect(res.text).to.contain(`<select name="${name}" form="find">`);
  });

  it('when any page is asked for, its header holds its one search box, a GET of /search, with the focus where searching is the point', async () => {
    for (const path of ['/', '/search?q=home', '/icons/gear', '/sets', '/sets/mdi', '/sets/mdi/home', '/diff', '/api', '/sets/nope']) {
      const { text } = await app.http.get(path);
      expect([...text.matchAll(/<input [^>]*type="search"/g)], path).to.have.length(1);
      expect([...text.matchAll(/<form [^>]*role="search"/g)], path).to.have.length(1);
      expect(text, path).to.contain('<form class="find" id="find" action="/search" method="get" role="search">');
      expect(/<input id="find-q" [^>]*autofocus>/.test(text), path).to.equal(path === '/' || path.startsWith('/search'));
    }
  });

  it('when Free, Pro only or a family-style is asked for with no release, it says they filter a release and searches every set', async () => {
    const res = await app.http.get('/search?q=settings&license=pro&style=fal').expect(200);
    expect(res.text).to.contain('“pro” filters a Font Awesome release: choose one under Release; any licence is searched.');
    expect(res.text).to.contain('“fal” is not a style here (solid, regular, brands; with a release chosen, its family-styles); any style is searched.');
    expect(idsOf(res.text)).to.include('mdi:cog');
    const release = await app.http.get('/search?q=user&v=7.3.1&style=far').expect(200);
    expect(release.text).to.contain('<option value="far" selected>').and.contain('<optgroup label="Font Awesome 7.3.1"><option value="free">Free</option>');
  });

  it('when a licence is chosen, it searches the sets stating it, and lists the licences the sets state', async () => {
    const apache = await app.http.get('/search?q=settings&license=Apache-2.0').expect(200);
    expect(idsOf(apache.text)).to.include('mdi:cog');
    expect(idsOf(apache.text).every((id) => id.startsWith('mdi:'))).to.equal(true);
    expect(apache.text).to.contain('<option value="Apache-2.0" selected>Apache 2.0 (1 set)</option>').and.contain('<option value="CC-BY-4.0">CC BY 4.0 (3 sets)</option>');
    const cc = idsOf((await app.http.get('/search?q=settings&license=CC-BY-4.0').expect(200)).text);
    expect(cc).to.include('fa7-solid:gear');
    expect(cc.every((id) => id.startsWith('fa7-'))).to.equal(true);
    const none = await app.http.get('/search?q=settings&set=mdi&license=CC-BY-4.0').expect(200);
    expect(idsOf(none.text)).to.deep.equal([]);
    expect(none.text).to.contain('0 icons for “settings” in Material Design Icons');
    const unknown = await app.http.get('/search?q=settings&license=WTFPL').expect(200);
    expect(unknown.text).to.contain('No set here is under “WTFPL”; any licence is searched.');
    expect(idsOf(unknown.text)).to.include('mdi:cog').and.include('fa7-solid:gear');
  });

  it("when a style is chosen, it answers Font Awesome's sets of that style and other sets' icons named so", async () => {
    const regular = idsOf((await app.http.get('/search?q=settings&style=regular').expect(200)).text);
    expect(regular).to.include('mdi:cog-outline').and.not.include('mdi:cog').and.not.include('fa7-solid:gear');
    expect(regular.every((id) => id.startsWith('fa7-regular:') || /-(outline|outlined|line|regular)$/.test(id))).to.equal(true);
    const solid = idsOf((await app.http.get('/search?q=house&style=solid').expect(200)).text);
    expect(solid).to.include('fa7-solid:house').and.not.include('fa7-regular:house');
    const brands = idsOf((await app.http.get('/search?q=apple&style=brands').expect(200)).text);
    expect(brands[0]).to.equal('fa7-brands:apple');
    expect(brands.every((id) => id.startsWith('fa7-brands:'))).to.equal(true);
  });

  it("when a Font Awesome release is chosen, that release's own index answers, its icons linked to its pages, saying why", async () => {
    const res = await app.http.get('/search?q=settings&v=7.3.1').expect(200);
    const hits = hitsOf(res.text);
    expect(hits[0]).to.deep.equal({ id: 'gear', from: 'Font Awesome 7.3.1', why: 'settings → gear', href: '/icons/gear?v=7.3.1' });
    expect(res.text).to.contain('<option value="7.3.1" selected>Font Awesome 7.3.1 (latest)</option>');
    expect(res.text).to.match(/<a class="hit" href="\/icons\/gear\?v=7\.3\.1"><svg viewBox="0 0 \d+ \d+" aria-hidden="true"/);
    // Its ranking is GraphQL search's, for the same release.
    const { body } = await app.http.post('/graphql').send({ query: '{ search(version: "7.3.1", query: "settings", first: 5) { id } }' }).expect(200);
    expect(hits.slice(0, 5).map((hit) => hit.id)).to.deep.equal(body.data.search.map((icon: { id: string }) => icon.id));
    const brands = hitsOf((await app.http.get('/search?q=apple&v=7.3.1&style=brands').expect(200)).text);
    expect(brands.map((hit) => hit.id)).to.include('apple').and.not.include('apple-whole');
    expect(idsOf((await app.http.get('/search?q=settings&v=7.x&license=Apache-2.0').expect(200)).text)).to.deep.equal([]);
    expect(idsOf((await app.http.get('/search?q=settings&v=7.x&license=CC-BY-4.0').expect(200)).text)).to.include('gear');
    const unknown = await app.http.get('/search?q=settings&v=9.9.9').expect(200);
    expect(unknown.text).to.contain('release 9.9.9 is not available; every set is searched instead.');
    expect(idsOf(unknown.text)).to.include('mdi:cog');
  });

  it('when the open sets\' old search address is asked for, it redirects to the search over every icon', async () => {
    const moved = await app.http.get('/sets/search?q=home&prefix=mdi&page=2').expect(301);
    expect(moved.headers.location).to.equal('/search?q=home&set=mdi&page=2');
    expect((await app.http.get('/sets/search').expect(301)).headers.location).to.equal('/search?');
  });

  it("when an icon page is asked for, it shows the glyph and the set's licence, and snippets that name this server's Iconify API", async () => {
    const res = await app.http.get('/sets/mdi/home').set('Host', 'icons.example.com').expect(200);
    expect(res.text).to.contain('<img class="glyph mono" src="/iconify/mdi/home.svg"').and.contain('>Apache 2.0</a>').and.contain('>Pictogrammers</a>');
    const copied = [...res.text.matchAll(/data-copy="([^"]*)"/g)].map((m) => unescape(m[1]));
    const api = 'http://icons.example.com/iconify';
    expect(copied).to.include('mdi:home');
    const [component, react, vue, css, svg] = copied.slice(1);
    expect(component).to.contain(`window.IconifyProviders = { '': { resources: ['${api}'] } };`).and.contain('<iconify-icon icon="mdi:home"></iconify-icon>');
    expect(react).to.contain("from '@iconify/react'").and.contain(`addAPIProvider('', { resources: ['${api}'] });`).and.contain('<Icon icon="mdi:home" />');
    expect(vue).to.contain("from '@iconify/vue'").and.contain(`addAPIProvider('', { resources: ['${api}'] });`);
    expect(css).to.contain(`<link rel="stylesheet" href="${api}/mdi.css?icons=home">`).and.contain('class="icon--mdi icon--mdi--home"');
    expect((await app.http.get('/iconify/mdi.css?icons=home').expect(200)).text).to.contain('.icon--mdi--home').and.contain('.icon--mdi ');
    expect(svg).to.equal((await rawGet(app.handler, '/iconify/mdi/home.svg')).body.toString('utf8'));
    expect(res.text).to.contain('href="/iconify/mdi/home.svg?download=1"');
    const download = await app.http.get('/iconify/mdi/home.svg?download=1').expect(200);
    expect(download.headers['content-disposition']).to.equal('attachment; filename="home.svg"');
  });

  it('when the Iconify API is served elsewhere (ICONIFY_PATH), the pages draw from and point to that path', async () => {
    const moved = await buildTestApp({ database: app.database, env: { ICONIFY_PATH: '/api/icons' } });
    try {
      const res = await moved.http.get('/sets/mdi/home').set('Host', 'icons.example.com').expect(200);
      expect(res.text).to.contain('src="/api/icons/mdi/home.svg"').and.contain('href="/api/icons/mdi/home.svg?download=1"');
      expect(unescape(res.text)).to.contain("resources: ['http://icons.example.com/api/icons']").and.not.contain('/iconify/');
      await moved.http.get('/api/icons/mdi/home.svg').expect(200);
    } finally {
      await moved.close();
    }
  });

  it('when a name only renames another (an alias, a code point), it redirects to the icon; an alias that transforms is shown', async () => {
    expect((await app.http.get('/sets/mdi/house').expect(302)).headers.location).to.equal('/sets/mdi/home');
    expect((await app.http.get('/sets/fa7-solid/coffee').expect(302)).headers.location).to.equal('/sets/fa7-solid/mug-saucer');
    expect((await app.http.get('/sets/mdi/f02dc').expect(302)).headers.location).to.equal('/sets/mdi/home');
    const aliases = (await app.http.get('/sets/mdi/home').expect(200)).text;
    expect(aliases).to.match(/<dt>Aliases<\/dt><dd>[^\n]*<code>house<\/code>/);
    expect((await app.http.get('/sets/hostile/box').expect(302)).headers.location).to.equal('/sets/hostile/square');
    const turned = await app.http.get('/sets/hostile/square-turned').expect(200);
    expect(turned.text).to.contain('<h1>square-turned</h1>').and.contain('(rotated or flipped from its parent)');
  });

  it('when the set or the icon is unknown, it answers a 404 page, escaping what was asked for', async () => {
    const set = await app.http.get('/sets/no-such-set').expect(404);
    expect(set.text).to.contain('No icon set “no-such-set”');
    expect(set.headers['cache-control']).to.equal('no-store');
    expect((await app.http.get('/sets/no-such-set/home').expect(404)).text).to.contain('No icon set “no-such-set”');
    expect((await app.http.get('/sets/mdi/no-such-icon').expect(404)).text).to.contain('No icon “no-such-icon” in Material Design Icons');
    expect((await app.http.get('/search?q=home&set=nope').expect(404)).text).to.contain('No icon set “nope”');
    const hostile = await app.http.get('/sets/mdi/%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(404);
    expect(hostile.text).to.contain('No icon “&#60;script&#62;alert(1)&#60;/script&#62;”').and.not.contain('<script>alert');
  });

  it("when a set's info is markup, every page writes it as text and links only to http(s) addresses", async () => {
    const pages = ['/sets', '/sets/hostile', '/sets/hostile/square', '/sets/hostile/dot', '/search?q=square&set=hostile', '/search?q=%3Cscript%3Ealert(1)%3C/script%3E', '/search?q=square&license=%3Cscript%3E'];
    for (const path of pages) {
      const { text } = await app.http.get(path).expect(200);
      for (const injected of INJECTED) expect(text, `${path}: ${injected}`).to.not.contain(injected);
    }
    const set = (await app.http.get('/sets/hostile').expect(200)).text;
    expect(set).to.contain('<h1>&#60;script&#62;alert(&#34;name&#34;)&#60;/script&#62; &#38; Co</h1>');
    expect(set).to.contain('<dd>Mallory &#60;b&#62;bold&#60;/b&#62;</dd>'); // no link: not an http(s) address
    expect(set).to.contain('<a href="https://example.com/licence?a=1&#38;b=&#34;2&#34;" rel="noopener noreferrer">&#60;i&#62;MIT&#60;/i&#62;</a>');
    expect(set).to.contain('&#60;svg onload=alert(1)&#62;');
    // An icon's body is never markup of the page: an image draws it, the SVG snippet shows it as text.
    const dot = (await app.http.get('/sets/hostile/dot').expect(200)).text;
    expect(dot).to.contain('<img class="glyph mono" src="/iconify/hostile/dot.svg"').and.contain('&#60;script&#62;alert(&#34;body&#34;)&#60;/script&#62;');
  });

  describe('in Chromium', () => {
    let watched: ServicePage;
    let base: string;
    let page: Page;
    let problems: string[];
    let foreign: string[];

    before(async () => {
      watched = await openServicePage(app.handler);
      ({ base, page, problems, foreign } = watched);
      page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    });

    after(async () => {
      await watched?.close();
    });

    afterEach(() => {
      expect(problems, problems.join('\n')).to.deep.equal([]);
      expect(foreign, 'requests to other origins').to.deep.equal([]);
    });

    const go = (path: string) => page.goto(base + path, { waitUntil: 'networkidle0' });
    /** How many of the page's first `n` glyphs the browser drew (decoded, with a size). */
    const drawn = (n: number) => page.$$eval('img.glyph', (imgs, n) => imgs.slice(0, n).filter((img) => img.complete && img.naturalWidth > 0).length, n);

    it('renders a set page under its CSP, its glyphs drawn from the Iconify API, and the dark theme inverting them', async () => {
      await go('/sets/mdi');
      expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Material Design Icons');
      expect(await drawn(12)).to.equal(12);
      await page.click('#theme');
      expect(await page.$eval('.cell img.glyph', (img) => getComputedStyle(img).filter)).to.equal('invert(0.92)');
      await page.click('#theme');
    });

    it('renders an icon page, and searches a set from the header\'s box on its page', async () => {
      await go('/sets/mdi/home');
      expect(await drawn(1)).to.equal(1);
      expect(await page.$$eval('.snippet-block h3', (hs) => hs.map((h) => h.firstChild!.textContent!.trim()))).to.deep.equal(['Web component', 'React', 'Vue', 'CSS', 'SVG']);
      await go('/sets/mdi');
      expect(await page.$$eval('input[type="search"]', (boxes) => boxes.map((box) => box.getAttribute('placeholder')))).to.deep.equal(['Search 7,447 icons of Material Design Icons']);
      await page.keyboard.press('/');
      await page.keyboard.type('home');
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).search).to.equal('?q=home&set=mdi');
      expect(await page.$eval('select[name="set"]', (s) => (s as HTMLSelectElement).value)).to.equal('mdi');
      expect(await page.$eval('#main .hit', (a) => a.getAttribute('href'))).to.equal('/sets/mdi/home');
    });

    it('searches every icon from the header\'s box: open sets and Font Awesome together, each saying why, as typed and as filtered', async () => {
      await go('/sets');
      await page.keyboard.press('/'); // to the header's box, from any page
      await page.keyboard.type('settings');
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/search?q=settings');
      /** The answers shown: id and why, in order. */
      const shown = () => page.$$eval('#results .hit', (hits) => hits.map((a) => `${a.querySelector('.hit-id')!.textContent} (${a.querySelector('.why')!.textContent!.replace(/^matched: /, '')})`));
      const first = await shown();
      expect(first).to.include('mdi:cog (settings → cog)').and.include('fa7-solid:gear (settings → gear)');
      expect(await drawn(12)).to.equal(12);
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('find-q');

      // As typed: the results follow the box, and the URL with them.
      const typed = async (query: string) => {
        await page.click('#find-q', { count: 3 });
        await page.keyboard.press('Backspace');
        await page.type('#find-q', query);
        await page.waitForFunction((q) => document.getElementById('results')?.dataset.q === q, {}, query);
      };
      await typed('close the dialog');
      const closing = await shown();
      expect(closing.slice(0, 20).some((hit) => hit.startsWith('mdi:'))).to.equal(true);
      expect(closing.slice(0, 20).some((hit) => hit.startsWith('fa7-'))).to.equal(true);
      expect(closing.some((hit) => / → /.test(hit))).to.equal(true);
      expect(new URL(page.url()).search).to.equal('?q=close+the+dialog');
      await typed('settings');
      if (screenshots) {
        mkdirSync(screenshots, { recursive: true });
        await page.screenshot({ path: join(screenshots, 'search.png') });
      }

      // A filter: only the sets under that licence answer.
      await page.select('select[name="license"]', 'Apache-2.0');
      await page.waitForFunction(() => location.search.includes('license=Apache-2.0') && !document.getElementById('results')?.hasAttribute('aria-busy'));
      const apache = await shown();
      expect(apache).to.include('mdi:cog (settings → cog)');
      expect(apache.every((hit) => hit.startsWith('mdi:'))).to.equal(true);

      // A release: its own icons, linked to its pages.
      await page.select('select[name="license"]', '');
      await page.select('select[name="v"]', '7.3.1');
      await page.waitForFunction(() => location.search === '?q=settings&v=7.3.1' && !document.getElementById('results')?.hasAttribute('aria-busy'));
      expect((await shown())[0]).to.equal('gear (settings → gear)');
      // The release's own filters join the choices (the selects are kept, their options follow).
      expect(await page.$$eval('select[name="style"] optgroup option', (options) => options.map((o) => (o as HTMLOptionElement).value))).to.include('fas').and.include('fab');
      expect(await page.$$eval('select[name="license"] optgroup option', (options) => options.map((o) => (o as HTMLOptionElement).value))).to.deep.equal(['free', 'pro']);
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#results .hit')]);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/icons/gear?v=7.3.1');
    });
  });
});

describe('the icon set list with 238 sets', function () {
  this.timeout(120_000);
  let app: TestApp;
  let temp: string;
  const SETS = 238;
  const CATEGORIES = ['Material', 'UI 24px', 'Logos', 'Emoji', 'Thematic', 'Flags / Maps'];

  before(async () => {
    // A full @iconify/json package of as many sets as the real one holds.
    temp = mkdtempSync(join(tmpdir(), 'iconmeta-web-238-'));
    mkdirSync(join(temp, 'json'));
    const prefixes = Array.from({ length: SETS }, (_, i) => `set-${i + 1}`);
    writeFileSync(join(temp, 'package.json'), JSON.stringify({ name: '@iconify/json', version: '9.9.9' }));
    writeFileSync(join(temp, 'collections.json'), JSON.stringify(Object.fromEntries(prefixes.map((p) => [p, {}]))));
    prefixes.forEach((prefix, i) => {
      const set = tiny(prefix, { name: `Set ${i + 1}`, author: { name: 'Test', url: 'https://example.com' }, category: CATEGORIES[i % CATEGORIES.length], samples: ['square', 'dot', 'square', 'dot'] });
      writeFileSync(join(temp, 'json', `${prefix}.json`), JSON.stringify(set));
    });
    const database = await databaseWith(`web sets: ${SETS} generated sets`, (db) => addIconSets(db, temp));
    app = await buildTestApp({ database });
  });

  after(async () => {
    await app?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it('lists them all on one light page: a few sample images each, no icon body, nothing read per set', async () => {
    await app.http.get('/sets').expect(200); // the set list, read once
    const started = performance.now();
    const res = await app.http.get('/sets').expect(200);
    const ms = performance.now() - started;
    expect(res.text.match(/<li class="set-card">/g)).to.have.length(SETS);
    expect(res.text.match(/<img class="glyph/g)).to.have.length(SETS * 3);
    expect(res.text).to.not.contain('M0 0h24v24H0z').and.not.contain('<circle');
    const headings = [...res.text.matchAll(/<h2 id="group-\d+">([^<]+) </g)].map((m) => m[1]);
    expect(headings).to.deep.equal(['Material', 'UI 24px', 'Logos', 'Emoji', 'Flags / Maps', 'Thematic']);
    expect(res.text.length).to.be.below(400_000);
    console.log(`      /sets with ${SETS} sets: ${Math.round(res.text.length / 1024)} KB in ${ms.toFixed(1)} ms`);
  });
});
