// The words some open sets give their own icons in their own packages (seeds/set-words/<prefix>.json,
// written by scripts/extract-set-words.ts): Material Design Icons' other names for a drawing (cog:
// settings, gear), and Lucide's, Tabler's and Phosphor's tags. Read while the index is built and
// dropped after (1.1 MB of JSON for the four, ~90k words: kept, they would stay on the heap for nothing).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  source: string;
  words: Record<string, string[]>;
}

const FOLDER = new URL('../../seeds/set-words/', import.meta.url);

/**
 * The words of each of `prefixes` that has some, by prefix: only those sets' files are read
 * (with Font Awesome's sets alone, none). Prefixes are validated at import as lowercase words
 * joined by hyphens, so each names a file in the folder or none.
 */
export function readSetWords(prefixes: readonly string[]): Map<string, SetWords> {
  const found = new Map<string, SetWords>();
  for (const prefix of prefixes) {
    const file = new URL(`${prefix}.json`, FOLDER);
    if (!existsSync(file)) continue;
    const { words: byName } = JSON.parse(readFileSync(file, 'utf8')) as SetWordsFile;
    found.set(prefix, new Map(Object.entries(byName).map(([name, given]) => [name, givenWords(given)])));
  }
  return found;
}

let folderKey: string | undefined;
/** What the folder holds, as a hash: part of the kept index's key (index-file.ts), read once. */
export function setWordsKey(): string {
  if (folderKey === undefined) {
    const hash = createHash('sha256');
    for (const name of readdirSync(FOLDER).sort()) hash.update(name).update(readFileSync(new URL(name, FOLDER)));
    folderKey = hash.digest('hex');
  }
  return folderKey;
}
