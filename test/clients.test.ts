// Real clients against real data: the three default Font Awesome Free releases (imported once for
// this file) and a kit made with the operator CLI (a subset of two family-styles, `only` on one;
// a one-path and a two-path upload). Each document of clients.md is sent as the client sends it,
// and the answers the client depends on are checked.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrityProblems } from '../db/integrity.ts';
import { adminServices, buildAdminProgram } from '../scripts/admin-program.ts';
import { defaultPackageDir, seedDefaultsIfEmpty } from '../seeds/defaults.ts';
import * as documents from './clients/documents.ts';
import { buildTestApp, databaseWith, type TestApp } from './helpers.ts';

describe('real clients on real data', function () {
  this.timeout(60_000);
  let app: TestApp;
  let apiToken: string;
  let kitToken: string;
  let dir: string;

  /** Runs an operator command in-process, as `npm run admin -- ...` would; returns its output lines. */
  async function admin(...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    await buildAdminProgram({ services: () => adminServices(app.database, 3600), checkDatabase: (level) => integrityProblems(app.database.sqlite!.$client, level), print: (line) => lines.push(line) }).parseAsync(args, { from: 'user' });
    return lines;
  }

  before(async () => {
    app = await buildTestApp({ database: await databaseWith('default releases', (db) => seedDefaultsIfEmpty(db, { info: () => {} })) });
    dir = mkdtempSync(join(tmpdir(), 'iconmeta-clients-'));
    writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M0 0h448v512z"/></svg>');
    writeFileSync(join(dir, 'duo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 512"><path d="M0 0h10z"/><path d="M20 20h10z"/></svg>');
    apiToken = (await admin('token', 'create', '--email', 'site@example.test', '--scopes', 'kits_read')).at(-1)!;
    kitToken = (await admin('kit', 'create', '--email', 'site@example.test', '--name', 'WordPress site', '--version', '7.x', '--license', 'free', '--technology', 'svg')).at(-1)!;
    await admin('kit', 'subset', kitToken, '--family-style', 'fas', '--family-style', 'far', '--only', 'far:house,user');
    await admin('upload', 'add', '--kit', kitToken, '--name', 'acme-logo', '--svg', join(dir, 'logo.svg'));
    await admin('upload', 'add', '--kit', kitToken, '--name', 'acme-duo', '--svg', join(dir, 'duo.svg'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The WordPress plugin's transport: `{"query": ...}` from wp_json_encode, `authorization: Bearer <token or nothing>`. */
  const wordpress = (query: string, accessToken = '') =>
    app.http.post('/').set('Content-Type', 'application/json').set('authorization', `Bearer ${accessToken}`).send(`{"query": ${JSON.stringify(query)}}`).expect(200);
  const accessToken = async () =>
    (await app.http.post('/token').set('Content-Type', 'application/x-www-form-urlencoded').set('Authorization', `Bearer ${apiToken}`).send('').expect(200)).body;
  /** The chooser hands `(query, variables)` to its host, which posts them as JSON with the access token. */
  const chooser = async (query: string, variables: object) => {
    const { access_token } = await accessToken();
    const res = await app.http.post('/').set('Authorization', `Bearer ${access_token}`).send({ query, variables }).expect(200);
    expect(res.body.errors, query.slice(0, 40)).to.equal(undefined);
    return res.body.data;
  };

  describe('WordPress plugin 5.2', () => {
    it('exchanges its API token with an empty form body, getting an integer expires_in', async () => {
      const body = await accessToken();
      expect(Number.isInteger(body.expires_in)).to.equal(true);
      expect(body.token_type).to.equal('Bearer');
    });

    for (const [form, query] of [['as clients.md gives it', documents.WORDPRESS_RELEASES], ['with its source newlines and tabs', documents.WORDPRESS_RELEASES_SOURCE]] as const) {
      it(`loads releases and SRIs anonymously (${form}), with the integrity of the real files`, async () => {
        const { body } = await wordpress(query);
        expect(body.errors).to.equal(undefined);
        expect([body.data.latest_version_5, body.data.latest_version_6, body.data.latest_version_7]).to.deep.equal([{ version: '5.15.4' }, { version: '6.7.2' }, { version: '7.3.1' }]);
        const seven = body.data.releases.find((r: any) => r.version === '7.3.1');
        // The block editor checks the copy of css/svg-with-js.css it makes: the CDN serves the minified build there.
        const sri = seven.srisByLicense.free.find((s: any) => s.path === 'css/svg-with-js.css');
        const file = readFileSync(join(defaultPackageDir('7.3.1'), 'css/svg-with-js.min.css'));
        expect(sri.value).to.equal(`sha384-${createHash('sha384').update(file).digest('base64')}`);
        // And the value the public API gives (font-awesome-data.md).
        const five = body.data.releases.find((r: any) => r.version === '5.15.4');
        expect(five.srisByLicense.free.find((s: any) => s.path === 'css/all.css').value).to.equal('sha384-DyZ88mC6Up2uqS4h/KRgHuoeGwBcD4Ng9SiP4dIRy0EXTlnuz47vAwmeGwVChigm');
      });
    }

    it('lists the kits of the token', async () => {
      const { access_token } = await accessToken();
      const { body } = await wordpress(documents.WORDPRESS_KITS, access_token);
      expect(body.errors).to.equal(undefined);
      expect(body.data.me.kits).to.deep.equal([
        { name: 'WordPress site', version: '7.x', technologySelected: 'svg', licenseSelected: 'free', minified: true, token: kitToken, shimEnabled: false, autoAccessibilityEnabled: true, status: 'published' },
      ]);
      // Its admin page sends the same document as a plain-text body through the plugin's proxy.
      const plain = await app.http.post('/').set('Content-Type', 'text/plain').set('Authorization', `Bearer ${access_token}`).send(documents.WORDPRESS_KITS).expect(200);
      expect(plain.body.data).to.deep.equal(body.data);
    });
  });

  describe('icon chooser 0.11, kit mode', () => {
    it('probes the kit revision (never cached by the chooser)', async () => {
      const { me } = await chooser(documents.CHOOSER_KIT_REVISION, { token: kitToken });
      expect(me.kit.kitRevision).to.equal(4); // created, subset set, two uploads
      expect(me.kit.showcaseCacheKey).to.be.a('string').and.include('4');
    });

    it("loads kit metadata: the subset's family-styles, release, permits and uploads", async () => {
      const { kit } = (await chooser(documents.CHOOSER_KIT_METADATA, { token: kitToken })).me;
      expect(kit.familyStylesPaginated.familyStyles).to.deep.equal([
        { familyStyle: { family: 'classic', style: 'regular', prefix: 'far' } },
        { familyStyle: { family: 'classic', style: 'solid', prefix: 'fas' } },
      ]);
      expect(kit).to.deep.include({ version: '7.x', technologySelected: 'svg', licenseSelected: 'free', name: 'WordPress site', release: { version: '7.3.1' }, permits: { embedProSvg: [] } });
      // The chooser adds the fak style for one-path uploads and fakd for two-path ones.
      expect(kit.iconUploads).to.deep.equal([
        { name: 'acme-duo', unicode: 0xe001, version: 1, width: '640', height: '512', pathData: ['M0 0h10z', 'M20 20h10z'] },
        { name: 'acme-logo', unicode: 0xe000, version: 1, width: '448', height: '512', pathData: ['M0 0h448v512z'] },
      ]);
    });

    it('searches the subset (OFFICIAL), one icon with only its subset variants, and pages with pageSize 50', async () => {
      const search = (query: string, searchMode: string, page = 1) => chooser(documents.CHOOSER_SEARCH_KIT, { token: kitToken, query, searchMode, page, pageSize: 50 });
      const house = (await search('house', 'OFFICIAL')).me.kit.searchKit;
      expect(house.icons[0]).to.deep.equal({
        __typename: 'IconWithVariants', name: 'house', label: 'House', unicodeHex: 'f015',
        variants: [
          { name: 'house', unicodeHex: 'f015', familyStyle: { family: 'classic', style: 'regular', prefix: 'far' } },
          { name: 'house', unicodeHex: 'f015', familyStyle: { family: 'classic', style: 'solid', prefix: 'fas' } },
        ],
      });
      // Regular holds only house and user: any other icon comes in solid alone, and no brand ever.
      for (const icon of house.icons.slice(1)) {
        expect(icon.variants.map((v: any) => v.familyStyle.prefix), icon.name).to.deep.equal(icon.name === 'user' ? ['far', 'fas'] : ['fas']);
      }
      const github = (await search('github', 'OFFICIAL')).me.kit.searchKit.icons;
      // The brand itself is outside the kit; what remains are solid icons that mention it (code-branch, ...).
      expect(github.map((i: any) => i.name)).to.not.include('github');
      expect(github.flatMap((i: any) => i.variants.map((v: any) => v.familyStyle.prefix))).to.satisfy((p: string[]) => p.every((x) => x === 'fas'));
      const first = (await search('a', 'OFFICIAL')).me.kit.searchKit;
      expect(first).to.deep.include({ page: 1, pageSize: 50 });
      expect(first.totalPageCount).to.be.greaterThan(1);
      const second = (await search('a', 'OFFICIAL', 2)).me.kit.searchKit;
      expect(second.page).to.equal(2);
      expect(second.icons.map((i: any) => i.name)).to.not.include.members(first.icons.map((i: any) => i.name));
    });

    it('searches the uploads (CUSTOM, for fak and fakd)', async () => {
      const { searchKit } = (await chooser(documents.CHOOSER_SEARCH_KIT, { token: kitToken, query: 'acme', searchMode: 'CUSTOM', page: 1, pageSize: 50 })).me.kit;
      expect(searchKit).to.deep.equal({
        page: 1, pageSize: 50, totalIconCount: 2, totalPageCount: 1,
        icons: [
          { __typename: 'IconUpload', name: 'acme-duo', unicodeHex: 'e001', width: '640', height: '512', pathData: ['M0 0h10z', 'M20 20h10z'] },
          { __typename: 'IconUpload', name: 'acme-logo', unicodeHex: 'e000', width: '448', height: '512', pathData: ['M0 0h448v512z'] },
        ],
      });
    });

    it('opens each family-style with a stable showcase of its icons, at most 80', async () => {
      const showcase = async (prefix: string) => (await chooser(documents.CHOOSER_SHOWCASE_ICONS, { token: kitToken, selector: { prefix } })).me.kit.showcaseIcons;
      const solid = await showcase('fas');
      expect(solid).to.deep.include({ page: 1, pageSize: 80, totalIconVariantCount: 80, totalPageCount: 1 });
      expect(solid.iconVariants.every((v: any) => v.familyStyle.prefix === 'fas')).to.equal(true);
      // Categories take turns offering their longest-standing icons: staples, across the library's range.
      expect(solid.iconVariants.map((v: any) => v.name)).to.include.members(['house', 'user', 'heart', 'bell', 'music', 'camera']);
      expect(await showcase('fas')).to.deep.equal(solid);
      expect((await showcase('far')).iconVariants.map((v: any) => v.name)).to.deep.equal(['house', 'user']);
      expect((await showcase('fab')).iconVariants).to.deep.equal([]); // not in the kit
    });
  });

  describe('icon chooser 0.7-0.10', () => {
    it('loads kit metadata from the release', async () => {
      const { kit } = (await chooser(documents.CHOOSER_OLD_KIT_METADATA, { token: kitToken })).me;
      expect(kit.release.version).to.equal('7.3.1');
      expect(kit.release.familyStyles.map((fs: any) => fs.prefix)).to.include.members(['fas', 'far', 'fab']);
      expect(kit.iconUploads.map((u: any) => u.pathData.length)).to.deep.equal([2, 1]);
    });

    it('searches in version mode (as the 0.11 chooser does without a kit)', async () => {
      const { search } = await chooser(documents.CHOOSER_SEARCH, { version: '7.3.1', query: 'house' });
      expect(search[0]).to.deep.equal({
        id: 'house', label: 'House',
        familyStylesByLicense: {
          free: [{ family: 'classic', style: 'regular' }, { family: 'classic', style: 'solid' }],
          pro: [{ family: 'classic', style: 'regular' }, { family: 'classic', style: 'solid' }],
        },
      });
      expect(search.length).to.be.within(2, 100);
    });
  });
});
