import { expect } from 'chai';
import { SearchIndex, type SearchDocument } from '../server/search/search-index.ts';
import { inflects } from '../server/search/word-forms.ts';
import { createSearchRepo } from '../server/search/search.repo.ts';
import { packagesDatabase } from './helpers.ts';

let rowId = 0;
const doc = (name: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({ rowId: ++rowId, name, label: name.replace(/-/g, ' '), aliases: [], terms: [], categories: [], ...extra });

describe('search ranking, as people expect it', () => {
  const documents = [
    doc('arrow-down-1-9', { label: 'Arrow down 1 9' }),
    doc('arrow-right'),
    doc('arrow-up'),
    doc('arrow-down'),
    doc('arrow'),
    doc('arrows-rotate', { aliases: ['refresh'] }),
    doc('location-arrow'),
    doc('square-caret-up', { terms: ['arrow'] }),
    doc('narrow-thing', { label: 'Narrow' }), // "narrow" is one letter from "arrow"
    doc('house', { aliases: ['home'] }),
    doc('mouse'), // one letter from "house"
    doc('house-chimney', { terms: ['home'] }),
    doc('hospital', { terms: ['house of care'] }),
  ];
  const index = new SearchIndex(documents);
  const names = (query: string) => index.search(query).map((id) => documents.find((d) => d.rowId === id)!.name);

  it('puts the exact id first, then ids with the word, fewest words first, then another form of the word', () => {
    expect(names('arrow')).to.deep.equal([
      'arrow',
      'arrow-up',
      'arrow-down',
      'arrow-right',
      'location-arrow',
      'arrow-down-1-9',
      'arrows-rotate', // "arrows": the word in another form
      'square-caret-up',
    ]); // narrow-thing matches only with a typo: left out
  });

  it('leaves typo-only matches out while anything matches without a typo', () => {
    const ranked = names('house');
    expect(ranked.slice(0, 2)).to.deep.equal(['house', 'house-chimney']);
    expect(ranked).to.include('hospital').and.not.include('mouse');
  });

  it('answers typo matches when nothing matches without one', () => {
    expect(names('hoose')).to.have.members(['house', 'house-chimney', 'hospital']); // one letter differs
    expect(names('arow')).to.include('arrow').and.include('arrow-up'); // one letter missing
  });

  it('reads two letters swapped as a typo, and a mistyped word in its inflections too', () => {
    const documents = [doc('upload'), doc('bell', { terms: ['notification'] }), doc('bell-slash', { terms: ['notifications'] })];
    expect(ranked(documents, 'uplaod')).to.deep.equal(['upload']);
    expect(ranked(documents, 'notifcations')).to.have.members(['bell', 'bell-slash']);
  });

  it('reads a word the metadata lacks that undoes or repeats one it has as that word, below any other match', () => {
    const documents = [doc('box-archive', { terms: ['archive'] }), doc('upload'), doc('icon'), doc('inbox', { terms: ['unarchive later'] })];
    expect(ranked(documents, 'reupload')).to.deep.equal(['upload']);
    expect(ranked(documents.slice(0, 3), 'unarchive')).to.deep.equal(['box-archive']);
    expect(ranked(documents, 'unarchive')).to.deep.equal(['inbox']); // the word itself is there: only it
    expect(ranked(documents, 'unicorn')).to.deep.equal([]); // "icorn" is no word (a typo of icon at most)
  });

  it('reads Font Awesome class names pasted from markup as the icon they name', () => {
    const documents = [doc('house'), doc('fax'), doc('square', { terms: ['solid'] }), doc('github', { logo: true })];
    expect(ranked(documents, 'fa-solid fa-house')).to.deep.equal(['house']);
    expect(ranked(documents, 'fas fa-house')).to.deep.equal(['house']);
    expect(ranked(documents, '<i class="fa-brands fa-github fa-2x"></i>')).to.deep.equal(['github']);
    // Not a class: "fa-" inside a word (read as one, "sofa-bed" would be "bed" alone).
    expect(ranked([doc('sofa'), doc('bed')], 'sofa-bed')).to.have.members(['sofa', 'bed']);
  });

  it('reads no typo in the first letter ("rrow" is not arrow)', () => {
    expect(names('rrow')).to.deep.equal([]);
  });

  it('reads an id in any order of its words ("up arrow" is arrow-up), below the id as written', () => {
    const documents = [doc('arrow-up'), doc('circle-arrow-up', { terms: ['up arrow'] }), doc('up-arrow')];
    expect(ranked(documents, 'up arrow')).to.deep.equal(['up-arrow', 'arrow-up', 'circle-arrow-up']);
    expect(ranked(documents.slice(0, 2), 'up arrow')).to.deep.equal(['arrow-up', 'circle-arrow-up']);
  });

  it('puts an exact alias right after an exact id', () => {
    expect(names('home')[0]).to.equal('house');
  });

  const ranked = (documents: SearchDocument[], query: string) => {
    const index = new SearchIndex(documents);
    return index.search(query).map((id) => documents.find((d) => d.rowId === id)!.name);
  };

  it('puts the word as typed before another form of it', () => {
    expect(ranked([doc('boat', { terms: ['ship'] }), doc('truck', { terms: ['shipping'] })], 'shipping')).to.deep.equal(['truck', 'boat']);
  });

  it('tells an inflection from a derivation that shares its stem', () => {
    for (const [a, b] of [['bookmark', 'bookmarks'], ['uploading', 'upload'], ['ship', 'shipping'], ['configure', 'configuring'], ['notify', 'notified'], ['envelop', 'envelope']]) {
      expect(inflects(a, b), `${a} ${b}`).to.equal(true);
    }
    for (const [a, b] of [['import', 'important'], ['busy', 'business'], ['configure', 'configuration']]) expect(inflects(a, b), `${a} ${b}`).to.equal(false);
  });

  it('ranks a derivation that shares the stem below the word as typed ("important" is not "import")', () => {
    expect(ranked([doc('import'), doc('exclamation', { terms: ['important'] })], 'important')).to.deep.equal(['exclamation', 'import']);
    expect(ranked([doc('nation'), doc('country-flag', { terms: ['national'] })], 'national')).to.deep.equal(['country-flag', 'nation']);
    // A derivation counts as a synonym, not as the word: busy's synonym first, then business.
    expect(ranked([doc('business-time'), doc('hourglass')], 'busy')).to.deep.equal(['hourglass', 'business-time']);
  });

  it("puts a brand's logo after other icons, unless the query names it", () => {
    // Without the rule the logo's id word (50) would beat the plane's search term (45).
    const documents = [doc('fantasy-flight-games', { logo: true }), doc('plane', { terms: ['flight'] })];
    expect(ranked(documents, 'flight')).to.deep.equal(['plane', 'fantasy-flight-games']);
    expect(ranked(documents, 'fantasy flight games')).to.deep.equal(['fantasy-flight-games']);
  });

  it('breaks ties by fewer words, then more family-styles, then the older icon, then fewer letters', () => {
    const documents = [
      doc('briefcase-alarm', { terms: ['time'], styles: 2, changes: ['5.3.0'] }),
      doc('inbox', { terms: ['mail', 'time'], styles: 1, changes: ['1.0.0'] }),
      doc('envelope', { terms: ['mail'], styles: 2, changes: ['2.0.0'] }),
      doc('stopwatch', { terms: ['time'], styles: 1, changes: ['5.0.0'] }),
      doc('clock', { terms: ['time'], styles: 1, changes: ['1.0.0'] }),
    ];
    expect(ranked(documents, 'mail')).to.deep.equal(['envelope', 'inbox']);
    expect(ranked(documents, 'time')).to.deep.equal(['clock', 'inbox', 'stopwatch', 'briefcase-alarm']);
    // Names alike but for their age; a short version ("4.4") and a later change count as they should.
    const ages = [doc('aaaaa', { terms: ['dial'], changes: ['5.0.0'] }), doc('bbbbb', { terms: ['dial'], changes: ['6.1.0', '4.4'] }), doc('ccccc', { terms: ['dial'], changes: ['1.0.0'] })];
    expect(ranked(ages, 'dial')).to.deep.equal(['ccccc', 'bbbbb', 'aaaaa']);
  });

  it('lets joining words rank without requiring them, unless they are the whole query', () => {
    const documents = [doc('expand', { terms: ['zoom'] }), doc('magnifying-glass-plus', { terms: ['zoom in'] }), doc('box', { terms: ['in'] })];
    expect(ranked(documents, 'zoom in')).to.deep.equal(['magnifying-glass-plus', 'expand']);
    // Only as a word of the icon: "of" starting "office" neither helps nor hurts.
    expect(ranked([doc('bbbb', { terms: ['contents'] }), doc('aaaa', { terms: ['contents', 'office'] })], 'contents of')).to.deep.equal(['aaaa', 'bbbb']);
    expect(ranked(documents, 'in')).to.have.members(['magnifying-glass-plus', 'box']);
    // Pronouns join too: "me" would otherwise be read as the start of "media" or "menu".
    const contact = [doc('envelope', { terms: ['contact'] }), doc('bars', { terms: ['menu'] }), doc('address-book', { terms: ['contact'] })];
    expect(ranked(contact, 'contact me')).to.deep.equal(ranked(contact, 'contact'));
    // A light verb joins in any form: "turned" is no word an icon must have, as "off" is.
    const lights = [doc('lightbulb-off', { terms: ['light'] }), doc('file-turned-in', { terms: ['light'] })];
    expect(ranked(lights, 'light turned off')).to.deep.equal(['lightbulb-off']);
  });

  it('reads words saying what kind of picture ("icon", "button", "logo") as optional, not as part of the name', () => {
    const documents = [doc('accessible-icon', { logo: true }), doc('user'), doc('user-plus'), doc('github', { logo: true }), doc('code-branch', { terms: ['github'] })];
    expect(ranked(documents, 'user icon')).to.deep.equal(['user', 'user-plus']);
    // Asked for, a logo is not put after the other icons.
    expect(ranked(documents, 'github logo')).to.deep.equal(['github', 'code-branch']);
    expect(ranked(documents, 'github')).to.deep.equal(['github', 'code-branch']); // named
    // Unless all the words are a name: "radio button" is a term of circle-dot.
    expect(ranked([doc('radio'), doc('circle-dot', { terms: ['radio button'] })], 'radio button')).to.deep.equal(['circle-dot', 'radio']);
  });

  it('answers the icons with the most of the words when none has them all', () => {
    const documents = [doc('table', { terms: ['grid'] }), doc('book', { terms: ['contents'] }), doc('list', { terms: ['contents', 'index'] })];
    expect(ranked(documents, 'table of contents')).to.have.members(['table', 'book', 'list']);
    expect(ranked(documents, 'index of contents')).to.deep.equal(['list']);
  });

  it('answers the other icons with the most of the words after the logos when only logos have them all', () => {
    // Not "video call": a phrase of ui-intents.json, which names the video icon itself.
    const documents = [
      doc('skype', { logo: true, terms: ['chat software'] }),
      doc('comments', { terms: ['chat', 'talk'] }),
      doc('mobile-screen', { terms: ['software'] }),
      doc('cc-apple-pay', { logo: true, terms: ['apple pay'] }),
      doc('apple-whole', { terms: ['fruit'] }),
      doc('money-bill', { terms: ['pay'] }),
    ];
    const chatSoftware = ranked(documents, 'chat software');
    expect(chatSoftware[0]).to.equal('skype');
    expect(chatSoftware.slice(1)).to.have.members(['comments', 'mobile-screen']);
    expect(ranked(documents, 'apple pay')).to.deep.equal(['cc-apple-pay', 'apple-whole', 'money-bill']);
  });

  it('reads a word in a form the stemmer cannot join as the word itself, above a synonym (word-forms.json)', () => {
    // colour ~ color (spelling), sent ~ send (irregular); "paint" is a synonym of neither.
    // Not paper-plane or star: what interfaces draw for sending or a favourite (ui-intents.json), above a term.
    const documents = [doc('palette', { terms: ['colors'] }), doc('letter-plane', { terms: ['send'] }), doc('inbox', { terms: ['sent'] })];
    expect(ranked(documents, 'colours')).to.deep.equal(['palette']);
    expect(ranked(documents, 'sent')).to.deep.equal(['inbox', 'letter-plane']); // as typed, then the other form
    expect(ranked([doc('award', { terms: ['starred'] }), doc('ribbon', { terms: ['favorite'] })], 'favourite')[0]).to.equal('ribbon');
  });

  it('reads a name or term of several words typed as one word, and a query of those words as naming the icon', () => {
    const documents = [
      doc('plane-departure', { terms: ['leaving'] }),
      doc('right-from-bracket', { terms: ['sign out', 'exit'] }),
      doc('envelope', { terms: ['message', 'send'] }),
      doc('paper-plane', { terms: ['send message', 'send'] }),
    ];
    // As typed (the term joined) before a synonym's match (signout ~ leave: leaving).
    expect(ranked(documents, 'signout')).to.deep.equal(['right-from-bracket', 'plane-departure']);
    expect(ranked(documents, 'paperplane')).to.deep.equal(['paper-plane']);
    // Without the phrase, envelope (one word fewer) would come first: both have both words.
    expect(ranked(documents, 'send message')).to.deep.equal(['paper-plane', 'envelope']);
    // A logo answers its own name, not a term of its metadata.
    const logos = [doc('deskpro', { logo: true, terms: ['customer service'] }), doc('headset', { terms: ['customer', 'service'] })];
    expect(ranked(logos, 'customer service')).to.deep.equal(['headset', 'deskpro']);
  });

  it('puts the icon whose id is the query word in another form before an icon alike with the word as a term', () => {
    const documents = [doc('star', { terms: ['highlight'], styles: 2 }), doc('highlighter', { terms: ['highlight'], styles: 1 })];
    expect(ranked(documents, 'highlight')).to.deep.equal(['highlighter', 'star']);
    // Only a tie-break: a better match still wins ("time" is not the alias "times" of xmark).
    expect(ranked([doc('xmark', { aliases: ['times'] }), doc('clock', { terms: ['time'] })], 'time')).to.deep.equal(['clock', 'xmark']);
  });

  it('reads a word listed in a synonym group by its own group, not that of its stem ("news" is not "new")', () => {
    const documents = [doc('plus', { terms: ['add', 'new'] }), doc('newspaper', { terms: ['headline'] })];
    expect(ranked(documents, 'news')).to.deep.equal(['newspaper']);
    expect(ranked(documents, 'new')[0]).to.equal('plus');
  });

  it('reads what interfaces draw an icon for (ui-intents.json) in a release too: "skip to the next song" is forward-step', () => {
    const documents = [
      doc('forward-step', { terms: ['next', 'skip'] }),
      doc('play', { terms: ['music', 'play', 'next'] }),
      doc('backward-fast', { terms: ['music', 'previous track', 'skip back'] }),
    ];
    expect(ranked(documents, 'skip to the next song')[0]).to.equal('forward-step');
  });

  it('ranks a request no icon has every word of as itself by what its words add up to, as over every open set', () => {
    const documents = [
      doc('x', { label: 'X', terms: ['letter x', 'close', 'dismiss'] }),
      doc('bell', { terms: ['notification', 'alert'] }),
      doc('bell-slash', { terms: ['notification', 'cancel', 'mute'] }),
    ];
    // bell-slash has "dismiss" only through a synonym (cancel): x is what dismissing draws.
    expect(ranked(documents, 'dismiss the notification')[0]).to.equal('x');
    // Words an icon has as themselves: every one must match.
    expect(ranked(documents, 'mute the notification')).to.deep.equal(['bell-slash']);
    // The last word as the start of one too: a query being typed.
    expect(ranked([doc('arrow'), doc('circle-arrow-up')], 'arrow ci')).to.deep.equal(['circle-arrow-up']);
  });
});

describe('search ranking on real data (Font Awesome Free 7.3.1)', function () {
  this.timeout(30_000);
  let realIndex: SearchIndex;
  const realNames = new Map<number, string>();
  const realWords = new Map<string, string[]>();
  before(async () => {
    const repo = createSearchRepo(await packagesDatabase(['7.3.1']));
    const documents = new Map<number, SearchDocument>((await repo.icons(1)).map((i) => [i.id, { rowId: i.id, name: i.name, label: i.label, aliases: [], terms: [], categories: [] }]));
    for (const { iconId, name } of await repo.aliasNames(1)) documents.get(iconId)?.aliases.push(name);
    for (const { iconId, term } of await repo.terms(1)) documents.get(iconId)?.terms.push(term);
    for (const { iconId, label } of await repo.categories(1)) documents.get(iconId)?.categories.push(label);
    realIndex = new SearchIndex([...documents.values()]);
    for (const d of documents.values()) {
      realNames.set(d.rowId, d.name);
      realWords.set(d.name, [d.name, d.label, ...d.aliases, ...d.terms, ...d.categories].join(' ').toLowerCase().split(/[^\p{L}\p{N}]+/u));
    }
  });

  it('lists no typo-only match of "coff" on the real 7.3.1 data while prefix matches exist', () => {
    const coff = realIndex.search('coff').map((id) => realNames.get(id)!);
    expect(coff).to.include('mug-saucer'); // alias coffee
    expect(coff).to.not.include('confluence').and.not.include('power-off');
    // Each answer matches "coff" without a typo: as a prefix of a word of its id, alias, label, term or category.
    for (const name of coff) expect(realWords.get(name)!.some((w) => w.startsWith('coff')), name).to.equal(true);
  });
});
