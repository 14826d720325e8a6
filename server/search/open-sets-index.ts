// The one index over every open icon set (and Font Awesome's, as fa7-solid ...): each icon a
// document of the same engine that searches a release (search-index.ts). An open set's icons carry
// only names, aliases and the set's categories; their meaning comes from what else is known:
// - Font Awesome's label, search terms, aliases and categories, lent to an icon whose name (its
//   style suffixes aside: cog-outline) is a Font Awesome icon's name or alias: mdi:cog is Font
//   Awesome's gear, whose terms include "settings" (a longer name lends nothing from its first
//   words, bell-ring from bell: measured, a million more postings for one judged query in 40);
// - UI intents (ui-intents.json): the words for what an icon of that name is drawn for (eye-off:
//   hide, hidden, invisible; x: dismiss, close, cancel), above what its name says;
// - the words a set gives its own icons in its own package (set-words.ts: Material Design Icons'
//   other names for a drawing, Lucide's, Tabler's and Phosphor's tags), as a lent term's words:
//   loose ones too (lucide's heart is tagged "suit", "cards");
// - how many sets draw an icon of that name (a tie-break: `close` is drawn by 150 sets, the
//   concept people mean);
// - the kind of set: general interface sets first, then emoji, flags, logos and archived sets.
import { otherSetsWord, PostingsBuilder, words } from './index-builder.ts';
import { IconAliases } from './icon-aliases.ts';
import { IconNames } from './icon-names.ts';
import { Int32List } from './int32-list.ts';
import uiIntents from './ui-intents.json' with { type: 'json' };
import { contextsByConcept, intentsByConcept } from './concept-intents.ts';
import { partsOf, SearchIndex, type DocumentColumns } from './search-index.ts';
import type { SetWords } from './set-words.ts';

/** What a set gives the index: its prefix, category (Iconify's collections list), and listing. */
export interface IndexedSet {
  prefix: string;
  category: string | undefined;
  palette: boolean;
  /** A brand's logos: they answer their own names, after other icons. */
  logos: boolean;
}

export interface SetListing {
  uncategorized?: string[];
  categories?: Record<string, string[]>;
  aliases?: Record<string, string>;
  suffixes?: Record<string, string>;
  prefixes?: Record<string, string>;
}

/** What Font Awesome says of one icon, by its name and by each alias. */
export interface Meaning {
  name: string;
  label: string;
  terms: string[];
  aliases: string[];
  categories: string[];
}

export interface OpenSetsIndex {
  index: SearchIndex;
  sets: IndexedSet[];
  /** Per document: its set (an index into `sets`) and its first category (an index into `categories`, or NO_CATEGORY). */
  documentSet: Uint16Array;
  documentCategory: Uint16Array;
  categories: string[];
}

/** A document's category when its set lists it in none (16 bits a document: the sets have ~500 categories). */
export const NO_CATEGORY = 0xffff;

/** The order sets answer in when all else is equal: interface sets first. */
const CATEGORY_ORDER = ['Material', 'UI 24px', 'UI 16px / 32px', 'UI Other / Mixed Grid', undefined, 'UI Multicolor', 'Programming', 'Thematic', 'Emoji', 'Flags / Maps', 'Logos', 'Archive / Unmaintained'];
const categoryRank = (category: string | undefined) => {
  const rank = CATEGORY_ORDER.indexOf(category);
  return rank === -1 ? CATEGORY_ORDER.indexOf(undefined) : rank;
};

/**
 * Name parts that say how an icon is drawn, not what: cog-outline is a cog. Sets' own theme
 * suffixes and prefixes (their listings) are read too.
 */
const STYLE_PARTS = new Set([
  ...['outline', 'outlined', 'outlines', 'fill', 'filled', 'solid', 'line', 'linear', 'bold', 'thin', 'light', 'regular', 'duotone', 'twotone', 'duo'],
  ...['rounded', 'round', 'sharp', 'broken', 'bulk', 'baseline', 'alt', 'o', 'sm', 'md', 'lg', 'mini', 'micro', 'small', 'tiny', 'large'],
  ...['12', '16', '20', '24', '28', '32', '48'],
]);
/**
 * Style parts that are also words of what is drawn (mdi's globe-light is a lamp, material's
 * heart-broken a broken heart, traffic-light a light): a style only where the set says so (a
 * theme of its listing) or draws the name without it too (stash's heart and heart-light).
 */
const ALSO_WORDS = new Set(['line', 'bold', 'thin', 'light', 'broken', 'bulk', 'round', 'sharp', 'mini', 'micro', 'small', 'tiny', 'large']);

