// The words some open sets give their own icons in their own packages (seeds/set-words.json,
// written by scripts/extract-set-words.ts): Material Design Icons' other names for a drawing (cog:
// settings, gear), and Lucide's, Tabler's and Phosphor's tags. Read while the index is built and
// dropped after (1 MB of JSON, ~90k words: kept, they would stay on the heap for nothing).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { words } from './index-builder.ts';

/**
 * What a set gives one icon: its one-word tags or names (loose: lucide's heart is tagged "suit",
 * "cards"), and the words of those of several words ("color picker", "eye dropper": they name what
 * is drawn, as a label does).
 */
export interface GivenWords {
  single: readonly string[];
  phrases: readonly (readonly string[])[];
}
/** One set's words, by its icons' names without style parts (ph's heart, not heart-bold). */
export type SetWords = Map<string, GivenWords>;

function givenWords(given: readonly string[]): GivenWords {
  const split = given.map(words);
  return { single: split.filter((parts) => parts.length === 1).flat(), phrases: split.filter((parts) => parts.length > 1) };
}

interface SetWordsFile {
  sets: Record<string, { source: string; words: Record<string, string[]> }>;
}

const FILE = new URL('../../seeds/set-words.json', import.meta.url);

/** The words of each set that has some, by prefix. */
export function readSetWords(): Map<string, SetWords> {
  const { sets } = JSON.parse(readFileSync(FILE, 'utf8')) as SetWordsFile;
  return new Map(
    Object.entries(sets).map(([prefix, set]) => [
      prefix,
      new Map(Object.entries(set.words).map(([name, given]) => [name, givenWords(given)])),
    ]),
  );
}

let fileKey: string | undefined;
/** What the file holds, as a hash: part of the kept index's key (index-file.ts), read once. */
export function setWordsKey(): string {
  fileKey ??= createHash('sha256').update(readFileSync(FILE)).digest('hex');
  return fileKey;
}
