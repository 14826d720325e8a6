// Kit subsets on the fixture release (family-styles in order fal, far, fas, fab, fast, fass,
// fands; free ones: far, fas, fab): what a kit includes, how it searches and shows itself, and
// the collection subsets that share the same types.
import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import type { KitRow } from '../server/kits/kits.repo.ts';
import { createReleasesRepo } from '../server/releases/releases.repo.ts';
import { createReleasesService } from '../server/releases/releases.service.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { sqliteOnly } from './test-dialect.ts';

describe('kit subsets', () => {
  let http: TestApp['http'], auth: TestApp['auth'], kits: TestApp['kits'];
  let releases: ReturnType<typeof createReleasesService>;
  const owner = 'owner@example.test';
  let free: KitRow, pro: KitRow, custom: KitRow;
  before(async () => {
    let database: TestApp['database'];
    ({ http, auth, kits, database } = await buildTestApp());
    releases = createReleasesService(createReleasesRepo(database));
    await releases.refresh();
    free = await kits.create({ email: owner, name: 'Free', version: '1.x', license: 'free', technology: 'svg' });
    pro = await kits.create({ email: owner, name: 'Pro', version: '1.2.0', license: 'pro', technology: 'svg' });
    custom = await kits.create({ email: owner, name: 'Custom', version: '1.x', license: 'free', technology: 'webfont' });
    await kits.addUpload(custom.token, 'acme-logo', '<svg viewBox="0 0 512 512"><path d="M0 0h512z"/></svg>');
    await kits.addUpload(custom.token, 'acme-duo', '<svg viewBox="0 0 512 512"><path d="M1 1z"/><path d="M2 2z"/></svg>');
    await kits.setSubset(custom.token, { type: 'CUSTOM', entries: [{ prefix: 'fas', only: null }, { prefix: 'far', only: ['home'] }] }, releases);
  });

  let token: string;
  const tokenFor = async (scopes: string[]) => {
    const api = (await auth.createApiToken({ email: owner, scopes })).token;
    return (await http.post('/token').set('Authorization', `Bearer ${api}`).expect(200)).body.access_token as string;
  };
  before(async () => (token = await tokenFor(['kits_read', 'svg_icons_free', 'profile_read'])));
  const gql = async (query: string, variables?: object, as = token) => (await http.post('/graphql').set('Authorization', `Bearer ${as}`).send({ query, variables }).expect(200)).body;
  const kitField = async (kitToken: string, selection: string, as?: string) => {
    const body = await gql(`query($t: String!) { me { kit(token: $t) { ${selection} } } }`, { t: kitToken }, as);
    return { kit: body.data?.me?.kit, errors: body.errors as any[] | undefined };
  };
  const prefixes = (list: any[]) => list.map((x) => x.familyStyle.prefix);

  it('gives a new kit every family-style its license allows: FULL', async () => {
    const f = await kitField(free.token, 'subsetType subsetTypeLabel familyStylesPaginated { totalFamilyStyleCount familyStyles { familyStyle { prefix } only { page } } }');
    expect(f.kit.subsetType).to.equal('FULL');
    expect(f.kit.subsetTypeLabel).to.be.a('string').and.not.equal('');
    expect(prefixes(f.kit.familyStylesPaginated.familyStyles)).to.deep.equal(['far', 'fas', 'fab']);
    expect(f.kit.familyStylesPaginated.familyStyles.every((s: any) => s.only === null)).to.equal(true);
    const p = await kitField(pro.token, 'familyStylesPaginated(page: 2, pageSize: 3) { page pageSize totalFamilyStyleCount totalPageCount familyStyles { familyStyle { prefix } } }');
    expect(p.kit.familyStylesPaginated).to.deep.include({ page: 2, pageSize: 3, totalFamilyStyleCount: 7, totalPageCount: 3 });
    expect(prefixes(p.kit.familyStylesPaginated.familyStyles)).to.deep.equal(['fab', 'fast', 'fass']);
  });

  it('gives a CUSTOM kit its chosen family-styles, whole or only listed icons (aliases stored as ids)', async () => {
    const { kit } = await kitField(custom.token, 'subsetType kitRevision showcaseCacheKey familyStylesPaginated { familyStyles { familyStyle { prefix } iconVariantsPaginated { totalIconVariantCount } only { iconVariants { name } } } }');
    expect(kit.subsetType).to.equal('CUSTOM');
    expect(kit.kitRevision).to.equal(4); // created, two uploads, one subset change
    expect(kit.showcaseCacheKey).to.include(String(kit.kitRevision));
    expect(kit.familyStylesPaginated.familyStyles).to.deep.equal([
      { familyStyle: { prefix: 'far' }, iconVariantsPaginated: { totalIconVariantCount: 1 }, only: { iconVariants: [{ name: 'house' }] } },
      { familyStyle: { prefix: 'fas' }, iconVariantsPaginated: { totalIconVariantCount: 7 }, only: null },
    ]);
  });

  it('changes kitRevision and showcaseCacheKey when the subset changes', async () => {
    const kit = await kits.create({ email: owner, name: 'Moving', version: '1.x', license: 'free', technology: 'svg' });
    const before = (await kitField(kit.token, 'kitRevision showcaseCacheKey')).kit;
    await kits.setSubset(kit.token, { type: 'AUTO', entries: [] }, releases);
    const after = (await kitField(kit.token, 'kitRevision showcaseCacheKey subsetType familyStylesPaginated { totalFamilyStyleCount }')).kit;
    expect(after.kitRevision).to.equal(before.kitRevision + 1);
    expect(after.showcaseCacheKey).to.not.equal(before.showcaseCacheKey);
    // AUTO holds what FULL holds: auto-subsetting decides what a page loads, not what the kit has.
    expect(after).to.deep.include({ subsetType: 'AUTO', familyStylesPaginated: { totalFamilyStyleCount: 3 } });
  });

  it('refuses a subset its release or license cannot hold, naming every problem', async () => {
    const refused = await kits
      .setSubset(custom.token, { type: 'CUSTOM', entries: [{ prefix: 'fal', only: null }, { prefix: 'far', only: ['alien', 'zzz'] }, { prefix: 'nope', only: null }] }, releases)
      .then(() => null, (error: Error) => error);
    expect(refused?.message).to.match(/fal is not a family-style with free icons.*far has no free icon alien.*far has no free icon zzz.*nope is not/);
  });

  it('finds one family-style of the kit by exactly one of prefix, shorthand or pair, else BAD_USER_INPUT', async () => {
    const member = (selector: string) => kitField(custom.token, `familyStyleMember(selector: ${selector}) { familyStyle { prefix } }`);
    expect((await member('{ prefix: "far" }')).kit.familyStyleMember).to.deep.equal({ familyStyle: { prefix: 'far' } });
    expect((await member('{ shorthand: "solid" }')).kit.familyStyleMember).to.deep.equal({ familyStyle: { prefix: 'fas' } });
    expect((await member('{ pair: { family: "classic", style: "solid" } }')).kit.familyStyleMember).to.deep.equal({ familyStyle: { prefix: 'fas' } });
    const outside = await member('{ prefix: "fab" }');
    expect(outside.kit.familyStyleMember).to.equal(null);
    expect(outside.errors).to.equal(undefined);
    for (const bad of ['{}', '{ prefix: "fas", shorthand: "solid" }']) {
      const res = await member(bad);
      expect(res.errors!.map((e) => e.extensions.code)).to.deep.equal(['BAD_USER_INPUT']);
      expect(res.errors![0].message).to.match(/exactly one of pair, prefix or shorthand/);
    }
  });

  it('answers Kit.icon with its variants inside the subset, or null', async () => {
    const { kit } = await kitField(custom.token, 'byAlias: icon(name: "home") { name label unicodeHex unicodeInt variants { familyStyle { prefix } } } proOnly: icon(name: "alien") { name } outside: icon(name: "github") { name }');
    expect(kit.byAlias).to.deep.equal({ name: 'house', label: 'House', unicodeHex: 'f015', unicodeInt: 0xf015, variants: [{ familyStyle: { prefix: 'far' } }, { familyStyle: { prefix: 'fas' } }] });
    expect(kit.proOnly).to.equal(null);
    expect(kit.outside).to.equal(null);
  });

  it('pages every variant of the kit, family-style by family-style', async () => {
    const { kit } = await kitField(custom.token, 'iconVariantsPaginated(pageSize: 3) { totalIconVariantCount totalPageCount iconVariants { name unicodeHex familyStyle { prefix } } }');
    expect(kit.iconVariantsPaginated).to.deep.include({ totalIconVariantCount: 8, totalPageCount: 3 });
    expect(kit.iconVariantsPaginated.iconVariants).to.deep.equal([
      { name: 'house', unicodeHex: 'f015', familyStyle: { prefix: 'far' } },
      { name: 'arrow-down', unicodeHex: 'f063', familyStyle: { prefix: 'fas' } },
      { name: 'arrow-up', unicodeHex: 'f062', familyStyle: { prefix: 'fas' } },
    ]);
    const tooBig = await kitField(custom.token, 'iconVariantsPaginated(pageSize: 501) { page }');
    expect(tooBig.errors![0].extensions.code).to.equal('BAD_USER_INPUT');
  });

  it('searches the subset (OFFICIAL) or the uploads (CUSTOM), pageSize at most 50', async () => {
    const search = (query: string, mode: string, paging = '') =>
      kitField(custom.token, `searchKit(query: "${query}", searchMode: ${mode}${paging}) { page pageSize totalIconCount totalPageCount icons { __typename ... on IconWithVariants { name variants { familyStyle { prefix } } } ... on IconUpload { name pathData } } }`);
    const official = (await search('calendar', 'OFFICIAL')).kit.searchKit;
    // far includes only house, so calendar comes in solid alone.
    expect(official.icons).to.deep.equal([
      { __typename: 'IconWithVariants', name: 'calendar', variants: [{ familyStyle: { prefix: 'fas' } }] },
      { __typename: 'IconWithVariants', name: 'calendar-days', variants: [{ familyStyle: { prefix: 'fas' } }] },
    ]);
    expect((await search('alien', 'OFFICIAL')).kit.searchKit.icons).to.deep.equal([]);
    const paged = (await search('a', 'OFFICIAL', ', page: 2, pageSize: 2')).kit.searchKit;
    expect(paged).to.deep.include({ page: 2, pageSize: 2 });
    expect(paged.totalPageCount).to.equal(Math.ceil(paged.totalIconCount / 2));
    const uploads = (await search('acme', 'CUSTOM')).kit.searchKit;
    expect(uploads.icons).to.deep.equal([
      { __typename: 'IconUpload', name: 'acme-duo', pathData: ['M1 1z', 'M2 2z'] },
      { __typename: 'IconUpload', name: 'acme-logo', pathData: ['M0 0h512z'] },
    ]);
    expect((await search('house', 'CUSTOM')).kit.searchKit.totalIconCount).to.equal(0);
    expect((await search('a', 'OFFICIAL', ', pageSize: 51')).errors![0].extensions.code).to.equal('BAD_USER_INPUT');
  });

  it('opens a family-style with a stable showcase, categories taking turns, limitPerFamilyStyle honoured', async () => {
    const showcase = (args: string) => kitField(free.token, `showcaseIcons(${args}) { page pageSize totalIconVariantCount totalPageCount iconVariants { name familyStyle { prefix } } }`);
    const solid = (await showcase('selector: { prefix: "fas" }, page: 1, pageSize: 80, limitPerFamilyStyle: 3')).kit.showcaseIcons;
    expect(solid).to.deep.equal({
      page: 1, pageSize: 80, totalIconVariantCount: 3, totalPageCount: 1,
      // arrows, buildings, time: each category's longest-standing icon (ties by id), then the next round.
      iconVariants: ['arrow-down', 'house', 'calendar'].map((name) => ({ name, familyStyle: { prefix: 'fas' } })),
    });
    expect((await showcase('selector: { prefix: "fas" }, page: 1, pageSize: 80, limitPerFamilyStyle: 3')).kit.showcaseIcons).to.deep.equal(solid);
    const all = (await showcase('limitPerFamilyStyle: 1')).kit.showcaseIcons;
    expect(all.iconVariants.map((v: any) => `${v.familyStyle.prefix}:${v.name}`)).to.deep.equal(['far:house', 'fas:arrow-down', 'fab:github']);
    expect((await showcase('selector: { prefix: "fal" }')).kit.showcaseIcons.totalIconVariantCount).to.equal(0);
    expect((await showcase('selector: { prefix: "fas", shorthand: "solid" }')).errors![0].extensions.code).to.equal('BAD_USER_INPUT');
  });

  it('gates IconVariant.svg like Icon.svgs: svg_icons_free sees free variants, svg_icons_pro all', async () => {
    const svg = 'icon(name: "house") { variants { familyStyle { prefix } svg { width height pathData html iconDefinition } } }';
    const freeScope = await kitField(pro.token, svg);
    const byPrefix = Object.fromEntries(freeScope.kit.icon.variants.map((v: any) => [v.familyStyle.prefix, v.svg]));
    expect(byPrefix.fas).to.deep.include({ width: 576, height: 512, pathData: ['M575.8 255.5L288 32 .2 255.5z'] });
    expect(byPrefix.fas.iconDefinition).to.deep.equal({ prefix: 'fas', iconName: 'house', icon: [576, 512, ['home', 'home-alt', 0x1f3e0], 'f015', 'M575.8 255.5L288 32 .2 255.5z'] });
    expect(byPrefix.fal).to.equal(null); // pro-only variant
    expect(freeScope.errors!.map((e) => [e.message, e.extensions.code])).to.deep.include(['unauthorized', 'FORBIDDEN']);
    const proScope = await kitField(pro.token, svg, await tokenFor(['kits_read', 'svg_icons_pro']));
    expect(proScope.errors).to.equal(undefined);
    expect(proScope.kit.icon.variants.find((v: any) => v.familyStyle.prefix === 'fal').svg.pathData).to.deep.equal(['M575.8 255.5L288 96 .2 255.5z']);
    const noScope = await kitField(pro.token, svg, await tokenFor(['kits_read']));
    expect(noScope.kit.icon.variants.every((v: any) => v.svg === null)).to.equal(true);
  });

  it("answers Account.iconCollection for the account's plan and proCdnReferrers", async () => {
    const body = await gql('{ me { iconCollection { name subset { familyStyleSubsets { familyStyle { prefix } } } } old: iconCollection(version: "1.0.0") { name } proCdnReferrers { active hostnames limit } } }');
    expect(body.errors).to.equal(undefined);
    // The account holds a pro kit: its plan is pro.
    expect(body.data.me.iconCollection).to.deep.equal({ name: 'pro-collection', subset: null });
    expect(body.data.me.old).to.deep.equal({ name: 'pro-collection' });
    expect(body.data.me.proCdnReferrers).to.deep.equal({ active: false, hostnames: [], limit: 0 });
    await kits.create({ email: 'free-only@example.test', name: 'F', version: '1.x', license: 'free', technology: 'svg' });
    const api = (await auth.createApiToken({ email: 'free-only@example.test', scopes: [] })).token;
    const access = (await http.post('/token').set('Authorization', `Bearer ${api}`).expect(200)).body.access_token;
    const freeAccount = await gql('{ me { iconCollection { name } proCdnReferrers { active } } }', undefined, access);
    expect(freeAccount.data.me.iconCollection).to.deep.equal({ name: 'free-collection' });
    expect(freeAccount.errors.map((e: any) => [e.path.join('.'), e.extensions.code])).to.deep.equal([['me.proCdnReferrers', 'FORBIDDEN']]);
  });

  it("answers IconCollection.subset as the public API's object, over the collection's own entries", async () => {
    const body = await gql(`{ release(version: "1.2.0") { iconCollections { name subset {
      familyStyleSubsets { familyStyle { prefix } only { totalIconVariantCount } }
      solid: familyStyleSubset(family: "classic", style: "solid") { only(pageSize: 2) { totalPageCount iconVariants { name } } }
      brands: familyStyleSubset(family: "classic", style: "brands") { only { page } iconVariantsPaginated { iconVariants { name } } }
      none: familyStyleSubset(family: "sharp", style: "solid") { familyStyle { prefix } } } } } }`);
    const [freeCollection, proCollection] = body.data.release.iconCollections;
    expect(freeCollection.subset.familyStyleSubsets).to.deep.equal([
      { familyStyle: { prefix: 'far' }, only: { totalIconVariantCount: 2 } },
      { familyStyle: { prefix: 'fas' }, only: { totalIconVariantCount: 7 } },
      { familyStyle: { prefix: 'fab' }, only: null },
    ]);
    expect(freeCollection.subset.solid.only).to.deep.equal({ totalPageCount: 4, iconVariants: [{ name: 'arrow-down' }, { name: 'arrow-up' }] });
    expect(freeCollection.subset.brands).to.deep.equal({ only: null, iconVariantsPaginated: { iconVariants: [{ name: 'github' }] } });
    expect(freeCollection.subset.none).to.equal(null);
    expect(proCollection.subset).to.equal(null);
  });

  it('answers download and subset-build operations on unknown kits, builds and icons with a clear error, not a validation failure', async () => {
    for (const [query, code] of [
      ['{ getKitDownload(kitToken: "x", buildType: WEB, buildId: "1") { status } }', 'NOT_FOUND'],
      ['mutation { createKitDownload(kitToken: "x", buildType: DESKTOP) { buildId } }', 'NOT_FOUND'],
      ['mutation { createSubset(icons: [{ name: "no-such-icon" }]) { id } }', 'BAD_USER_INPUT'],
      ['subscription { subsetCreated(id: "1") { url } }', 'NOT_FOUND'],
    ]) {
      const body = await gql(query);
      expect(body.errors.map((e: any) => e.extensions.code), query).to.deep.equal([code]);
    }
  });
});

describe('kit subset migration', () => {
  it('gives kits that existed before subsets the FULL subset', function () {
    sqliteOnly(this, "SQLite's migration 0002; PostgreSQL's first migration has subsets");
    const dir = mkdtempSync(join(tmpdir(), 'iconmeta-migration-'));
    try {
      // The migrations up to 0001 alone, as a database from before subsets has them.
      const folder = new URL('../db/migrations', import.meta.url).pathname;
      cpSync(folder, join(dir, 'old'), { recursive: true });
      const journal = JSON.parse(readFileSync(join(dir, 'old/meta/_journal.json'), 'utf8'));
      journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0002');
      writeFileSync(join(dir, 'old/meta/_journal.json'), JSON.stringify(journal));
      const db = openDatabase(':memory:');
      migrate(db, { migrationsFolder: join(dir, 'old') });
      db.$client.exec("insert into accounts (email, created_at) values ('a@example.test', '2026-01-01'); insert into kits (account_id, token, name, version, technology, license, domains, created_at) values (1, 'old0000001', 'Old', '7.x', 'svg', 'free', '[]', '2026-01-01')");
      migrateDatabase(db);
      expect(db.$client.prepare('select subset_type from kits').get()).to.deep.equal({ subset_type: 'FULL' });
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
