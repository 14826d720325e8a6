// The icon picker (an MCP App) in Chromium, hosted as a chat client hosts it: a page with the
// package's AppBridge and the picker's resource in a sandboxed frame. The bridge passes the
// picker's tool calls to the real server through the SDK's client; a search draws icons, a click
// sends the pick to the conversation, the host's theme is followed, and nothing comes from another host.
import { expect } from 'chai';
import { build } from 'esbuild';
import type { Frame, Page } from 'puppeteer-core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import { startOfflineBrowser, type OfflineBrowser, type OfflinePage } from './browser.ts';
import { httpClient, listen, mcpWorld, type Listening } from './mcp-world.ts';
import { root } from './process-helpers.ts';
import type { SharedTestDatabase } from './shared-test-database.ts';

/** The host's script: the picker in a sandboxed frame, connected through AppBridge. */
const HOST = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
const frame = document.createElement('iframe');
frame.sandbox = 'allow-scripts';
frame.style.cssText = 'width: 900px; height: 700px; border: 0';
frame.srcdoc = window.pickerHtml;
document.body.append(frame);
window.picked = [];
const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {}, message: { text: {} } }, { hostContext: { theme: 'dark' } });
bridge.oncalltool = (params) => window.callServerTool(params);
bridge.onmessage = async (params) => (window.picked.push(params), {});
bridge.oninitialized = () => (window.initialized = true);
window.bridge = bridge;
await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
`;

describe('the icon picker (MCP App) in Chromium', function () {
  this.timeout(120_000);
  let world: SharedTestDatabase;
  let served: Listening;
  let client: Client;
  let browser: OfflineBrowser;
  let opened: OfflinePage;
  let page: Page;
  let picker: Frame;

  before(async () => {
    world = await mcpWorld();
    served = await listen(world);
    client = await httpClient(served.url);
    browser = await startOfflineBrowser(served.app.handler);
    const { contents } = await client.readResource({ uri: 'ui://iconmeta/icon-picker.html' });
    expect(contents[0].mimeType).to.equal(RESOURCE_MIME_TYPE);
    const host = await build({ stdin: { contents: HOST, resolveDir: root, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
    const html = (contents[0] as { text: string }).text;
    const hostPage = `<!doctype html><meta charset="utf-8"><body><script>window.pickerHtml = ${JSON.stringify(html).replaceAll('<', '\\u003c')};</script><script type="module">${host.outputFiles[0].text.replaceAll('</script', '<\\/script')}</script></body>`;
    // The page is opened blank first, so that the bridge's route to the server exists before its script runs.
    opened = await browser.open({ '/blank.html': '<!doctype html><title>blank</title>', '/host.html': hostPage }, '/blank.html');
    page = opened.page;
    await page.exposeFunction('callServerTool', (params: { name: string; arguments?: Record<string, unknown> }) => client.callTool(params));
    await page.goto(page.url().replace('/blank.html', '/host.html'), { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { initialized?: boolean }).initialized === true, { timeout: 30_000 });
    picker = page.frames().find((frame) => frame !== page.mainFrame())!;
    await picker.waitForSelector('body[data-ready="true"]');
  });
  after(async () => {
    await browser?.close();
    await client?.close();
    await served?.close();
    await world?.remove();
  });
  afterEach(() => {
    expect(opened.problems, opened.problems.join('\n')).to.deep.equal([]);
    expect(opened.blocked, 'requests to other hosts').to.deep.equal([]);
  });

  it('is the resource of the pick_icon tool, served as an MCP App with everything inline', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'pick_icon')!;
    expect(tool._meta).to.deep.include({ ui: { resourceUri: 'ui://iconmeta/icon-picker.html' } });
    const { resources } = await client.listResources();
    expect(resources).to.deep.include({ uri: 'ui://iconmeta/icon-picker.html', name: 'icon-picker', title: 'Icon picker', description: resources[0].description, mimeType: RESOURCE_MIME_TYPE });
    const { contents } = await client.readResource({ uri: 'ui://iconmeta/icon-picker.html' });
    expect((contents[0] as { text: string }).text).not.to.match(/<script[^>]+src=|<link[^>]+href=/);
  });

  it('follows the host\'s theme', async () => {
    expect(await picker.evaluate(() => document.documentElement.dataset.theme)).to.equal('dark');
    const dark = await picker.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.evaluate(() => (window as unknown as { bridge: { setHostContext(c: object): void } }).bridge.setHostContext({ theme: 'light' }));
    await picker.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await picker.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.to.equal(dark);
  });

  it('shows the first search the tool answered, then what is typed, drawn', async () => {
    const first = await client.callTool({ name: 'pick_icon', arguments: { query: 'home' } });
    await page.evaluate((result) => (window as unknown as { bridge: { sendToolResult(r: unknown): void } }).bridge.sendToolResult(result), first as unknown as Record<string, unknown>);
    await picker.waitForSelector('#grid button[data-id="mdi:home"] svg path');
    expect(await picker.$eval('#query', (input) => (input as HTMLInputElement).value)).to.equal('home');
    await picker.click('#query', { count: 3 });
    await picker.type('#query', 'close');
    await picker.waitForSelector('#grid button[data-id="mdi:close"] svg path');
    expect(await picker.$eval('#status', (status) => status.textContent)).to.match(/icons for “close”/);
  });

  it('keeps to the set and style chosen', async () => {
    expect(await picker.$$eval('#set option', (options) => options.length)).to.be.above(6);
    await picker.select('#set', 'mdi');
    await picker.waitForFunction(() => [...document.querySelectorAll('#grid button')].every((b) => (b as HTMLElement).dataset.id!.startsWith('mdi:')));
    await picker.select('#set', '');
    await picker.select('#style', 'solid');
    await picker.waitForFunction(() => {
      const ids = [...document.querySelectorAll('#grid button')].map((b) => (b as HTMLElement).dataset.id!);
      return ids.length > 0 && ids.every((id) => /^fa\d*-solid:/.test(id) || id.split(':')[1].split('-').includes('solid'));
    });
    await picker.select('#style', '');
    await picker.waitForSelector('#grid button[data-id="mdi:close"]');
  });

  it('sends the icon clicked to the conversation', async () => {
    await picker.click('#grid button[data-id="mdi:close"]');
    await page.waitForFunction(() => (window as unknown as { picked: unknown[] }).picked.length === 1);
    const [message] = await page.evaluate(() => (window as unknown as { picked: { role: string; content: { type: string; text: string }[] }[] }).picked);
    expect(message.role).to.equal('user');
    expect(message.content[0].text).to.include('mdi:close').and.include('<iconify-icon icon="mdi:close"></iconify-icon>');
    expect(await picker.$eval('#grid button[data-id="mdi:close"]', (b) => b.getAttribute('aria-pressed'))).to.equal('true');
  });
});
