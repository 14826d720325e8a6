// Open icon sets: imported with `seed add` (validated, all or nothing, a newer version replacing a
// set whole), Font Awesome releases as Iconify sets, and the Iconify API's answers that clients
// depend on beyond what test/iconify-api.test.ts compares with @iconify/api.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../db/client.ts';
import { sqliteDatabase, type Database } from '../db/database.ts';
import { addIconSets } from '../seeds/iconify/add-sets.ts';
import { syncFontAwesomeSets } from '../seeds/iconify/font-awesome-sets.ts';
import { listIconSets, removeIconSets } from '../seeds/iconify/load-sets.ts';
import { buildTestApp, countRows, emptyTestDatabase, loadedSqlite, packagesDatabase, rejectionOf, removeFrom, type TestApp } from './helpers.ts';
import { onPostgres } from './test-dialect.ts';


const MDI = 'node_modules/@iconify-json/mdi';
const mdiIcons = JSON.parse(readFileSync(join(MDI, 'icons.json'), 'utf8')) as { icons: Record<string, { body: string }>; aliases: Record<string, { parent: string }> };

/** A small IconifyJSON set of version `version` drawing `body`. */
const tinySet = (prefix: string, version: string, body = '<path d="M0 0h24v24H0z"/>') => ({
  prefix,
  info: { name: `Tiny ${prefix}`, total: 2, version, author: { name: 'Test' }, license: { title: 'MIT', spdx: 'MIT' } },
  lastModified: 1_700_000_000,
  width: 24,
  height: 24,
  icons: { square: { body }, dot: { body: '<circle cx="12" cy="12" r="2"/>' } },
  aliases: { box: { parent: 'square' }, 'box-turned': { parent: 'box', rotate: 1 } },
});

