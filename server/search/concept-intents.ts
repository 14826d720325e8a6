// What interfaces draw each concept for (ui-intents.json), by the concept's name: the words of its
// intents and of the contexts it belongs to. Both indexes read them, every open set's
// (open-sets-index.ts) and a Font Awesome release's (search-index.ts), so that a word means the
// same in both: "skip" is forward-step in a release as in fa7-solid.
import uiIntents from './ui-intents.json' with { type: 'json' };
import { phraseIntents } from './phrase-intents.ts';

/**
 * A concept's name -> the words of the intents it draws (ui-intents.json: eye-off: hide, hidden,
 * invisible, ...): as an intent for the first concepts listed (what interfaces draw for it first),
 * as a lent meaning for the others (scan: scan, qr-code first; barcode too).
 */
const FIRST_CONCEPTS = 2;
export const intentsByConcept = new Map<string, { first: string[]; other: string[] }>();
for (const [word, concepts] of [...Object.entries(uiIntents.intents), ...Object.entries(phraseIntents)]) {
  concepts.forEach((concept, rank) => {
    const known = intentsByConcept.get(concept) ?? { first: [], other: [] };
    (rank < FIRST_CONCEPTS ? known.first : known.other).push(word);
    intentsByConcept.set(concept, known);
  });
}

/**
 * A concept's name -> the words of the contexts it belongs to (ui-intents.json: skip-previous is
 * drawn for songs, tracks, videos): weak words, which pick the concept among those the query's
 * other words find ("go back to the previous song": skip-back, not arrow-left).
 */
export const contextsByConcept = new Map<string, string[]>();
for (const { words: contextWords, concepts } of Object.values(uiIntents.contexts)) {
  for (const concept of concepts) contextsByConcept.set(concept, [...(contextsByConcept.get(concept) ?? []), ...contextWords]);
}
