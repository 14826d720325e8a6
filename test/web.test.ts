// The icon browser's pages and files over HTTP, on the fixture releases (test/browser.test.ts runs
// them in Chromium on real data): what the server renders, how it is cached and confined, and that
// GraphQL on / is untouched.
import { expect } from 'chai';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('icon browser pages', () => {
  let http: TestApp['http'];
  before(async () => ({ http } = await buildTestApp()));

  it('renders / with the latest stable release and its glyphs, confined by its CSP', async () => {
    const res = await http.get('/').expect(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.headers['cache-control']).to.equal('no-cache');
    expect(res.headers.etag).to.match(/^"/);
    const csp = res.headers['content-security-policy'];
    expect(csp).to.match(/default-src 'none'/).and.match(/script-src 'self' 'sha256-[^']+'/).and.match(/connect-src 'self'/);
    expect(res.text).to.contain('<option value="1.10.0" selected>1.10.0 (latest)</option>');
    expect(res.text).to.contain('href="/icons/mug-saucer?v=1.10.0" tabindex="-1" aria-label="Mug Saucer (mug-saucer)"><svg viewBox=');
    expect(res.text).to.not.match(/src="https?:|<link[^>]+href="https?:/); // nothing loaded from elsewhere
    await http.get('/').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('falls back to the latest release, saying so, for an unknown or malformed `v`', async () => {
    const res = await http.get('/?v=9.9.9').expect(200);
    expect(res.text).to.contain('release 9.9.9 is not available; showing 1.10.0 instead.');
    expect((await http.get('/?v=1.x').expect(200)).text).to.contain('<option value="1.10.0" selected>');
  });

  it('filters server-side as the script does: pro only, one family-style', async () => {
    const pro = await http.get('/?v=1.2.0&license=pro').expect(200);
    const ids = [...pro.text.matchAll(/href="\/icons\/([^?]+)\?v=1\.2\.0"/g)].map((m) => m[1]);
    const { body } = await http.get('/releases/1.2.0/icons?license=pro').expect(200);
    expect(ids).to.deep.equal(body.icons.map((i: { id: string }) => i.id)).and.include('alien');
    const brands = await http.get('/?v=1.2.0&fs=fab').expect(200);
    expect([...brands.text.matchAll(/href="\/icons\/([^?]+)\?v=1\.2\.0"/g)].map((m) => m[1])).to.deep.equal(['github']);
  });

  it('has one search box on /, the header\'s, which has the focus and searches every icon, or the release and filters chosen', async () => {
    const boxes = (html: string) => [...html.matchAll(/<input [^>]*type="search"|role="search"/g)].length;
    const front = (await http.get('/').expect(200)).text;
    expect(boxes(front), 'one input[type=search] in one role=search form').to.equal(2);
    expect(front).to.contain('<form class="find" id="find" action="/search" method="get" role="search"><label class="sr-only" for="find-q">Search every icon</label>');
    expect(front).to.match(/<input id="find-q" [^>]*autofocus>/).and.contain('<input type="hidden" name="v" value="" disabled>');
    const chosen = (await http.get('/?v=1.2.0&fs=fab').expect(200)).text;
    expect(boxes(chosen)).to.equal(2);
    expect(chosen).to.contain('for="find-q">Search Font Awesome 1.2.0</label>');
    expect(chosen).to.contain('<input type="hidden" name="v" value="1.2.0"><input type="hidden" name="style" value="fab"><input type="hidden" name="license" value="" disabled>');
  });

  it('redirects an old search of / (/?q=...) to /search with the same release and filters, answering that release\'s icons', async () => {
    const old = await http.get('/?q=coffee&v=1.2.0').expect(303);
    expect(old.headers.location).to.equal('/search?q=coffee&v=1.2.0');
    expect(old.headers['cache-control']).to.equal('no-store');
    const found = (await http.get(old.headers.location).expect(200)).text;
    expect(found).to.contain('<option value="1.2.0" selected>Font Awesome 1.2.0</option>').and.contain('1 icon for “coffee” in Font Awesome 1.2.0');
    expect([...found.matchAll(/<a class="hit" href="([^"]+)"/g)].map((m) => m[1])).to.deep.equal(['/icons/mug-saucer?v=1.2.0']);
    // The browser's filters are /search's with a release: a family-style, Free or Pro only (that
    // needs a release: the newest, which / showed with none named). With no q, / is the browser.
    expect((await http.get('/?q=alien&fs=fal&license=pro').expect(303)).headers.location).to.equal('/search?q=alien&license=pro&style=fal&v=1.10.0');
    expect((await http.get('/?q=coffee').expect(303)).headers.location).to.equal('/search?q=coffee');
    await http.get('/?q=&v=1.2.0').expect(200);
  });

  it('searches a release with the browser\'s filters: Pro only, Free, one family-style', async () => {
    const ids = async (path: string) => [...(await http.get(path).expect(200)).text.matchAll(/<a class="hit" href="\/icons\/([^?]+)\?/g)].map((m) => m[1]);
    expect(await ids('/search?q=alien&v=1.2.0&license=pro')).to.deep.equal(['alien']);
    expect(await ids('/search?q=alien&v=1.2.0&license=free')).to.deep.equal([]);
    expect(await ids('/search?q=github&v=1.2.0&style=fab')).to.deep.equal(['github']);
    expect(await ids('/search?q=github&v=1.2.0&style=fas')).to.deep.equal([]);
  });

  it('searches every icon from the header\'s box; with no open set loaded, the latest release answers, each icon saying why it matched', async () => {
    const res = await http.get('/search?q=coffee').expect(200);
    expect(res.text).to.contain('No icon set is loaded here; Font Awesome 1.10.0 is searched.').and.contain('1 icon for “coffee” in Font Awesome 1.10.0');
    expect(res.text).to.match(/<a class="hit" href="\/icons\/mug-saucer\?v=1\.10\.0"><svg [^]*?<span class="hit-id">mug-saucer<\/span><span class="hit-from">Font Awesome 1\.10\.0<\/span><span class="why"><span class="sr-only">matched: <\/span>coffee → mug-saucer</);
    // An older release, by its own index; a pro-only icon is listed without a glyph.
    expect((await http.get('/search?q=coffee&v=1.2.0').expect(200)).text).to.contain('href="/icons/mug-saucer?v=1.2.0"').and.not.contain('No icon set is loaded');
    expect((await http.get('/search?q=alien&v=1.2.0').expect(200)).text).to.contain('<a class="hit" href="/icons/alien?v=1.2.0"><span class="noglyph" aria-hidden="true">Pro</span>');
    expect((await http.get('/search?q=home&v=1.2.0&style=brands').expect(200)).text).to.contain('0 icons for “home” in Font Awesome 1.2.0');
  });

  it('answers a GraphQL GET on / and /graphql as GraphQL, and a browser on /graphql with the page', async () => {
    const { body } = await http.get('/').query({ query: '{ release(version: "1.2.0") { version } }' }).expect(200);
    expect(body).to.deep.equal({ data: { release: { version: '1.2.0' } } });
    expect((await http.get('/graphql').expect(200)).text).to.contain('id="grid"');
  });

  it('shows an icon page with free SVG data only, redirects an alias and 404s an unknown id', async () => {
    const res = await http.get('/icons/house?v=1.2.0').expect(200);
    expect(res.text).to.contain('<h1>House</h1>');
    // Before 6.0, classes name the prefix (as Font Awesome 5 did): this fixture is 1.2.0.
    expect(res.text).to.contain('data-copy="&#60;i class=&#34;fas fa-house&#34;&#62;&#60;/i&#62;"');
    expect(res.text).to.contain("import { faHouse } from &#39;@fortawesome/pro-light-svg-icons&#39;;");
    expect(res.text).to.contain('M575.8 255.5L288 32 .2 255.5z'); // fas, free
    expect(res.text).to.not.contain('M575.8 255.5L288 96 .2 255.5z'); // fal, pro only: no SVG here
    const alias = await http.get('/icons/home?v=1.2.0').expect(302);
    expect(alias.headers.location).to.equal('/icons/house?v=1.2.0');
    const missing = (await http.get('/icons/no-such-icon?v=1.2.0').expect(404)).text;
    expect(missing).to.contain('No icon “no-such-icon” in 1.2.0').and.contain('<a href="/search?q=no+such+icon&#38;v=1.2.0">Search 1.2.0 for it</a>');
  });

  it('serves free SVG data without a token, never pro-only family-styles', async () => {
    const { body } = await http.get('/releases/1.2.0/free-svgs').expect(200);
    expect(Object.keys(body.svgs)).to.not.include('fal');
    expect(body.svgs.fas.house).to.deep.equal([576, 512, 'M575.8 255.5L288 32 .2 255.5z']);
    expect(body.svgs.fas).to.not.have.property('alien'); // a pro-only icon
  });

  it('serves the diff page with a default pair, and the API page with every endpoint', async () => {
    const diff = await http.get('/diff').expect(200);
    expect(diff.text).to.contain('"from":"1.2.0","to":"1.10.0"'); // the latest, from the stable release before it
    const api = await http.get('/api').expect(200);
    expect(api.text).to.contain('/releases/:version/changes?from=:version').and.contain('href="/openapi.json"');
  });

  it('serves web/ files at hashed URLs as immutable, and nothing at other hashes', async () => {
    const page = (await http.get('/api').expect(200)).text;
    const script = /src="(\/web\/[^/]+\/app\.js)"/.exec(page)![1];
    const res = await http.get(script).expect(200);
    expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    await http.get(script).set('If-None-Match', res.headers.etag).expect(304);
    await http.get('/web/not-the-hash/app.js').expect(404);
  });
});
