// The real Iconify clients, unchanged, draw icons from this service's Iconify API (/iconify) alone:
// the iconify-icon web component and @iconify/react, in headless Chromium with no other host
// reachable (test/browser.ts), on a database holding Font Awesome 7.3.1 (so fa7-solid and the
// other fa7-* sets) and @iconify-json/mdi. What each client drew must be what the service's own
// JSON says, and that must be the glyph as its package ships it.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { defaultPackageDir } from '../seeds/defaults.ts';
import { startOfflineBrowser, type OfflineBrowser, type OfflinePage } from './browser.ts';
import { buildTestApp, databaseWith, loadPackages, type TestApp } from './helpers.ts';
import { drawingFrom, drawnIcons, reactSite, webComponentSite, type Drawing } from './iconify-pages.ts';
import { root } from './process-helpers.ts';

const MDI = join(root, 'node_modules/@iconify-json/mdi');

/** The glyphs as their packages ship them, independent of the service. */
const mdiHomePath = /\sd="([^"]+)"/.exec((JSON.parse(readFileSync(join(MDI, 'icons.json'), 'utf8')) as IconifyJSON).icons.home.body)![1];
const mugSaucerPath = /\sd="([^"]+)"/.exec(readFileSync(join(defaultPackageDir('7.3.1'), 'svgs/solid/mug-saucer.svg'), 'utf8'))![1];

describe('Iconify clients drawing from this service alone, in Chromium', function () {
  this.timeout(120_000);
  let app: TestApp;
  let browser: OfflineBrowser;
  let api: string;
  /** The paths of the requests the browser made to /iconify/, in order. */
  const served: string[] = [];
  let opened: OfflinePage | undefined;

  before(async () => {
    const database = await databaseWith('packages 7.3.1, its Iconify sets, mdi', async (db) => {
      await loadPackages(['7.3.1'])(db);
      await syncFontAwesomeSets(db);
      await addIconSets(db, MDI);
    });
    app = await buildTestApp({ database });
    browser = await startOfflineBrowser((req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/iconify/')) served.push(req.url);
      app.handler(req, res);
    });
    api = `${browser.origin}/iconify`;
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(() => {
    served.length = 0;
  });

  // Pages share the browser's HTTP cache: without this, a later page would draw from answers an
  // earlier one fetched and never reach the service.
  afterEach(async () => {
    const page = opened?.page;
    opened = undefined;
    if (!page) return;
    try {
      await (await page.createCDPSession()).send('Network.clearBrowserCache');
    } finally {
      await page.close();
    }
  });

  /** What a client should draw for `icon`, from the service's own JSON answer. */
  async function servedDrawing(icon: string): Promise<Drawing> {
    const [prefix, name] = icon.split(':');
    const res = await app.http.get(`/iconify/${prefix}.json?icons=${name}`);
    expect(res.status, `GET /iconify/${prefix}.json?icons=${name}: ${res.text.slice(0, 300)}`).to.equal(200);
    return drawingFrom(res.body as IconifyJSON, name);
  }

  async function expectedDrawings(icons: string[]): Promise<Record<string, Drawing>> {
    const drawings = Object.fromEntries(await Promise.all(icons.map(async (icon) => [icon, await servedDrawing(icon)] as const)));
    expect(drawings['mdi:home'].paths, "the service's mdi:home").to.deep.equal([mdiHomePath]);
    expect(drawings['fa7-solid:mug-saucer'], "the service's fa7-solid:mug-saucer").to.deep.equal({ viewBox: '0 0 576 512', paths: [mugSaucerPath] });
    if (drawings['fa7-solid:coffee']) expect(drawings['fa7-solid:coffee'], "the service's alias fa7-solid:coffee").to.deep.equal(drawings['fa7-solid:mug-saucer']);
    return drawings;
  }

  /** Opens `site` at `first`, reads what it drew, and checks nothing left the machine or went wrong. */
  async function drawOn(site: Record<string, string>, first: string): Promise<Record<string, Drawing>> {
    opened = await browser.open(site, first);
    const { page, blocked, problems } = opened;
    const drawn = await drawnIcons(page).catch((error: Error) => {
      throw new Error(`${error.message}\n  blocked: ${JSON.stringify(blocked)}\n  problems: ${JSON.stringify(problems)}\n  served: ${JSON.stringify(served)}`);
    });
    expect(blocked, 'requests that would have left the machine').to.deep.equal([]);
    expect(problems, problems.join('\n')).to.deep.equal([]);
    expect(served.length, 'requests that reached /iconify/').to.be.above(0);
    return drawn;
  }

  it('when a page sets IconifyProviders to the service, the iconify-icon web component draws mdi:home, fa7-solid:mug-saucer and its old name fa7-solid:coffee', async () => {
    const icons = ['mdi:home', 'fa7-solid:mug-saucer', 'fa7-solid:coffee'];
    const expected = await expectedDrawings(icons);
    expect(await drawOn(webComponentSite(api, icons), '/web-component.html')).to.deep.equal(expected);
    expect(served.some((path) => path.startsWith('/iconify/mdi.json?')), `mdi asked for: ${served}`).to.equal(true);
    expect(served.some((path) => path.startsWith('/iconify/fa7-solid.json?')), `fa7-solid asked for: ${served}`).to.equal(true);
  });

  it('when a React app calls addAPIProvider with the service, @iconify/react draws mdi:home and fa7-solid:mug-saucer', async () => {
    const icons = ['mdi:home', 'fa7-solid:mug-saucer'];
    const expected = await expectedDrawings(icons);
    expect(await drawOn(await reactSite(api, icons), '/react.html')).to.deep.equal(expected);
    expect(served.some((path) => path.startsWith('/iconify/mdi.json?')), `mdi asked for: ${served}`).to.equal(true);
    expect(served.some((path) => path.startsWith('/iconify/fa7-solid.json?')), `fa7-solid asked for: ${served}`).to.equal(true);
  });
});