/** The name without the parts that say how it is drawn (at either end), among the set's `names`. */
function baseOf(name: string, themeParts: Set<string>, names: Set<string>): string {
  const parts = name.split('-');
  let from = 0;
  let to = parts.length;
  const style = (part: string, rest: () => string) => themeParts.has(part) || (STYLE_PARTS.has(part) && (!ALSO_WORDS.has(part) || names.has(rest())));
  while (to - from > 1 && style(parts[to - 1], () => parts.slice(from, to - 1).join('-'))) to--;
  while (to - from > 1 && style(parts[from], () => parts.slice(from + 1, to).join('-'))) from++;
  return from === 0 && to === parts.length ? name : parts.slice(from, to).join('-');
}

/** The words of `name` that are not its concept's (baseOf): its style parts. */
function styleWordsOf(name: string, concept: string): string[] {
  const conceptWords = new Set(concept.split('-'));
  return name.split('-').filter((word) => !conceptWords.has(word));
}

/** What a meaning lends, split into words once (it is lent to hundreds of icons). */
const lentWords = new WeakMap<Meaning, { strong: string[]; strongWithName: string[]; weak: string[]; categories: string[] }>();
function lentWordsOf(meaning: Meaning) {
  let lent = lentWords.get(meaning);
  if (!lent) {
    // The label and one-word terms say what the icon is; a word of a longer term says less.
    const strong = [...words(meaning.label), ...meaning.terms.filter((term) => words(term).length === 1).flatMap(words)];
    const weak = meaning.terms.filter((term) => words(term).length > 1).flatMap(words);
    lent = { strong, strongWithName: [...strong, ...words(meaning.name)], weak, categories: meaning.categories.flatMap(words) };
    lentWords.set(meaning, lent);
  }
  return lent;
}

/**
 * Name parts that say a state of what the rest draws (wifi-off is wifi, off; bell-plus is a bell):
 * the rest lends its meaning, and the state stays a word of the name.
 */
const STATE_PARTS = new Set(['off', 'slash', 'x', 'xmark', 'check', 'done', 'plus', 'minus', 'alert', 'exclamation', 'question', 'add', 'remove', 'cancel', 'lock', 'open', 'closed', 'on', 'up', 'down', 'dot', 'badge', 'star', 'heart', 'search', 'edit', 'settings', 'sync', 'clock', 'user', 'error', 'warning']);
/**
 * A state part -> the words that say it of what it is drawn on: the intents it alone is drawn for
 * (check: done, complete), and the words of ui-intents.json's states, which are not intents of
 * their own ("down" alone is an arrow; "the server is down" is server-off).
 */
const stateWords = new Map<string, string[]>();
for (const part of STATE_PARTS) {
  const words = [...(intentsByConcept.get(part)?.first ?? []), ...((uiIntents.states as Record<string, string[]>)[part] ?? [])];
  if (words.length > 0) stateWords.set(part, words);
}
const withoutState = (base: string) => {
  const dash = base.lastIndexOf('-');
  return dash > 0 && STATE_PARTS.has(base.slice(dash + 1)) ? base.slice(0, dash) : base;
};

/**
 * Name parts that draw a frame around the concept, not a concept of their own: circle-help is help
 * (lucide's circle-question-mark, mdi's help-circle), so an icon is not put below others for its
 * frame when no query word names it. The frame alone is still a concept (circle, square).
 */
const FRAME_PARTS = new Set(['circle', 'square']);
/** Last parts that say the concept is drawn as its symbol (dollar-sign, euro-symbol): no concept of their own there. */
const SYMBOL_ENDINGS = new Set(['sign', 'symbol']);
const framedPartsOf = (concept: string) => {
  const all = partsOf(concept);
  const names = concept.split('-');
  const frames = names.filter((part) => FRAME_PARTS.has(part)).length + (names.length > 1 && SYMBOL_ENDINGS.has(names.at(-1)!) ? 1 : 0);
  return Math.max(1, all - frames);
};
/** A set's theme suffixes and prefixes, as name parts ("outline", "twotone"). */
const themePartsOf = (listing: SetListing) =>
  new Set([...Object.keys(listing.suffixes ?? {}), ...Object.keys(listing.prefixes ?? {})].flatMap((theme) => theme.split('-')).filter(Boolean));

/** The names of the icons a set lists (not its aliases: mdi's earth is also globe, and its globe-light is a lamp). */
const namesOf = (listing: SetListing) => new Set([...(listing.uncategorized ?? []), ...Object.values(listing.categories ?? {}).flat()]);

/**
 * Every concept's other names, from the aliases of every set: a name that one set gives to
 * another's drawing names it in every set, though most sets list no aliases (mdi's heart is
 * Material's favorite, its bell notifications, its dots-horizontal more-horiz; ic's photo is
 * image). Style parts aside, as concepts are.
 */
