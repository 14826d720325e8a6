// Kit loaders: GET /<kit>.js and the kit's script or stylesheet, for an SVG kit (a custom subset,
// an upload, v4 shims on) and a webfont kit, on release 7.3.1 imported from its package; then
// pages that include only the loader, in headless Chromium with no other host reachable.
import { expect } from 'chai';
import { eq } from 'drizzle-orm';
import { loadedFontFamilies, startOfflineBrowser, type OfflineBrowser } from './browser.ts';
import { readFont } from './font-reader.ts';
import { buildTestApp, packagesDatabase, type TestApp } from './helpers.ts';

const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 512"><path d="M0 0h640v512H0z"/></svg>';

describe('kit loaders', function () {
  this.timeout(60_000);
  let app: TestApp;
  let svgKit: string;
  let fontKit: string;

  before(async () => {
    app = await buildTestApp({ database: await packagesDatabase(['7.3.1']) });
    const kit = async (technology: 'svg' | 'webfont', version: string) =>
      (await app.kits.create({ email: 'site@example.test', name: `${technology} kit`, version, license: 'free', technology })).token;
    svgKit = await kit('svg', '7.x');
    await app.kits.setSubset(svgKit, { type: 'CUSTOM', entries: [{ prefix: 'fas', only: null }, { prefix: 'far', only: ['house', 'user'] }] }, app.releases);
    await app.kits.addUpload(svgKit, 'acme-logo', LOGO);
    const { db, t } = app.database;
    await db.update(t.kits).set({ shimEnabled: true }).where(eq(t.kits.token, svgKit));
    fontKit = await kit('webfont', '7.3.1');
    await app.kits.setSubset(fontKit, { type: 'CUSTOM', entries: [{ prefix: 'fas', only: ['house', 'user'] }, { prefix: 'fab', only: null }] }, app.releases);
    await app.kits.addUpload(fontKit, 'acme-logo', LOGO);
  });

  it('serves a loader script per kit that loads its files from the same origin, with short caching', async () => {
    const res = await app.http.get(`/${svgKit}.js`).expect(200);
    expect(res.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).to.equal('public, max-age=300');
    expect(res.text).to.include(`/releases/v7.3.1/js/free.min.js?token=${svgKit}&revision=3`);
    expect((await app.http.get(`/${fontKit}.js`).expect(200)).text).to.include(`/releases/v7.3.1/css/free.min.css?token=${fontKit}`);
    const missing = await app.http.get('/abcdef1234.js').expect(404);
    expect(missing.headers['content-type']).to.match(/^application\/problem\+json/);
  });

  it("serves an SVG kit's script: its subset's icons with their aliases, its uploads as fak, the SVG core, the v4 shims", async () => {
    const { text } = await app.http.get(`/releases/v7.3.1/js/free.min.js?token=${svgKit}`).expect(200);
    const packs = Object.fromEntries([...text.matchAll(/define\("([a-z]+)", (\{.*?\}), "fa-[a-z-]+"\);\n/g)].map(([, prefix, icons]) => [prefix, JSON.parse(icons)]));
    expect(Object.keys(packs).sort()).to.deep.equal(['fak', 'far', 'fas']);
    expect(Object.keys(packs.far)).to.deep.equal(['house', 'user']);
    expect(packs.fas.house.slice(0, 4)).to.deep.equal([512, 512, ['home', 'home-alt', 'home-lg-alt'], 'f015']);
    expect(packs.fak['acme-logo']).to.deep.equal([640, 512, [], 'e000', 'M0 0h640v512H0z']);
    expect(text).to.include('Font Awesome Free 7.3.1').and.include('window.FontAwesomeConfig');
    expect(text.match(/shims/g)?.length).to.be.above(3);
    const noToken = await app.http.get('/releases/v7.3.1/js/free.min.js').expect(400);
    expect(noToken.body.invalidParams[0].name).to.equal('token');
  });

  it("serves a webfont kit's stylesheet: the release's CSS for its family-styles, fonts cut to its listed icons, its uploads' rules", async () => {
    const { text, headers } = await app.http.get(`/releases/v7.3.1/css/free.min.css?token=${fontKit}`).expect(200);
    expect(headers['content-type']).to.equal('text/css; charset=utf-8');
    expect(text).to.include(`url(../webfonts/fa-solid-900.woff2?token=${fontKit}&revision=3)`).and.include('url(../webfonts/fa-brands-400.woff2)');
    expect(text).to.not.include('fa-regular-400');
    expect(text).to.match(/\.fa-kit\.fa-acme-logo::before/);
    const font = await app.http.get(`/releases/v7.3.1/webfonts/fa-solid-900.woff2?token=${fontKit}`).buffer(true).parse(binary).expect(200);
    expect(font.headers['content-type']).to.equal('font/woff2');
    expect((await readFont(font.body)).codePoints).to.deep.equal([0xf007, 0xf015]);
    await app.http.get(`/releases/v7.3.1/webfonts/fa-regular-400.woff2?token=${fontKit}`).expect(404);
  });

  describe('in a browser with no network but this service', () => {
    let browser: OfflineBrowser;
    before(async () => (browser = await startOfflineBrowser(app.handler)));
    after(async () => browser?.close());

    it('an SVG kit page shows the kit icons, a v4 name through the shims and the upload, and not what the subset leaves out', async () => {
      const { page, blocked, problems } = await browser.open(
        {
          '/svg-kit.html': `<!doctype html><html><head><script src="${browser.origin}/${svgKit}.js" crossorigin="anonymous"></script></head><body>
            <i class="fa-solid fa-house"></i> <i class="fa-regular fa-user"></i> <i class="fa fa-glass"></i>
            <i class="fa-kit fa-acme-logo"></i> <i id="left-out" class="fa-regular fa-star"></i></body></html>`,
        },
        '/svg-kit.html',
      );
      await page.waitForSelector('svg[data-prefix="fak"][data-icon="acme-logo"]', { timeout: 10_000 });
      const icons = await page.$$eval('svg[data-icon]', (svgs) => svgs.map((svg) => `${svg.getAttribute('data-prefix')}:${svg.getAttribute('data-icon')}:${svg.getAttribute('aria-hidden')}:${svg.querySelector('.missing') !== null}`));
      // fa-glass is Font Awesome 4's name (the shims); the SVG core marks an icon it does not have as missing.
      expect(icons).to.deep.equal(['fas:house:true:false', 'far:user:true:false', 'fas:martini-glass-empty:true:false', 'fak:acme-logo:true:false', 'far:star:true:true']);
      expect(await page.$eval('svg[data-icon="acme-logo"] path', (path) => path.getAttribute('d'))).to.equal('M0 0h640v512H0z');
      expect(blocked).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
      await page.close();
    });

    it('a webfont kit page shows glyphs from the release fonts and the upload', async () => {
      const { page, blocked, problems } = await browser.open(
        {
          '/font-kit.html': `<!doctype html><html><head><script src="${browser.origin}/${fontKit}.js" crossorigin="anonymous"></script></head><body>
            <i id="house" class="fa-solid fa-house"></i> <i class="fa-brands fa-github"></i> <i id="logo" class="fa-kit fa-acme-logo"></i></body></html>`,
        },
        '/font-kit.html',
      );
      await page.waitForFunction(() => getComputedStyle(document.querySelector('#logo')!, '::before').maskImage.startsWith('url('), { timeout: 10_000 });
      expect(await loadedFontFamilies(page)).to.include.members(['Font Awesome 7 Free', 'Font Awesome 7 Brands']);
      const logo = await page.$eval('#logo', (element) => element.getBoundingClientRect().width);
      expect(logo).to.be.above(0);
      expect(await page.$eval('#house', (element) => element.getAttribute('aria-hidden'))).to.equal('true');
      expect([blocked, problems]).to.deep.equal([[], []]);
      await page.close();
    });
  });
});
