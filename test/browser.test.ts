// The icon browser in a real browser: headless Chromium (test/chromium.ts) driven by puppeteer-core, one
// launch for this file, against the real app on 127.0.0.1 (ephemeral port) with a temporary
// database seeded with the three default releases. It checks what people do (search, open an icon,
// copy, compare releases, switch theme, move with the keyboard), that nothing is fetched from
// another origin, and that no page logs an error. It reports first paint and search latency
// without asserting them (timings on a shared machine are not a test).
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/*.png.
import { expect } from 'chai';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { defaultPackageDir, seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import { openServicePage, type ServicePage } from './browser.ts';
import { buildTestApp, databaseWith, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';

const screenshots = process.env.UPDATE_SCREENSHOTS === '1' ? join(root, 'docs', 'screenshots') : null;

/** The path data of a glyph as the package ships it (svgs/<style>/<id>.svg). */
const packagePath = (version: string, style: string, id: string) =>
  /\sd="([^"]+)"/.exec(readFileSync(join(defaultPackageDir(version), 'svgs', style, `${id}.svg`), 'utf8'))![1];

describe('the icon browser in Chromium', function () {
  this.timeout(120_000);
  let watched: ServicePage;
  let base: string;
  let page: Page;
  let app: TestApp;
  let problems: string[];
  let foreign: string[];
  const timings: Record<string, number> = {};

  before(async () => {
    app = await buildTestApp({ database: await databaseWith('default releases', (db) => seedDefaultsIfEmpty(db, { info: () => {} })) });
    watched = await openServicePage(app.handler);
    ({ base, page, problems, foreign } = watched);
    // Every copy is recorded (and still performed), so the test reads exactly what was written.
    await page.evaluateOnNewDocument(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      (window as unknown as { copied: string[] }).copied = [];
      clipboard.writeText = (text: string) => {
        (window as unknown as { copied: string[] }).copied.push(text);
        return write(text).catch(() => undefined);
      };
    });
    // Warm the server's per-release data once, as a running service has it.
    await app.http.get('/');
  });

  after(async () => {
    await watched?.close();
    await app?.close();
    console.log(`      browser timings (ms): ${JSON.stringify(timings)}`);
  });

  afterEach(() => {
    expect(problems, problems.join('\n')).to.deep.equal([]);
    expect(foreign, 'requests to other origins').to.deep.equal([]);
  });

  const go = (path: string) => page.goto(base + path, { waitUntil: 'networkidle0' });
  const shoot = async (name: string) => {
    if (!screenshots) return;
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, `${name}.png`) });
  };
  const cellNames = () => page.$$eval('#grid .cell .name', (names) => names.map((n) => n.textContent));
  const typeQuery = async (query: string) => {
    await page.click('#q', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#q', query);
    await page.waitForFunction((q) => (document.getElementById('grid') as HTMLElement).dataset.query === q, {}, query);
  };

  it('paints the first screen of glyphs from the server, then searches as you type: "coffee" shows mug-saucer', async () => {
    const firstPaint = () => page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
    await go('/');
    timings.firstPaintNewBrowser = await firstPaint();
    await go('/');
    timings.firstPaint = await firstPaint();
    expect((await cellNames()).length).to.equal(120);
    await shoot('browse-light');

    // Keystroke to grid drawn, for the last keystroke of each query (a GraphQL search each).
    const lastRender = () => page.evaluate(() => Math.round((window as unknown as { iconmetaLastRender: { ms: number } }).iconmetaLastRender.ms * 10) / 10);
    for (const query of ['user', 'arrow up', 'house']) {
      await typeQuery(query);
      timings[`search "${query}"`] = await lastRender();
    }
    await typeQuery('coffee');
    timings['search "coffee"'] = await lastRender();
    const first = await page.$eval('#grid .cell', (a) => ({ label: a.getAttribute('aria-label'), href: a.getAttribute('href'), d: a.querySelector('path')!.getAttribute('d') }));
    expect(first).to.deep.equal({ label: 'Mug Saucer (mug-saucer)', href: '/icons/mug-saucer?v=7.3.1', d: packagePath('7.3.1', 'solid', 'mug-saucer') });
    expect(await page.$eval('#status', (s) => s.textContent)).to.match(/^\d+ icons? for “coffee”$/);
    expect(new URL(page.url()).search).to.equal('?v=7.3.1&q=coffee');
  });

  it('never lets typo matches crowd out prefix matches ("coff")', async () => {
    await typeQuery('coff');
    const names = await cellNames();
    expect(names).to.include('mug-saucer');
    expect(names).to.not.include('confluence').and.not.include('power-off');
  });

  it('filters by family-style and license, and keeps them in the URL', async () => {
    await typeQuery('apple');
    await page.select('#fs', 'fab');
    await page.waitForFunction(() => location.search.includes('fs=fab'));
    const brands = await cellNames();
    expect(brands).to.include('apple').and.not.include('apple-whole');
    await page.select('#fs', '');
    await page.select('#license', 'pro');
    await page.waitForFunction(() => location.search.includes('license=pro'));
    expect(await cellNames()).to.deep.equal([]); // Free packages hold no pro-only icon
    expect(await page.$eval('#status', (s) => s.textContent)).to.equal('0 icons for “apple”');
  });

  it('opens deep links with the release and query given, server-rendered', async () => {
    await go('/?v=6.7.2&q=coffee');
    expect(await page.$eval('#v', (s) => (s as HTMLSelectElement).value)).to.equal('6.7.2');
    const first = await page.$eval('#grid .cell', (a) => ({ href: a.getAttribute('href'), d: a.querySelector('path')!.getAttribute('d') }));
    expect(first).to.deep.equal({ href: '/icons/mug-saucer?v=6.7.2', d: packagePath('6.7.2', 'solid', 'mug-saucer') });
  });

  it('moves with the keyboard: / to search, arrows through the grid, Enter to open, Esc back', async () => {
    await go('/?v=7.3.1&q=arrow');
    // The search box has autofocus: leave it, so that "/" is pressed on the page, not typed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('q');
    expect(await page.$eval('#q', (q) => (q as HTMLInputElement).value)).to.equal('arrow');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal('/icons/arrow-up?v=7.3.1');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal('/icons/arrow-down?v=7.3.1');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('q');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/icons/arrow-up');
  });

  it('keeps focus in the grid when a search answers after the arrow key moved there', async () => {
    await go('/?v=7.3.1&q=arrow');
    let release!: () => void;
    const searchHeld = new Promise<void>((resolve) => (release = resolve));
    const held: HTTPRequest[] = [];
    const hold = (request: HTTPRequest) => {
      if (request.method() !== 'POST') return void request.continue();
      held.push(request);
      release();
    };
    await page.setRequestInterception(true);
    page.on('request', hold);
    try {
      await page.focus('#q');
      await page.keyboard.press('End');
      await page.keyboard.type('s'); // "arrows": its search is held until the arrow key has moved focus
      await searchHeld;
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal('/icons/arrow-up?v=7.3.1');
      await Promise.all(held.map((request) => request.continue()));
      await page.waitForFunction(() => (document.getElementById('grid') as HTMLElement).dataset.query === 'arrows');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('cell'))).to.equal(true);
    } finally {
      page.off('request', hold);
      await page.setRequestInterception(false);
    }
  });

  it('gives every control and cell an accessible name', async () => {
    await go('/');
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, input, select, textarea')]
        .filter((el) => !(el as HTMLElement).hidden && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim() && !el.closest('label') && !(el.id && document.querySelector(`label[for="${el.id}"]`)))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).to.deep.equal([]);
    expect(await page.$$eval('#grid svg', (svgs) => svgs.every((s) => s.getAttribute('aria-hidden') === 'true'))).to.equal(true);
  });

  it('shows an icon with its facts and copies the exact snippets', async () => {
    await go('/icons/mug-saucer?v=7.3.1');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Mug Saucer');
    const facts = await page.$eval('.facts', (dl) => dl.textContent!.replace(/\s+/g, ' '));
    expect(facts).to.contain('f0f4').and.contain('coffee').and.contain('Solid');
    expect(await page.$eval('.variant[data-prefix="fas"] path', (p) => p.getAttribute('d'))).to.equal(packagePath('7.3.1', 'solid', 'mug-saucer'));
    await shoot('icon-page');

    const copy = async (label: string) => {
      await page.click(`button[aria-label="${label}"]`);
      await page.waitForFunction((l) => document.getElementById('copied')!.textContent === `Copied ${l.replace(/^Copy /, '')}.`, {}, label);
      return page.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1));
    };
    expect(await copy('Copy HTML for Solid')).to.equal('<i class="fa-solid fa-mug-saucer"></i>');
    expect(await copy('Copy unicode')).to.equal('f0f4');
    expect(await copy('Copy React/Vue import for Solid')).to.equal("import { faMugSaucer } from '@fortawesome/free-solid-svg-icons';");
    expect(await copy('Copy SVG for Solid')).to.equal(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 576 512"><path d="${packagePath('7.3.1', 'solid', 'mug-saucer')}"/></svg>`);
  });

  it('follows an alias to its icon, a rename across releases, and writes 5.x classes for 5.x', async () => {
    await go('/icons/coffee?v=7.3.1');
    expect(new URL(page.url()).pathname).to.equal('/icons/mug-saucer');
    // The release picker of mug-saucer's page, to 5.15.4: the same icon there is coffee.
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.select('#icon-release', '5.15.4')]);
    expect(new URL(page.url()).pathname).to.equal('/icons/coffee');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Coffee');
    await page.click('button[aria-label="Copy HTML for Solid"]');
    await page.waitForFunction(() => document.getElementById('copied')!.textContent !== '');
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1))).to.equal('<i class="fas fa-coffee"></i>');
  });

  it('shows the diff 5.15.4 -> 6.7.2 from the API, with the rename coffee -> mug-saucer', async () => {
    await go('/diff?from=5.15.4&to=6.7.2');
    await page.waitForSelector('#renamed');
    const renamed = await page.$$eval('#renamed li', (items) => items.map((li) => li.textContent!.replace(/\s+/g, '')));
    expect(renamed).to.include('coffee→mug-saucer');
    expect(await page.$eval('#renamed-title', (h) => h.textContent)).to.equal('Renamed (381)');
    await shoot('diff');

    await page.type('#upgrade-names', 'coffee\nstar far fal\npenny-arcade');
    await page.click('#upgrade-form button[type="submit"]');
    await page.waitForSelector('#upgrade-result table');
    const rows = await page.$$eval('#upgrade-result tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows).to.deep.equal([
      ['coffee', 'renamed', 'now mug-saucer'],
      ['star', 'style lost', 'lost fal; still far, fas'],
      ['penny-arcade', 'removed', ''],
    ]);
  });

  it('switches to the dark theme and keeps it across pages', async () => {
    await go('/?q=arrow');
    await page.click('#theme');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).to.equal('dark');
    expect(await page.$eval('#theme', (b) => b.getAttribute('aria-label'))).to.equal('Switch to light theme');
    await go('/?q=arrow');
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor])).to.deep.equal(['dark', 'rgba(0, 0, 0, 0)']);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).to.equal('rgb(20, 23, 29)');
    await shoot('browse-dark');
    await page.click('#theme');
  });
});
