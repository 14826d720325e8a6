// The index of every icon, kept in a file beside the SQLite database between starts: building it
// takes 1.5-3 s with every set of @iconify/json, reading it back ~0.1 s, so that a restarted
// server answers its first search at once. The file names what it was built from (the sets, the
// Font Awesome release that lends meanings, the search data and this format, in `key`): any other
// key is a stale file, rebuilt over. Written to a temporary file and renamed: a reader never sees
// half a file, and processes sharing the database may race to write the same bytes.
import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Postings } from './index-builder.ts';
import type { IndexedSet, OpenSetsIndex } from './open-sets-index.ts';
import { SearchIndex, type DocumentColumns } from './search-index.ts';
import intents from './ui-intents.json' with { type: 'json' };
import synonyms from './ui-synonyms.json' with { type: 'json' };
import wordForms from './word-forms.json' with { type: 'json' };

/**
 * Changed with the index's layout or with what goes into it (open-sets-index.ts, index-builder.ts:
 * what is lent, to which names, with which weights): a file of another format is rebuilt over.
 * The search data files are in the key themselves.
 */
const FORMAT = 'iconmeta search index 1';

/** The key of an index built from these sets (prefix, version, time) and meanings' release. */
export function indexKey(sets: readonly { prefix: string; version: string; lastModified: number }[], release: string | undefined): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([FORMAT, intents, synonyms, wordForms, release ?? null, sets.map((set) => [set.prefix, set.version, set.lastModified])]));
  return hash.digest('hex');
}

type Arrays = Record<string, Int32Array | Uint8Array | Uint16Array>;
const TYPES = { Int32Array, Uint8Array, Uint16Array } as const;

/** The file's layout: a JSON head (its length first, 4 bytes), then each typed array's bytes in the head's order. */
export async function writeIndexFile(path: string, key: string, built: OpenSetsIndex): Promise<void> {
  const { columns, postings } = built.index.parts();
  const arrays: Arrays = {
    styles: columns.styles,
    parts: columns.parts,
    logos: columns.logos,
    prominence: columns.prominence!,
    tokenKinds: postings.tokenKinds,
    postingStart: postings.postingStart,
    postingDocs: postings.postingDocs,
    postingWeights: postings.postingWeights,
    stemStart: postings.stemStart,
    stemTokens: postings.stemTokens,
    documentSet: built.documentSet,
    documentCategory: built.documentCategory,
  };
  const aliasCounts = Uint16Array.from(columns.aliases, (list) => list.length);
  arrays.aliasCounts = aliasCounts;
  const head = {
    key,
    sets: built.sets,
    categories: built.categories,
    // Names are lowercase words joined by hyphens: one string, split on newlines, holds them all.
    text: [postings.tokens.join('\n'), postings.stems.join('\n'), columns.names.join('\n'), columns.aliases.flat().join('\n')],
    arrays: Object.entries(arrays).map(([name, array]) => ({ name, type: array.constructor.name, length: array.length })),
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(headBytes.length);
  const body = Object.values(arrays).map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength));
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, Buffer.concat([size, headBytes, ...body]));
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The index in the file when it was built under `key`; undefined when there is none, or another. */
export async function readIndexFile(path: string, key: string): Promise<OpenSetsIndex | undefined> {
  const file = await readFile(path).catch(() => undefined);
  if (!file || file.length < 4) return undefined;
  const headLength = file.readUInt32LE(0);
  const head = JSON.parse(file.toString('utf8', 4, 4 + headLength)) as {
    key: string;
    sets: IndexedSet[];
    categories: string[];
    text: [string, string, string, string];
    arrays: { name: string; type: keyof typeof TYPES; length: number }[];
  };
  if (head.key !== key) return undefined;
  const arrays: Arrays = {};
  let at = 4 + headLength;
  for (const { name, type, length } of head.arrays) {
    const Type = TYPES[type];
    const bytes = length * Type.BYTES_PER_ELEMENT;
    // A copy aligned for its type (the file's buffer is not).
    arrays[name] = new Type(file.buffer.slice(file.byteOffset + at, file.byteOffset + at + bytes));
    at += bytes;
  }
  const lines = (text: string) => (text === '' ? [] : text.split('\n'));
  const [tokens, stems, listed, aliasNames] = head.text.map(lines);
  // One string per distinct name, as when built (close is drawn by 60 sets).
  const interned = new Map<string, string>();
  const names = listed.map((name) => {
    const known = interned.get(name);
    if (known !== undefined) return known;
    interned.set(name, name);
    return name;
  });
  const aliases: (readonly string[])[] = [];
  const none: readonly string[] = [];
  let next = 0;
  for (const count of arrays.aliasCounts) {
    aliases.push(count === 0 ? none : aliasNames.slice(next, next + count));
    next += count;
  }
  const columns: DocumentColumns = {
    rowIds: new Int32Array(0),
    names,
    aliases,
    styles: arrays.styles as Uint8Array,
    parts: arrays.parts as Uint8Array,
    since: new Int32Array(names.length),
    logos: arrays.logos as Uint8Array,
    prominence: arrays.prominence as Uint8Array,
  };
  const postings: Postings = {
    tokens,
    tokenKinds: arrays.tokenKinds as Uint8Array,
    postingStart: arrays.postingStart as Int32Array,
    postingDocs: arrays.postingDocs as Int32Array,
    postingWeights: arrays.postingWeights as Uint8Array,
    stems,
    stemStart: arrays.stemStart as Int32Array,
    stemTokens: arrays.stemTokens as Int32Array,
  };
  const index = new SearchIndex({ columns, postings });
  index.prepareEndings();
  return { index, sets: head.sets, categories: head.categories, documentSet: arrays.documentSet as Uint16Array, documentCategory: arrays.documentCategory as Int32Array };
}
