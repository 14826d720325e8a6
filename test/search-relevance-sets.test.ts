// Search over every icon finds what people mean: the judged queries of search-relevance-sets.json
// (written before any answer was seen: descriptions, single words, and queries within one set),
// sent to the Iconify API's /search on Font Awesome 7.3.1's sets and @iconify-json/mdi. The
// floors are what the engine achieves on this smaller world (bench/search-relevance.ts measures
// every set of @iconify/json); a ranking change that loses queries fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { buildTestApp, databaseWith, fixturePath, loadPackages, type TestApp } from './helpers.ts';
import { root } from './process-helpers.ts';

interface Judged {
  kind: 'description' | 'word' | 'within';
  query: string;
  prefix?: string;
  first: string[];
  top5?: string[];
}

const judged = (JSON.parse(readFileSync(fixturePath('search-relevance-sets.json'), 'utf8')) as { queries: Judged[] }).queries.filter((q) => !q.prefix || q.prefix === 'mdi');
const FLOORS = { description: { at1: 0.775, at5: 0.95 }, word: { at1: 0.95, at5: 1 }, within: { at1: 0.95, at5: 1 } };

describe('search relevance over the open sets (search-relevance-sets.json, on mdi and Font Awesome 7)', function () {
  this.timeout(120_000);
  let app: TestApp;
  const answers = new Map<Judged, string[]>();

  before(async () => {
    const database = await databaseWith('relevance: packages 7.3.1, its Iconify sets, mdi', async (db) => {
      await loadPackages(['7.3.1'])(db);
      await syncFontAwesomeSets(db);
      await addIconSets(db, join(root, 'node_modules/@iconify-json/mdi'));
    });
    app = await buildTestApp({ database });
    // Answered by the name that matched, an alias at times (mdi:gear is mdi:cog): judged as the icon it names.
    const mdi = JSON.parse(readFileSync(join(root, 'node_modules/@iconify-json/mdi/icons.json'), 'utf8')) as { aliases: Record<string, { parent: string }> };
    const iconOf = (id: string) => {
      const [prefix, name] = id.split(':');
      return prefix === 'mdi' ? (mdi.aliases[name]?.parent ?? name) : name;
    };
    for (const q of judged) {
      const { body } = await app.http.get('/iconify/search').query({ query: q.query, limit: 32, ...(q.prefix ? { prefix: q.prefix } : {}) }).expect(200);
      answers.set(q, (body.icons as string[]).map(iconOf));
    }
  });
  after(() => app?.close());

  for (const kind of ['description', 'word', 'within'] as const) {
    it(`puts an icon people accept first, and among the first five, for ${kind} queries at least as often as measured`, () => {
      const queries = judged.filter((q) => q.kind === kind);
      const at1 = queries.filter((q) => q.first.includes(answers.get(q)![0])).length / queries.length;
      const at5 = queries.filter((q) => answers.get(q)!.slice(0, 5).some((name) => q.first.includes(name) || (q.top5 ?? []).includes(name))).length / queries.length;
      const empty = queries.filter((q) => answers.get(q)!.length === 0).map((q) => q.query);
      console.log(`      ${queries.length} ${kind} queries: success@1 ${at1.toFixed(3)}, success@5 ${at5.toFixed(3)}, without results ${empty.length}`);
      if (process.env.VERBOSE) for (const q of queries) if (!q.first.includes(answers.get(q)![0])) console.log(`        ${q.query} -> ${answers.get(q)!.slice(0, 5).join(' ')}`);
      expect(empty).to.deep.equal([]);
      expect(at1).to.be.at.least(FLOORS[kind].at1);
      expect(at5).to.be.at.least(FLOORS[kind].at5);
    });
  }

  it('says why an icon matched when it matched another word: "settings" finds mdi:cog, as Font Awesome\'s gear', async () => {
    const { icons } = await app.iconSearch.find({ query: 'settings', prefixes: ['mdi'], limit: 5, explain: true });
    const cog = icons.find((icon) => icon.id === 'mdi:cog');
    expect(cog, icons.map((icon) => icon.id).join(' ')).to.not.equal(undefined);
    expect(cog!.why).to.deep.equal(['settings → cog']);
  });

  it('reads a request for its words: "an icon for when the download has finished" finds what "download finished" finds', async () => {
    const sentence = await app.iconSearch.find({ query: 'an icon for when the download has finished', limit: 5 });
    const words = await app.iconSearch.find({ query: 'download finished', limit: 5 });
    expect(sentence.icons.map((icon) => icon.id)).to.deep.equal(words.icons.map((icon) => icon.id)).and.to.have.length(5);
  });

  it('reads a state drawn on another concept by what the state alone is drawn for: "the upload is done" is mdi:cloud-check, "insert a new table" mdi:table-plus', async () => {
    const done = await app.iconSearch.find({ query: 'the upload is done', prefixes: ['mdi'], limit: 5 });
    expect(done.icons[0]?.id).to.equal('mdi:cloud-check');
    const table = await app.iconSearch.find({ query: 'insert a new table', prefixes: ['mdi'], limit: 5 });
    expect(table.icons[0]?.id).to.equal('mdi:table-plus');
  });

  it('reads "find" as a light verb, its picture what is looked for: "find a restaurant" is cutlery, "find" alone the magnifier', async () => {
    const sentence = await app.iconSearch.find({ query: 'find a restaurant', prefixes: ['mdi'], limit: 5 });
    expect(sentence.icons[0]?.id).to.be.oneOf(['mdi:silverware', 'mdi:silverware-fork-knife']);
    const word = await app.iconSearch.find({ query: 'find', prefixes: ['mdi'], limit: 5 });
    expect(word.icons[0]?.id).to.equal('mdi:magnify');
  });

  it('reads a verb whose own picture is another thing, before what it acts on, as the request for that: "book a flight" is the airplane, "book" alone the book', async () => {
    const first = async (query: string) => (await app.iconSearch.find({ query, prefixes: ['mdi'], limit: 5 })).icons[0]?.id;
    expect(await first('book a flight')).to.equal('mdi:airplane');
    expect(await first('watch a movie')).to.equal('mdi:movie');
    expect(await first('book')).to.equal('mdi:book');
  });

  it('reads a word a set lacks as two words it has before guessing a typo: "cardbox" in mdi is "card box", not a mistyped cardboard', async () => {
    const ids = async (query: string) => (await app.iconSearch.find({ query, prefixes: ['mdi'], limit: 5 })).icons.map((icon) => icon.id);
    const joined = await ids('cardbox');
    expect(joined).to.have.length(5).and.to.deep.equal(await ids('card box'));
    expect(joined).to.not.include('mdi:google-cardboard');
  });

  it("reads another set's name for a drawing within a set that names it otherwise: mdi calls fa7-solid's tape cassette (an alias), not across every set", async () => {
    const within = await app.iconSearch.find({ query: 'cassette', prefixes: ['fa7-solid'], limit: 5, explain: true });
    expect(within.icons[0]?.id).to.equal('fa7-solid:tape');
    expect(within.icons[0]?.why).to.deep.equal(['cassette → tape']);
    const everywhere = await app.iconSearch.find({ query: 'cassette', limit: 5 });
    expect(everywhere.icons.map((icon) => icon.id)).to.not.include('fa7-solid:tape');
  });

  it('reads a style part that is also a word as a style only where the set says so or draws the name without it: mdi:globe-light is a lamp', async () => {
    const { icons } = await app.iconSearch.find({ query: 'globe', prefixes: ['mdi'], limit: 3 });
    expect(icons[0]?.id).to.not.match(/^mdi:globe-light/);
  });

  it('counts the words of a query found in what Font Awesome lends one icon once: "dark mode" is the night, not mdi:adjust by both its terms', async () => {
    const { icons } = await app.iconSearch.find({ query: 'dark mode', prefixes: ['mdi'], limit: 5 });
    expect(icons[0]?.id).to.equal('mdi:weather-night');
  });

  it('answers bad input clearly: an over-long query 400 (414 past the URL limit), control characters and unknown sets nothing', async () => {
    await app.http.get('/iconify/search').query({ query: 'a'.repeat(9_000) }).expect(414);
    await app.http.get('/iconify/search').query({ query: 'b'.repeat(5_000) }).expect(400);
    const graphql = await app.http.post('/graphql').send({ query: '{ search(version: "7.3.1", query: "' + 'c'.repeat(100_000) + '", first: 5) { id } }' });
    expect(graphql.status === 400 || graphql.body.errors?.[0]?.extensions?.code, JSON.stringify(graphql.body).slice(0, 300)).to.be.oneOf([true, 'BAD_USER_INPUT', 'INVALID_PARAMETER', 'QUERY_TOO_COMPLEX']);
    // The engine reads a query's first words only: 50,000 of them answer as a few would.
    expect((await app.iconSearch.find({ query: 'house '.repeat(50_000), limit: 5 })).icons.map((icon) => icon.id)).to.deep.equal((await app.iconSearch.find({ query: 'house', limit: 5 })).icons.map((icon) => icon.id));
    expect((await app.http.get('/iconify/search').query({ query: '\u0000\u0001\u001f' }).expect(200)).body.icons).to.deep.equal([]);
    expect((await app.http.get('/iconify/search').query({ query: 'home', prefix: 'no-such-set' }).expect(200)).body.icons).to.deep.equal([]);
  });
});
