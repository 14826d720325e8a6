// Two words that together mean what neither says alone (ui-intents.json, phrases): a voice message
// is a microphone, not a message; light mode is a sun; three dots are the overflow menu. The
// index gives the concepts that draw a phrase its two words joined ("voicemessage") as an intent;
// in a query with the two words in that order, with only joining words between ("take a photo"),
// each of them finds those concepts as itself, and whatever else it finds.
import { stemmer } from 'stemmer';
import { optionalWord } from './query-words.ts';
import uiIntents from './ui-intents.json' with { type: 'json' };

/** Joining words a phrase's two words may have between them ("raise my hand", "back to the top"). */
const MAX_BETWEEN = 2;

/** The word a phrase is indexed and read as: its words joined ("voice message": voicemessage). */
export const phraseWord = (phrase: string) => phrase.split(' ').join('');

/** Each phrase's first word's stem -> its second word's stem and the phrase. */
const byFirstStem = new Map<string, { second: string; phrase: string }[]>();
/** A phrase's word -> the phrase, as a query's explanation shows it. */
const phraseOfWord = new Map<string, string>();
for (const phrase of Object.keys(uiIntents.phrases)) {
  const [first, second] = phrase.split(' ');
  byFirstStem.set(stemmer(first), [...(byFirstStem.get(stemmer(first)) ?? []), { second: stemmer(second), phrase }]);
  phraseOfWord.set(phraseWord(phrase), phrase);
}

/** The concepts of each phrase's word, as ui-intents.json's intents list them for a word. */
export const phraseIntents: Record<string, string[]> = Object.fromEntries(Object.entries(uiIntents.phrases).map(([phrase, concepts]) => [phraseWord(phrase), concepts]));

/** The phrase `word` stands for ("voicemessage": "voice message"); undefined for any other word. */
export const phraseOf = (word: string): string | undefined => phraseOfWord.get(word);

/**
 * The phrases the query's words hold, by the place of each of its two words: query word i -> the
 * index's token of the phrase's word (`tokenOf`: -1 for a word no icon has). The two in that order,
 * with at most MAX_BETWEEN joining words between ("raise my hand"); only a phrase some icon draws.
 */
export function phrasesIn(queryWords: readonly string[], tokenOf: (word: string) => number): Map<number, number> {
  const found = new Map<number, number>();
  const stems = queryWords.map((word) => stemmer(word));
  for (let i = 0; i < queryWords.length; i++) {
    const candidates = found.has(i) ? undefined : byFirstStem.get(stems[i]);
    if (!candidates) continue;
    for (let j = i + 1; j < queryWords.length && j <= i + 1 + MAX_BETWEEN; j++) {
      const phrase = candidates.find((candidate) => candidate.second === stems[j])?.phrase;
      const token = phrase === undefined ? -1 : tokenOf(phraseWord(phrase));
      if (token !== -1) {
        found.set(i, token).set(j, token);
        break;
      }
      if (!optionalWord(queryWords[j])) break;
    }
  }
  return found;
}