async function otherNamesOf(sets: IndexedSet[], listingOf: (set: IndexedSet) => Promise<SetListing>): Promise<Map<string, string[]>> {
  const others = new Map<string, Set<string>>();
  const add = (concept: string, other: string) => {
    const known = others.get(concept);
    if (known) known.add(other);
    else others.set(concept, new Set([other]));
  };
  for (const [setIndex, set] of sets.entries()) {
    if (setIndex > 0) await nextTurn();
    const listing = await listingOf(set);
    const themeParts = themePartsOf(listing);
    const names = namesOf(listing);
    for (const [alias, target] of Object.entries(listing.aliases ?? {})) {
      const [one, other] = [baseOf(alias, themeParts, names), baseOf(target, themeParts, names)];
      if (one === other) continue;
      add(one, other);
      add(other, one);
    }
  }
  return new Map([...others].map(([concept, names]) => [concept, [...names].flatMap((name) => name.split('-')).map(otherSetsWord)]));
}

/** Icons indexed in one turn at most (~20 ms). */
const ICONS_PER_TURN = 2_000;

/** Yields to waiting requests between sets: the index is built while the server serves. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Whether a set's icons are Font Awesome's own (their meaning is theirs, not lent). */
const isFontAwesome = (prefix: string) => /^fa(?:\d+)?-(?:solid|regular|brands)$/.test(prefix);

/**
 * Builds the index from the searchable sets (in the order given: Iconify's), a reader of each one's
 * listing, Font Awesome's meanings by name and alias (empty when no release is loaded), and the
 * words some sets give their own icons, by prefix.
 */
