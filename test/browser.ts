// Headless Chromium (test/chromium.ts) for the offline tests: every request must go to the service under
// test. A page's own HTML is answered by the test (a made-up origin, so loads from the service are
// cross-origin, as from a real site to a CDN); anything else is aborted and recorded.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'puppeteer-core';
import { contentTypeOf } from '../server/http/content-types.ts';
import { launchChromium } from './chromium.ts';

export interface OfflinePage {
  page: Page;
  /** Requests to anywhere but the service (and the site's own pages): should stay empty. */
  blocked: string[];
  /** Console errors, failed requests and page errors (integrity, CORS, 404): should stay empty. */
  problems: string[];
}

export interface OfflineBrowser {
  /** The service's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** Opens `first` of `pages` (path -> HTML, or any file: an unpacked archive) served from the site's origin. */
  open(pages: Record<string, string | Uint8Array>, first: string): Promise<OfflinePage>;
  close(): Promise<void>;
}

/** Listens on a free port with `handler` and launches Chromium, once per test file. */
export async function startOfflineBrowser(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<OfflineBrowser> {
  // Launched first: a browser that cannot start leaves no listening server behind to keep mocha alive.
  const browser: Browser = await launchChromium();
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let sitePages: Record<string, string | Uint8Array> = {};
  const site = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const page = sitePages[path];
    res.writeHead(page === undefined ? 404 : 200, { 'content-type': contentTypeOf(path) }).end(page ?? '');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  return {
    origin,
    async open(pages, first) {
      sitePages = { ...pages, '/favicon.ico': '' };
      const page = await browser.newPage();
      const blocked: string[] = [];
      const problems: string[] = [];
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
      page.on('pageerror', (error) => problems.push(`page error: ${(error as Error).message}`));
      page.on('requestfailed', (request) => {
        if (!blocked.includes(request.url())) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
      });
      page.on('response', (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`));
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith(`${origin}/`) || url.startsWith(`${siteOrigin}/`) || url.startsWith('data:')) return void request.continue();
        blocked.push(url);
        return void request.abort('blockedbyclient');
      });
      await page.goto(`${siteOrigin}${first}`, { waitUntil: 'load' });
      return { page, blocked, problems };
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => site.close(resolve));
    },
  };
}

/** The service's own pages in Chromium: what a page did wrong, and what it asked of other origins. */
export interface ServicePage {
  /** The service's origin, `http://127.0.0.1:<port>`. */
  base: string;
  page: Page;
  /** Console errors and page errors: should stay empty. */
  problems: string[];
  /** Requests to anywhere but the service (data: URLs aside): should stay empty. */
  foreign: string[];
  close(): Promise<void>;
}

/** Listens on a free port with `handler`, launches Chromium and opens one 1200x800 page, watched. */
export async function openServicePage(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<ServicePage> {
  // Launched first: a browser that cannot start leaves no listening server behind to keep mocha alive.
  const browser = await launchChromium();
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 800 });
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()} (${page.url()})`));
  page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on('request', (r) => !r.url().startsWith(base) && !r.url().startsWith('data:') && foreign.push(r.url()));
  return {
    base,
    page,
    problems,
    foreign,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The families of the web fonts the page has loaded (after `document.fonts.ready`). */
export const loadedFontFamilies = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family.replace(/^"|"$/g, ''));
  });

/** The rendered width of an element's ::before content (a webfont glyph), and the font it names. */
export const glyphOf = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const style = getComputedStyle(element, '::before');
    return { content: style.content, fontFamily: style.fontFamily, width: element.getBoundingClientRect().width };
  });
