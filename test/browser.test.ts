// The icon browser in a real browser: headless Chromium (test/chromium.ts) driven by puppeteer-core, one
// launch for this file, against the real app on 127.0.0.1 (ephemeral port) with a temporary
// database seeded with the three default releases. It checks what people do (browse a release, search
// from its one search box, open an icon, copy, compare releases, switch theme, move with the
// keyboard), that nothing is fetched from another origin, and that no page logs an error. It reports
// first paint and search latency without asserting them (timings on a shared machine are not a test).
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/*.png.
import { expect } from 'chai';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
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
  const cellHrefs = () => page.$$eval('#grid .cell', (cells) => cells.map((a) => a.getAttribute('href')));
  /** The search page's answers: the icon pages they link to, in order. */
  const hitHrefs = () => page.$$eval('#results .hit', (hits) => hits.map((a) => a.getAttribute('href')));
  const searchBoxes = () => page.$$eval('input[type="search"], [role="search"]', (els) => els.map((el) => el.id));
  /** Types a query into the box that has the focus and sends it: the search page loads. */
  const search = async (query: string) => {
    await page.keyboard.type(query);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
    return new URL(page.url());
  };

  it('paints the first screen of glyphs from the server; its one search box, the header\'s, has the focus and searches every icon', async () => {
    const firstPaint = () => page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
    await go('/');
    timings.firstPaintNewBrowser = await firstPaint();
    await go('/');
    timings.firstPaint = await firstPaint();
    expect((await cellNames()).length).to.equal(120);
    expect(await searchBoxes()).to.deep.equal(['find', 'find-q']);
    await shoot('browse-light');

    const url = await search('coffee'); // typed where the focus is: the header's box
    expect(url.pathname + url.search).to.equal('/search?q=coffee');
    expect((await hitHrefs())[0]).to.match(/^\/sets\/fa7-solid\/mug-saucer$|^\/icons\/mug-saucer\?v=7\.3\.1$/);
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('find-q');
  });

  it('searches the release chosen on /, with its family-style and license, and never lets typo matches crowd out prefix matches ("coff")', async () => {
    await go('/?v=7.3.1');
    let url = await search('coff');
    expect(url.search).to.equal('?q=coff&v=7.3.1');
    const coff = await hitHrefs();
    expect(coff).to.include('/icons/mug-saucer?v=7.3.1');
    expect(coff.every((href) => href!.endsWith('?v=7.3.1'))).to.equal(true);
    expect(coff).to.not.include('/icons/confluence?v=7.3.1').and.not.include('/icons/power-off?v=7.3.1');

    await go('/');
    await page.select('#fs', 'fab');
    await page.waitForFunction(() => location.search === '?fs=fab');
    await page.waitForFunction(() => document.getElementById('status')!.textContent !== '');
    expect(await cellNames()).to.include('apple').and.not.include('apple-whole');
    // A family-style is a release's: the header's box now searches the one shown.
    expect(await page.$eval('label[for="find-q"]', (l) => l.textContent)).to.equal('Search Font Awesome 7.3.1');
    await page.focus('#find-q');
    url = await search('apple');
    expect(url.search).to.equal('?q=apple&v=7.3.1&style=fab');
    expect(await page.$eval('select[name="style"]', (s) => (s as HTMLSelectElement).value)).to.equal('fab');
    const brands = await hitHrefs();
    expect(brands).to.include('/icons/apple?v=7.3.1').and.not.include('/icons/apple-whole?v=7.3.1');

    await go('/?v=7.3.1');
    await page.select('#license', 'pro');
    await page.waitForFunction(() => location.search === '?v=7.3.1&license=pro' && document.getElementById('status')!.textContent === '0 icons');
    expect(await cellNames()).to.deep.equal([]); // Free packages hold no pro-only icon
    await page.focus('#find-q');
    url = await search('apple');
    expect(url.search).to.equal('?q=apple&v=7.3.1&license=pro');
    expect(await hitHrefs()).to.deep.equal([]);
    expect(await page.$eval('#status', (s) => s.textContent)).to.equal('0 icons for “apple” in Font Awesome 7.3.1');
  });

  it('redirects the old links of /\'s own search box (/?q=...&v=...) to the search page, with that release as a filter', async () => {
    await go('/?q=arrow&v=7.3.1');
    let url = new URL(page.url());
    expect(url.pathname + url.search).to.equal('/search?q=arrow&v=7.3.1');
    expect(await searchBoxes()).to.deep.equal(['find', 'find-q']);
    expect(await page.$eval('select[name="v"]', (s) => (s as HTMLSelectElement).value)).to.equal('7.3.1');
    const arrows = await hitHrefs();
    expect(arrows.length).to.be.greaterThan(10);
    expect(arrows.every((href) => href!.endsWith('?v=7.3.1'))).to.equal(true);

    await go('/?v=6.7.2&q=coffee');
    url = new URL(page.url());
    expect(url.pathname + url.search).to.equal('/search?q=coffee&v=6.7.2');
    const first = await page.$eval('#results .hit', (a) => ({ href: a.getAttribute('href'), d: a.querySelector('path')!.getAttribute('d') }));
    expect(first).to.deep.equal({ href: '/icons/mug-saucer?v=6.7.2', d: packagePath('6.7.2', 'solid', 'mug-saucer') });
  });

  it('moves with the keyboard: / to the search box, down into the grid, arrows through it, Enter to open, Esc back', async () => {
    await go('/?v=7.3.1');
    const [firstCell, secondCell] = await cellHrefs();
    // The search box has autofocus: leave it, so that "/" is pressed on the page, not typed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('find-q');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal(firstCell);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).to.equal(secondCell);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('find-q');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal(firstCell);
  });

  it('keeps focus in the grid when a filter redraws it', async () => {
    await go('/?v=7.3.1');
    await page.keyboard.press('ArrowDown'); // from the search box, which has the focus
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cell'))).to.equal(true);
    await page.select('#fs', 'far');
    await page.waitForFunction(() => location.search === '?v=7.3.1&fs=far');
    await page.waitForFunction(() => document.querySelector('#grid .cell')?.getAttribute('tabindex') === '0');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cell'))).to.equal(true);
  });

  it('gives every control and cell an accessible name', async () => {
    await go('/');
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, input, select, textarea')]
        .filter((el) => !(el as HTMLElement).hidden && (el as HTMLInputElement).type !== 'hidden' && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim() && !el.closest('label') && !(el.id && document.querySelector(`label[for="${el.id}"]`)))
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
    await go('/');
    await page.click('#theme');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).to.equal('dark');
    expect(await page.$eval('#theme', (b) => b.getAttribute('aria-label'))).to.equal('Switch to light theme');
    await go('/search?q=arrow');
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor])).to.deep.equal(['dark', 'rgba(0, 0, 0, 0)']);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).to.equal('rgb(20, 23, 29)');
    await shoot('browse-dark');
    await page.click('#theme');
  });
});