export async function buildOpenSetsIndex(
  given: IndexedSet[],
  listingOf: (set: IndexedSet) => Promise<SetListing>,
  meanings: Map<string, Meaning>,
  setWords: ReadonlyMap<string, SetWords> = new Map(),
): Promise<OpenSetsIndex> {
  const sets = given.map((set, order) => ({ set, order })).sort((a, b) => categoryRank(a.set.category) - categoryRank(b.set.category) || a.order - b.order).map(({ set }) => set);
  const builder = new PostingsBuilder(false);
  const otherNames = await otherNamesOf(sets, listingOf);
  let documentCount = 0;
  const aliases: (readonly string[])[] = [];
  const documentSet = new Int32List();
  const documentCategory = new Int32List();
  const logos = new Int32List();
  /** Per document, the parts of its concept (the name without style parts: cog-outline is a cog). */
  const parts = new Int32List();
  /** Names and concepts, each once; per document the ids of its own, and per id the sets that draw it. */
  const nameIdOf = new Map<string, number>();
  const nameSets = new Int32List();
  const nameIds = new Int32List();
  const conceptIds = new Map<string, number>();
  const conceptSets = new Int32List();
  const documentConcept = new Int32List();
  const categoryIds = new Map<string, number>();
  const categoryNames: string[] = [];
  const noAliases: readonly string[] = [];

  for (const [setIndex, set] of sets.entries()) {
    if (setIndex > 0) await nextTurn();
    const listing = await listingOf(set);
    const themeParts = themePartsOf(listing);
    const names = namesOf(listing);
    const aliasesOf = new Map<string, string[]>();
    for (const [alias, target] of Object.entries(listing.aliases ?? {})) aliasesOf.set(target, [...(aliasesOf.get(target) ?? []), alias]);
    const categoryOf = new Map<string, number>();
    for (const [category, members] of Object.entries(listing.categories ?? {})) {
      let id = categoryIds.get(category);
      if (id === undefined) {
        if (categoryIds.size === NO_CATEGORY) throw new Error(`more than ${NO_CATEGORY} categories in the icon sets`);
        categoryIds.set(category, (id = categoryIds.size));
        categoryNames.push(category);
      }
      for (const member of members) if (!categoryOf.has(member)) categoryOf.set(member, id);
    }
    const seen = new Set<string>();
    const seenConcepts = new Set<string>();
    const fontAwesome = isFontAwesome(set.prefix);
    const ownWords = setWords.get(set.prefix);
    for (const list of [listing.uncategorized ?? [], ...Object.values(listing.categories ?? {})]) {
      for (const given of list) {
        if (seen.has(given)) continue;
        // A set of 15,000 icons is read in several turns.
        if (documentCount % ICONS_PER_TURN === ICONS_PER_TURN - 1) await nextTurn();
        seen.add(given);
        const document = documentCount++;
        let nameId = nameIdOf.get(given);
        if (nameId === undefined) {
          nameIdOf.set(given, (nameId = nameSets.length));
          nameSets.push(0);
        }
        nameSets.values[nameId]++;
        nameIds.push(nameId);
        const name = given;
        const own = aliasesOf.get(name) ?? noAliases;
        aliases.push(own);
        documentSet.push(setIndex);
        const category = categoryOf.get(name) ?? -1;
        documentCategory.push(category === -1 ? NO_CATEGORY : category);
        logos.push(set.logos ? 1 : 0);
        // What it draws: its name without style parts.
        const concept = baseOf(name, themeParts, names);
        const intents = intentsByConcept.get(concept);
        // Names are validated at import as lowercase words joined by hyphens. A word of the name
        // that is also what the icon is drawn for is read as that: it says what all of the name
        // means (content-paste, trending-up: no word of the name is left unexplained). The words
        // of its style (keyline's code-two-tone, ph's heart-bold) say how it is drawn: found as
        // weakly as a category, they pick the style asked for ("heart bold") without answering
        // "two-factor authentication code" with every two-tone code.
        const nameWords = concept.split('-');
        if (concept !== name) builder.addWords(document, 'category', styleWordsOf(name, concept));
        builder.addWords(document, 'id', intents ? nameWords.filter((word) => !intents.first.includes(word)) : nameWords);
        for (const alias of own) builder.addWords(document, 'alias', alias.split('-'));
        // A one-word tag as a lent term's word, a longer tag's words as a lent label's ("color
        // picker" names the pipette more surely than "lab" does). Measured on the judged sets with
        // every set: every tag as strong as a Font Awesome term or an alias put what it tags above
        // a set's own name ("delete" within lucide: eraser and trash first) and lost 4-6
        // descriptions a set; every tag as a lent term's word gained 1-2 a set, and a longer tag
        // as a label 2 more on judge-dev5 (0.367 -> 0.533 in all).
        const setGives = ownWords?.get(concept);
        if (setGives) {
          builder.addWords(document, 'lentWord', setGives.single);
          for (const phrase of setGives.phrases) builder.addWords(document, 'lent', phrase);
        }
        const elsewhere = otherNames.get(concept);
        if (elsewhere) builder.addWords(document, 'alias', elsewhere, 0);
        if (category !== -1) builder.add(document, 'category', categoryNames[category]);
        parts.push(framedPartsOf(concept));
        let conceptId = conceptIds.get(concept);
        if (conceptId === undefined) {
          conceptIds.set(concept, (conceptId = conceptSets.length));
          conceptSets.push(0);
        }
        documentConcept.push(conceptId);
        if (!seenConcepts.has(concept)) {
          seenConcepts.add(concept);
          conceptSets.values[conceptId]++;
        }
        if (intents) {
          builder.addWords(document, 'intent', intents.first);
          builder.addWords(document, 'lent', intents.other);
        }
        // A state drawn on another concept (table-plus, cloud-check, server-off) is explained by
        // the words of the state (insert, done, down), as a word of the name: "insert a new table"
        // is table-plus, not the plus drawn by more sets. So is a concept an intent lists after
        // those drawn first for it (file-alert, for unsaved changes): it is not drawn for that alone.
        if (!intents?.first.length) {
          const dash = concept.lastIndexOf('-');
          const words = dash > 0 ? stateWords.get(concept.slice(dash + 1)) : undefined;
          if (words) builder.addWords(document, 'alias', words);
        }
        const contexts = contextsByConcept.get(concept);
        if (contexts) builder.addWords(document, 'lentWord', contexts);
        let meaning = meanings.get(concept) ?? meanings.get(withoutState(concept));
        for (let a = 0; !meaning && a < own.length; a++) meaning = meanings.get(own[a]);
        if (!meaning) continue;
        // Lent: what Font Awesome's icon of this name means, below the icon's own name (Font
        // Awesome's own sets too: the name is what an icon of any set is first).
        const lent = lentWordsOf(meaning);
        builder.addWords(document, 'lent', meaning.name === name ? lent.strong : lent.strongWithName);
        builder.addWords(document, 'lentWord', lent.weak);
        if (fontAwesome) builder.addWords(document, 'category', lent.categories);
      }
    }
  }
  await nextTurn();
  const postings = await builder.buildInTurns();
  await nextTurn();
  const capped = (values: Int32Array) => Uint8Array.from(values, (value) => Math.min(value, 255));
  const columns: DocumentColumns = {
    rowIds: new Int32Array(0),
    names: IconNames.fromDistinct([...nameIdOf.keys()], nameIds.used.slice()),
    aliases: IconAliases.of(aliases),
    styles: capped(nameIds.used.map((id) => nameSets.values[id])),
    // The words of what it draws: cog-outline is one word, a cog.
    parts: capped(parts.used),
    // How many sets draw its concept: the one people mean, first among equals.
    prominence: capped(documentConcept.used.map((id) => conceptSets.values[id])),
    since: new Int32Array(documentCount),
    logos: capped(logos.used),
  };
  const index = new SearchIndex({ columns, postings });
  await nextTurn();
  index.endingsOrder();
  return {
    index,
    sets,
    documentSet: Uint16Array.from(documentSet.used),
    documentCategory: Uint16Array.from(documentCategory.used),
    categories: categoryNames,
  };
}
