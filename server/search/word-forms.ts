// Forms of one word. Search joins them by their Porter stem (bookmarks ~ bookmark), telling an
// inflection from a derivation (`inflects`); the forms the stemmer cannot join are data, in
// word-forms.json: British and American spellings (colours ~ color) and irregular forms (sent ~
// send, children ~ child).
import { stemmer } from 'stemmer';
import wordForms from './word-forms.json' with { type: 'json' };

const INFLECTIONS = ['e', 's', 'es', 'd', 'ed', 'ing', 'er', 'ers'];

/**
 * Whether one word is the other inflected: bookmark/bookmarks, upload/uploading, ship/shipping
 * (a doubled consonant), configure/configuring (a dropped e), notify/notified (y to i).
 */
export function inflects(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long === short) return true;
  const last = short[short.length - 1];
  const stem = last === 'e' || last === 'y' ? short.slice(0, -1) : short;
  return INFLECTIONS.some(
    (ending) =>
      long === short + ending ||
      long === short + last + ending ||
      (last === 'e' && long === stem + ending) ||
      (last === 'y' && long === `${stem}i${ending}`),
  );
}

/** A listed word -> the other words of its group. */
const othersByWord = new Map<string, string[]>();
/** A listed word's stem -> the listed words of that stem. */
const listedByStem = new Map<string, string[]>();
for (const group of wordForms.groups) {
  for (const word of group) {
    othersByWord.set(word, group.filter((other) => other !== word));
    const stem = stemmer(word);
    listedByStem.set(stem, [...(listedByStem.get(stem) ?? []), word]);
  }
}

const NONE: readonly string[] = [];

/**
 * The other forms of `word` (its stem `stem`) that the stemmer does not join: those of its group,
 * or of the groups of listed words it is inflected from ("colours": color, as "colour" is listed;
 * not the other way: "leave" is no form of the listed "leaves", leaf's plural).
 */
export function otherFormsOf(word: string, stem: string): readonly string[] {
  const own = othersByWord.get(word);
  if (own) return own;
  const listed = listedByStem.get(stem)?.filter((other) => word.length > other.length && inflects(word, other));
  if (listed?.length) return listed.flatMap((other) => othersByWord.get(other)!);
  const adjective = adjectiveOf(word);
  return adjective ? [adjective] : NONE;
}

/** Shortest adjective an adverb is read as (quickly: quick; not apply: app, early: ear). */
const MIN_ADJECTIVE = 5;

/**
 * The adjective an adverb is made from, which the stemmer does not join ("successfully" stems to
 * successfulli, "successful" to success): successfully, successful; happily, happy;
 * automatically, automatic. Undefined for a word that is no such adverb, or whose adjective
 * would be too short to be one.
 */
function adjectiveOf(word: string): string | undefined {
  if (!word.endsWith('ly')) return undefined;
  const adjective = word.endsWith('ically') ? word.slice(0, -4) : word.endsWith('ily') ? `${word.slice(0, -3)}y` : word.slice(0, -2);
  return adjective.length >= MIN_ADJECTIVE ? adjective : undefined;
}

/** The groups as they are listed (the Iconify search reads them as synonyms). */
export const wordFormGroups: readonly (readonly string[])[] = wordForms.groups;