describe('open icon sets', function () {
  this.timeout(60_000);
  let temp: string;
  beforeEach(() => (temp = mkdtempSync(join(tmpdir(), 'iconmeta-sets-test-'))));
  afterEach(() => rmSync(temp, { recursive: true, force: true }));

  const writeSet = (name: string, set: unknown) => {
    const file = join(temp, name);
    writeFileSync(file, JSON.stringify(set));
    return file;
  };

  describe('seed add', () => {
    let database: Database;
    beforeEach(async () => (database = await emptyTestDatabase()));
    afterEach(() => database.close());

    it('imports an @iconify-json package folder with its licence, author and version, and serves it', async () => {
      const { outcomes } = await addIconSets(database, MDI);
      expect(outcomes).to.deep.equal([{ prefix: 'mdi', status: 'added', version: '1.2.3', icons: 7447 }]);
      const [set] = await listIconSets(database);
      expect(set).to.include({ prefix: 'mdi', version: '1.2.3', source: '@iconify-json/mdi@1.2.3', name: 'Material Design Icons', license: 'Apache-2.0' });
      const app = await buildTestApp({ database });
      const res = await app.http.get('/iconify/mdi.json?icons=home').expect(200);
      expect(res.body.icons.home.body).to.equal(mdiIcons.icons.home.body);
      expect(res.body.width).to.equal(24);
    });

    it('answers from the new set when it was replaced before the server heard of it, never from neither', async () => {
      await addIconSets(database, writeSet('v1.json', tinySet('tiny', '1.0.0', '<path d="M1 1"/>')));
      const app = await buildTestApp({ database });
      expect((await app.http.get('/iconify/tiny.json?icons=square').expect(200)).body.icons.square.body).to.equal('<path d="M1 1"/>');
      // The same connection: SQLite's data_version does not move for its own commits, so the
      // server's set list still names the old set, whose rows are gone.
      await addIconSets(database, writeSet('v2.json', tinySet('tiny', '2.0.0', '<path d="M2 2"/>')));
      const res = await app.http.get('/iconify/tiny.json?icons=square,box').expect(200);
      expect(res.body.icons.square.body).to.equal('<path d="M2 2"/>');
      expect(res.body.aliases).to.have.key('box');
      expect(res.body.not_found).to.equal(undefined);
      expect(String((await app.http.get('/iconify/tiny/box.svg').responseType('blob').expect(200)).body)).to.contain('M2 2');
    });

    it('refuses a set that is not valid IconifyJSON, saying why, and writes nothing', async () => {
      const bad = writeSet('bad.json', { prefix: 'Bad Prefix', icons: { a: { body: '<path/>' } } });
      expect((await rejectionOf(addIconSets(database, bad))).message).to.match(/prefix "Bad Prefix"/);
      const noIcons = writeSet('empty.json', { prefix: 'empty', icons: {} });
      expect((await rejectionOf(addIconSets(database, noIcons))).message).to.match(/icon set "empty"/);
      expect(await countRows(database, (t) => t.iconifySets)).to.equal(0);
    });

    it('imports all of a full package or none of it: one bad set undoes the others', async () => {
      const full = join(temp, 'json-package');
      mkdirSync(join(full, 'json'), { recursive: true });
      writeFileSync(join(full, 'package.json'), JSON.stringify({ name: '@iconify/json', version: '9.9.9' }));
      writeFileSync(join(full, 'collections.json'), JSON.stringify({ good: {}, broken: {} }));
      writeFileSync(join(full, 'json', 'good.json'), JSON.stringify(tinySet('good', '1.0.0')));
      writeFileSync(join(full, 'json', 'broken.json'), JSON.stringify({ prefix: 'broken', icons: { 'Not-A-Name': { body: '<path/>' } } }));
      expect((await rejectionOf(addIconSets(database, full))).message).to.match(/broken/);
      expect(await countRows(database, (t) => t.iconifySets)).to.equal(0);
      expect(await countRows(database, (t) => t.iconifyIcons)).to.equal(0);

      writeFileSync(join(full, 'json', 'broken.json'), JSON.stringify(tinySet('broken', '2.0.0')));
      const { outcomes } = await addIconSets(database, full);
      expect(outcomes.map((o) => [o.prefix, o.status])).to.deep.equal([['good', 'added'], ['broken', 'added']]);
    });

    it('completes a typed start by its commonest word, however many icons have it: "circ" is the circles, not only circa', async () => {
      // More icons with "circle" than a start reads of several words (8,000), and a shorter, rarer word.
      const icons = Object.fromEntries([...Array.from({ length: 9_000 }, (_, n) => `circle-${n}`), 'circa'].map((name) => [name, { body: '<circle cx="12" cy="12" r="9"/>' }]));
      await addIconSets(database, writeSet('circles.json', { ...tinySet('circles', '1.0.0'), icons, aliases: {} }));
      const app = await buildTestApp({ database });
      try {
        const { body } = await app.http.get('/iconify/search?query=circ&limit=64').expect(200);
        expect(body.icons).to.have.length(64);
        expect(body.icons.slice(0, 2)).to.deep.equal(['circles:circle-0', 'circles:circle-1']);
      } finally {
        await app.close();
      }
    });

    it('keeps a search asked again as its ranked icons, not as its answer: the response cache holds none of it', async () => {
      await addIconSets(database, writeSet('kept.json', tinySet('kept', '1.0.0')));
      const app = await buildTestApp({ database });
      try {
        const part = (name: string) => app.memory.find((memory) => memory.part === name)!.bytes();
        const responses = part('responses');
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push((await app.http.get('/iconify/search?query=square&limit=64').expect(200)).body);
        expect(answers[0].icons).to.include('kept:square');
        expect(answers[1]).to.deep.equal(answers[0]);
        expect(answers[2]).to.deep.equal(answers[0]);
        expect(part('icon_search_results'), 'the ranked icons, kept').to.be.greaterThan(0);
        expect(part('responses'), "the answer's bytes").to.equal(responses);
      } finally {
        await app.close();
      }
    });

    it("across every set, ranks the concept many sets draw above one set's own name for a sentence's words", async () => {
      // 40 sets draw lock-open (what "unlock" is drawn as) and a closed door (so that "door" is no
      // rarer than "unlock", as with every set); one names its drawing unlock-door.
      const lock = { 'lock-open': { body: '<path d="M6 10h12v10H6z"/>' }, 'door-closed': { body: '<path d="M6 2h12v20H6z"/>' } };
      const files = Array.from({ length: 40 }, (_, n) => writeSet(`locks${n}.json`, { ...tinySet(`locks${n}`, '1.0.0'), icons: lock, aliases: {} }));
      files.push(writeSet('doors.json', { ...tinySet('doors', '1.0.0'), icons: { 'unlock-door': { body: '<path d="M6 2h12v20H6z"/>' } }, aliases: {} }));
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const everySet = (await app.http.get('/iconify/search?query=unlock%20my%20door').expect(200)).body.icons as string[];
        expect(everySet[0]).to.match(/^locks\d+:lock-open$/);
        expect(everySet).to.include('doors:unlock-door');
        // Within its own set, the name is what that set calls it.
        expect((await app.http.get('/iconify/search?query=unlock%20my%20door&prefix=doors').expect(200)).body.icons).to.deep.equal(['doors:unlock-door']);
      } finally {
        await app.close();
      }
    });

    it("finds an icon by the words its set's own package gives it (seeds/set-words), in each of its styles", async () => {
      // Lucide tags its pipette "eye dropper", "color picker" and "chemistry"; Phosphor its arrow-clockwise "refreshing".
      const body = '<path d="M4 4h16v16H4z"/>';
      await addIconSets(database, writeSet('lucide.json', { ...tinySet('lucide', '1.0.0'), icons: { pipette: { body }, eye: { body }, palette: { body } }, aliases: {} }));
      await addIconSets(database, writeSet('ph.json', { ...tinySet('ph', '1.0.0'), icons: { 'arrow-clockwise': { body }, 'arrow-clockwise-bold': { body }, repeat: { body } }, aliases: {} }));
      const app = await buildTestApp({ database });
      try {
        const icons = async (query: string, prefix: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}&prefix=${prefix}`).expect(200)).body.icons;
        expect(await icons('chemistry', 'lucide')).to.deep.equal(['lucide:pipette']);
        // A tag's words are what is lent, below an icon's own name: "eye" is lucide's eye first.
        expect(await icons('eye dropper', 'lucide')).to.deep.equal(['lucide:eye', 'lucide:pipette']);
        expect(await icons('refreshing', 'ph')).to.include.members(['ph:arrow-clockwise', 'ph:arrow-clockwise-bold']);
      } finally {
        await app.close();
      }
    });

    it("reads a style's words as how an icon is drawn, not what: two-tone is no two, but picks the style asked for", async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      const tones = { ...tinySet('tones', '1.0.0'), icons: { code: { body }, 'code-two-tone': { body }, heart: { body }, 'heart-two-tone': { body } }, aliases: {}, suffixes: { '': 'Stroke', 'two-tone': 'Two Tone' } };
      await addIconSets(database, writeSet('tones.json', tones));
      await addIconSets(database, writeSet('dice.json', { ...tinySet('dice', '1.0.0'), icons: { 'dice-two': { body } }, aliases: {} }));
      const app = await buildTestApp({ database });
      try {
        const icons = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}`).expect(200)).body.icons;
        expect((await icons('two'))[0]).to.equal('dice:dice-two');
        expect((await icons('heart two tone'))[0]).to.equal('tones:heart-two-tone');
      } finally {
        await app.close();
      }
    });

    it('reads a state word on what it is drawn on: "the server is down" is server-off, "down" alone an arrow', async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      const files = Array.from({ length: 40 }, (_, n) => writeSet(`racks${n}.json`, { ...tinySet(`racks${n}`, '1.0.0'), icons: { server: { body }, 'arrow-down': { body } }, aliases: {} }));
      for (const n of [1, 2, 3]) files.push(writeSet(`outages${n}.json`, { ...tinySet(`outages${n}`, '1.0.0'), icons: { 'server-off': { body } }, aliases: {} }));
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const first = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}`).expect(200)).body.icons[0];
        expect(await first('the server is down')).to.match(/^outages\d:server-off$/);
        expect(await first('down')).to.match(/^racks\d+:arrow-down$/);
      } finally {
        await app.close();
      }
    });

    it('answers a state a sentence says with an icon that draws it: "the file upload failed" is file-alert, not file-upload', async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      const files = Array.from({ length: 40 }, (_, n) => writeSet(`uploads${n}.json`, { ...tinySet(`uploads${n}`, '1.0.0'), icons: { 'file-upload': { body }, file: { body } }, aliases: {} }));
      // file-alert is also drawn for unsaved changes (ui-intents.json), after the icons drawn first for them.
      for (const n of [1, 2, 3]) files.push(writeSet(`errors${n}.json`, { ...tinySet(`errors${n}`, '1.0.0'), icons: { 'file-alert': { body } }, aliases: {} }));
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const first = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}`).expect(200)).body.icons[0];
        expect(await first('the file upload failed')).to.match(/^errors\d:file-alert$/);
        expect(await first('file failed')).to.match(/^errors\d:file-alert$/);
        expect(await first('file upload')).to.match(/^uploads\d+:file-upload$/);
      } finally {
        await app.close();
      }
    });

    it('reads a word of a sentence it has in no form as the two name words it joins: "a hailstorm right now" is hail', async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      await addIconSets(database, writeSet('skies.json', { ...tinySet('skies', '1.0.0'), icons: { hail: { body }, 'arrow-right': { body }, storm: { body } }, aliases: {} }));
      const app = await buildTestApp({ database });
      try {
        const icons = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}`).expect(200)).body.icons;
        expect((await icons('there is a hailstorm right now'))[0]).to.equal('skies:hail');
      } finally {
        await app.close();
      }
    });

    it('answers a sentence with the thing one of its words names when that word is drawn as itself: "listen to my voicemail" is voicemail, "zoom into the map" no map', async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      const files = Array.from({ length: 40 }, (_, n) => writeSet(`audio${n}.json`, { ...tinySet(`audio${n}`, '1.0.0'), icons: { headphones: { body }, 'zoom-in': { body }, sliders: { body } }, aliases: {} }));
      // Voicemail is drawn as itself; a map is mostly drawn with something on it; "adjust" is an
      // intent's word (sliders), whatever a set names so.
      for (let n = 0; n < 10; n++) {
        const icons = { voicemail: { body }, map: { body }, 'map-pin': { body }, 'map-search': { body }, 'map-marker': { body }, 'map-plus': { body }, adjust: { body } };
        files.push(writeSet(`phones${n}.json`, { ...tinySet(`phones${n}`, '1.0.0'), icons, aliases: {} }));
      }
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const first = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}`).expect(200)).body.icons[0];
        expect(await first('listen to my voicemail')).to.match(/^phones\d:voicemail$/);
        expect(await first('zoom into the map')).to.match(/^audio\d+:zoom-in$/);
        expect(await first('listen')).to.match(/^audio\d+:headphones$/);
        expect(await first('adjust the map')).to.match(/^audio\d+:sliders$/);
      } finally {
        await app.close();
      }
    });

    it("within a set, answers the set's name with the word typed before the icon a synonym finds", async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      await addIconSets(database, writeSet('desks.json', { ...tinySet('desks', '1.0.0'), icons: { laptop: { body }, 'desktop-classic': { body } }, aliases: {} }));
      const app = await buildTestApp({ database });
      try {
        // "desktop" and "laptop" are synonyms (ui-synonyms.json).
        const { body: found } = await app.http.get('/iconify/search?query=desktop&prefix=desks').expect(200);
        expect(found.icons).to.deep.equal(['desks:desktop-classic', 'desks:laptop']);
      } finally {
        await app.close();
      }
    });

    it('counts a word fewer icons have for more, among icons that each have one word as well', async () => {
      // As many sets draw an anchor as a compass, but more icons have "anchor" (ship-anchor too).
      const body = '<path d="M4 4h16v16H4z"/>';
      const files = Array.from({ length: 10 }, (_, n) => writeSet(`sea${n}.json`, { ...tinySet(`sea${n}`, '1.0.0'), icons: { anchor: { body }, compass: { body } }, aliases: {} }));
      for (let n = 0; n < 10; n++) files.push(writeSet(`ships${n}.json`, { ...tinySet(`ships${n}`, '1.0.0'), icons: { 'ship-anchor': { body } }, aliases: {} }));
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const { body: found } = await app.http.get('/iconify/search?query=anchor%20compass').expect(200);
        expect(found.icons[0]).to.match(/^sea\d:compass$/);
      } finally {
        await app.close();
      }
    });

    it('reads a done drawn on a concept as its state: "the download has finished" is download-done, not the check many sets draw', async () => {
      const body = '<path d="M4 4h16v16H4z"/>';
      const files = Array.from({ length: 40 }, (_, n) => writeSet(`checks${n}.json`, { ...tinySet(`checks${n}`, '1.0.0'), icons: { check: { body }, download: { body } }, aliases: {} }));
      for (const n of [1, 2, 3]) files.push(writeSet(`states${n}.json`, { ...tinySet(`states${n}`, '1.0.0'), icons: { 'download-done': { body } }, aliases: {} }));
      for (const file of files) await addIconSets(database, file);
      const app = await buildTestApp({ database });
      try {
        const { icons } = (await app.http.get('/iconify/search?query=the%20download%20has%20finished').expect(200)).body;
        expect(icons[0]).to.equal('states1:download-done');
      } finally {
        await app.close();
      }
    });

    it('replaces a set whole with a newer version; keeps it for an older one unless asked', async () => {
      // The server on one connection, the seed command's writes on another (SQLite: the same file).
      const served = onPostgres ? database : sqliteDatabase(await loadedSqlite(join(temp, 'sets.sqlite'), () => {}));
      const writer = onPostgres ? database : sqliteDatabase(openDatabase(join(temp, 'sets.sqlite')));
      const app = await buildTestApp({ database: served });
      const squareBody = async (expected: string) => {
        // The server hears of the change (data_changes) and drops what it kept of the old set.
        for (let tries = 0; tries < 50; tries++) {
          await app.releases.refresh();
          const body = (await app.http.get('/iconify/tiny.json?icons=square').expect(200)).body.icons.square.body;
          if (body === expected || tries === 49) return body;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      // A client holding an answer of the set before revalidates: the replaced set's answer is new bytes, so a new tag and a 200.
      const revalidated = async (held: string) => {
        const res = await app.http.get('/iconify/tiny.json?icons=square').set('If-None-Match', held).expect(200);
        expect(res.headers.etag).to.be.a('string').and.not.equal(held);
        return String(res.headers.etag);
      };
      await addIconSets(writer, writeSet('v1.json', tinySet('tiny', '1.0.0', '<path d="M1 1"/>')));
      expect(await squareBody('<path d="M1 1"/>')).to.equal('<path d="M1 1"/>');
      const v1Tag = String((await app.http.get('/iconify/tiny.json?icons=square')).headers.etag);
      await app.http.get('/iconify/tiny.json?icons=square').set('If-None-Match', v1Tag).expect(304);

      const { outcomes } = await addIconSets(writer, writeSet('v2.json', tinySet('tiny', '2.0.0', '<path d="M2 2"/>')));
      expect(outcomes[0]).to.include({ status: 'replaced', previous: '1.0.0', version: '2.0.0' });
      expect(await squareBody('<path d="M2 2"/>')).to.equal('<path d="M2 2"/>');
      const v2Tag = await revalidated(v1Tag);
      database = writer;
      if (served !== writer) after(() => served.close());

      const older = await addIconSets(database, writeSet('v0.json', tinySet('tiny', '0.9.0')));
      expect(older.outcomes[0]).to.include({ status: 'kept-newer', previous: '2.0.0' });
      // The same version with other content (re-imported): still another answer, so another tag.
      expect((await addIconSets(database, writeSet('v2b.json', tinySet('tiny', '2.0.0')))).outcomes[0].status).to.equal('replaced');
      expect(await squareBody('<path d="M0 0h24v24H0z"/>')).to.equal('<path d="M0 0h24v24H0z"/>');
      await revalidated(v2Tag);
      expect(await countRows(database, (t) => t.iconifyIcons)).to.equal(4);
      // A search asked twice is kept (a picker's repeated keystrokes), for the sets as they are.
      const squares = async () => (await app.iconSearch.find({ query: 'square', prefixes: ['tiny'], limit: 32 })).icons.map((icon) => icon.id);
      expect(await squares()).to.deep.equal(['tiny:square']);
      expect(await squares()).to.deep.equal(['tiny:square']);
      expect(app.memory.find((part) => part.part === 'icon_search_results')!.bytes()).to.be.greaterThan(0);

      expect(await removeIconSets(database, ['tiny', 'absent'])).to.deep.equal(['tiny']);
      for (let tries = 0; tries < 50 && (await app.http.get('/iconify/tiny.json?icons=square')).status !== 404; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await app.releases.refresh();
      }
      await app.http.get('/iconify/tiny.json?icons=square').expect(404);
      expect(await squares(), 'a kept search of a removed set').to.deep.equal([]);
    });
  });

  describe('Font Awesome releases as Iconify sets', () => {
    let app: TestApp;
    before(async () => {
      const database = await packagesDatabase(['7.3.1']);
      expect(await syncFontAwesomeSets(database)).to.deep.equal(['fa7-solid', 'fa7-regular', 'fa7-brands']);
      expect(await syncFontAwesomeSets(database), 'a second sync changes nothing').to.deep.equal([]);
      app = await buildTestApp({ database });
    });
    after(() => app.database.close());

    it("draws each icon with the release's own paths, the same as the REST SVG data", async () => {
      // free-svgs: { svgs: { prefix: { id: [width, height, path] } } }
      const [width, height, path] = (await app.http.get('/releases/7.3.1/free-svgs').expect(200)).body.svgs.fas.house;
      const data = (await app.http.get('/iconify/fa7-solid.json?icons=house').expect(200)).body;
      expect(data.icons.house.body).to.equal(`<path fill="currentColor" d="${path}"/>`);
      expect(data.icons.house.width ?? data.width).to.equal(width);
      expect(data.icons.house.height ?? data.height).to.equal(height);
    });

    it('resolves old names as aliases: fa7-solid:coffee draws mug-saucer', async () => {
      const data = (await app.http.get('/iconify/fa7-solid.json?icons=coffee').expect(200)).body;
      expect(data.aliases).to.deep.equal({ coffee: { parent: 'mug-saucer' } });
      expect(Object.keys(data.icons)).to.deep.equal(['mug-saucer']);
      const svg = (await app.http.get('/iconify/fa7-solid/coffee.svg').expect(200)).body.toString();
      expect(svg).to.include(data.icons['mug-saucer'].body.match(/d="([^"]+)"/)[1]);
    });

    it('lists the sets with their licence, and follows the releases: removing one removes its sets', async () => {
      const collections = (await app.http.get('/iconify/collections').expect(200)).body;
      expect(Object.keys(collections)).to.have.members(['fa7-solid', 'fa7-regular', 'fa7-brands']);
      expect(collections['fa7-brands'].license.spdx).to.equal('CC-BY-4.0');
      expect(collections['fa7-solid'].total).to.be.greaterThan(1000);
      await removeFrom(app.database, '7.3.1');
      expect(await syncFontAwesomeSets(app.database)).to.have.members(['fa7-solid', 'fa7-regular', 'fa7-brands']);
      const after = await buildTestApp({ database: app.database });
      expect((await after.http.get('/iconify/collections').expect(200)).body).to.deep.equal({});
    });
  });

  describe('the Iconify API, beyond the peer', () => {
    let app: TestApp;
    before(async () => {
      const database = await emptyTestDatabase();
      await addIconSets(database, MDI);
      app = await buildTestApp({ database });
    });
    after(() => app.database.close());

    it('answers bad input with Iconify\'s own 400 or 404, never a 5xx', async () => {
      const names = Array.from({ length: 1001 }, (_, i) => `i${i}`).join(',');
      expect((await app.http.get(`/iconify/mdi.json?icons=${names}`)).status).to.equal(400);
      expect((await app.http.get(`/iconify/mdi.json?icons=${'a,'.repeat(5000)}`)).status).to.be.within(400, 499);
      expect((await app.http.get('/iconify/mdi.js?icons=home&callback=alert(1)')).status).to.equal(400);
      expect((await app.http.get('/iconify/mdi.json')).status).to.equal(404);
      expect((await app.http.get('/iconify/mdi.json?icons=NOT_A_NAME,home')).body.not_found).to.deep.equal(['NOT_A_NAME']);
      expect((await app.http.get('/iconify/nope/home.svg')).status).to.equal(404);
      expect((await app.http.get('/iconify/mdi/nope-nope.svg')).status).to.equal(404);
      expect((await app.http.get('/iconify/search')).status).to.equal(400);
      expect((await app.http.get(`/iconify/search?query=${'a'.repeat(300)}`)).status).to.equal(400);
      expect((await app.http.get('/iconify/search?query=home&start=64')).status).to.equal(400);
      expect((await app.http.get('/iconify/collection?prefix=nope')).status).to.equal(404);
      expect((await app.http.get('/iconify/keywords')).status).to.equal(400);
      const res = await app.http.get('/iconify/unknown/path/here').expect(404);
      expect(res.text).to.equal('Not found');
    });

    it('finds what was meant: the icon named as typed first, word forms, synonyms, prefixes, a typo', async () => {
      const first = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}&prefix=mdi`).expect(200)).body.icons[0];
      expect(await first('home')).to.equal('mdi:home');
      expect(await first('account')).to.equal('mdi:account');
      expect(await first('hoem')).to.equal('mdi:home');
      expect(await first('arrow left')).to.equal('mdi:arrow-left');
      expect(await first('houses'), 'house is an alias of home').to.equal('mdi:home');
      // Word forms more than a typo away: the keywords' stems are compared.
      expect(await first('deleted')).to.equal('mdi:delete');
      expect(await first('playing')).to.equal('mdi:play');
      const typing = (await app.http.get('/iconify/search?query=accou').expect(200)).body;
      expect(typing.icons[0]).to.equal('mdi:account');
      expect(typing.collections.mdi.name).to.equal('Material Design Icons');
      // No mdi icon is named "preferences": its synonyms (settings, cog, ...) are.
      const preferences = (await app.http.get('/iconify/search?query=preferences&prefix=mdi').expect(200)).body.icons as string[];
      expect(preferences.slice(0, 3)).to.include('mdi:cog');
    });

    it('reads two words that mean one thing together as that thing, and still finds what either finds', async () => {
      const search = async (query: string) => (await app.http.get(`/iconify/search?query=${encodeURIComponent(query)}&prefix=mdi&limit=999`).expect(200)).body.icons as string[];
      // A photo taken is a camera, not an image; dark mode is the night, not a pencil or an adjustment.
      expect((await search('take a photo'))[0]).to.equal('mdi:camera');
      expect((await search('switch to dark mode'))[0]).to.be.oneOf(['mdi:weather-night', 'mdi:moon-waning-crescent', 'mdi:theme-light-dark']);
      // In another order, the words are only themselves.
      expect((await search('photo take'))[0]).to.not.equal('mdi:camera');
      // Every icon the words find alone is still found.
      const dots = await search('dots');
      expect(await search('three dots')).to.include.members(dots.filter((id) => id.includes('dots')));
    });

    it('hands what it cannot answer to the error handler: a problem, with the CORS headers, never a hang', async function () {
      if (onPostgres) this.skip(); // one SQLite statement breaks the database under the app
      const database = await emptyTestDatabase();
      await addIconSets(database, MDI);
      const broken = await buildTestApp({ database });
      await broken.http.get('/iconify/collections').expect(200);
      database.sqlite!.$client.exec('DROP TABLE iconify_icons');
      const res = await broken.http.get('/iconify/mdi.json?icons=home');
      expect(res.status).to.equal(500);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(res.headers['access-control-allow-origin']).to.equal('*');
      await broken.http.post('/iconify/mdi.json').expect(404);
      database.close();
    });

    it('caches answers with ETags (304), compresses them and opens them to every origin', async () => {
      const url = `/iconify/mdi.json?icons=${Object.keys(mdiIcons.icons).slice(0, 40).join(',')}`;
      const first = await app.http.get(url).set('Accept-Encoding', 'gzip').expect(200);
      expect(first.headers['content-encoding']).to.equal('gzip');
      expect(first.headers['access-control-allow-origin']).to.equal('*');
      expect(first.headers['cache-control']).to.match(/public, max-age=\d+/);
      await app.http.get(url).set('If-None-Match', first.headers.etag).expect(304);
    });

    it('keeps an answer from the second time its URL comes: a mix of names asked once does not push others out', async () => {
      const kept = () => app.cache.size;
      const before = kept();
      await app.http.get('/iconify/mdi.json?icons=home,account-box,bell').expect(200);
      expect(kept(), 'after the first time').to.equal(before);
      await app.http.get('/iconify/mdi.json?icons=home,account-box,bell').expect(200);
      expect(kept(), 'after the second time').to.equal(before + 1);
    });
  });

  describe('popular sets kept whole in memory', () => {
    const alias = Object.keys(mdiIcons.aliases)[0];
    const hidden = Object.keys(mdiIcons.icons).find((name) => (mdiIcons.icons[name] as { hidden?: boolean }).hidden)!;
    // Icons, an alias, a hidden icon, a code point, a name twice, one missing, one malformed; as
    // JSON, JSONP, pretty, CSS and SVG.
    const batch = `home,${alias},${hidden},f01c9,home,no-such-icon,Bad_Name`;
    const urls = [`/iconify/mdi.json?icons=${batch}`, `/iconify/mdi.js?icons=${batch}&callback=cb`, `/iconify/mdi.json?icons=${batch}&pretty=1`, `/iconify/mdi.css?icons=home,${alias}`, `/iconify/mdi/${alias}.svg`, '/iconify/mdi/f01c9.svg'];
    const answers = async (app: TestApp) => Promise.all(urls.map(async (url) => (await app.http.get(url).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString()));
    })).body as string));
    /** Reads the set from the database as often as keeping it takes, then waits until it is kept or refused. */
    const readOften = async (app: TestApp) => {
      for (let i = 0; i < 8; i++) await app.http.get(`/iconify/mdi.json?icons=home&read=${i}`).expect(200);
      await app.iconSets.keptSettled();
    };
    let database: Database;
    before(async () => {
      database = await emptyTestDatabase();
      await addIconSets(database, MDI);
    });
    after(() => database.close());

    it('keeps a set read often, and answers from memory exactly as from the database', async () => {
      const app = await buildTestApp({ database });
      const fromDatabase = await answers(app);
      expect(JSON.parse(fromDatabase[0])).to.include.keys('icons', 'aliases', 'not_found');
      expect(app.iconSets.keptBytes()).to.equal(0);
      await readOften(app);
      expect(app.iconSets.keptBytes()).to.be.within(2_000_000, app.iconSets.keptBudget / 2);
      expect(await answers(app)).to.deep.equal(fromDatabase);
      app.iconSets.changed();
      expect(app.iconSets.keptBytes(), 'after the sets changed').to.equal(0);
    });

    it("tags every batch of a kept set with the set's own tag, each revalidated with a 304, kept or not, as JSON and JSONP", async () => {
      const app = await buildTestApp({ database });
      await readOften(app);
      expect(app.iconSets.keptBytes()).to.be.above(0);
      const urls = ['/iconify/mdi.json?icons=home,bell', '/iconify/mdi.json?icons=account', '/iconify/mdi.js?icons=account&callback=cb'];
      const answers = await Promise.all(urls.map((url) => app.http.get(url).expect(200)));
      const tag = String(answers[0].headers.etag);
      expect(answers.map((res) => res.headers.etag)).to.deep.equal([tag, tag, tag]);
      expect(new Set(answers.map((res) => res.text)).size, 'three answers').to.equal(3);
      for (const url of urls) await app.http.get(url).set('If-None-Match', tag).expect(304);
      // The second time a URL comes, its answer is kept in the response cache: with the same tag.
      expect(app.cache.get(`iconify:${urls[0]}`)?.etag).to.equal(tag);
      await app.http.get(urls[0]).set('If-None-Match', '"another"').expect(200);
    });

    it('never keeps a set larger than half the budget, and still answers it', async () => {
      const app = await buildTestApp({ database, env: { ICON_SET_CACHE_MB: '1' } });
      const fromDatabase = await answers(app);
      await readOften(app);
      expect(app.iconSets.keptBytes()).to.equal(0);
      expect(await answers(app)).to.deep.equal(fromDatabase);
    });
  });
});
