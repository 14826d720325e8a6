// The index of every icon, kept in a file beside the SQLite database between starts: building it
// takes 1.5-3 s with every set of @iconify/json, reading it back 35-41 ms (seed add writes it, the
// server reads it before listening), so that a started server answers its first search at once.
// The file names what it was built from (the sets, the Font Awesome release that lends meanings,
// the search data and this format, in `key`): any other key is a stale file, rebuilt over. Written
// to a temporary file and renamed: a reader never sees half a file, and processes sharing the
// database may race to write the same bytes.
import { createHash } from 'node:crypto';
import { open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import type { Postings } from './index-builder.ts';
import type { IndexedSet, OpenSetsIndex } from './open-sets-index.ts';
import { IconAliases } from './icon-aliases.ts';
import { IconNames } from './icon-names.ts';
import { SearchIndex, type DocumentColumns } from './search-index.ts';
import { WordList } from './word-list.ts';
import intents from './ui-intents.json' with { type: 'json' };
import synonyms from './ui-synonyms.json' with { type: 'json' };
import wordForms from './word-forms.json' with { type: 'json' };
import { setWordsKey } from './set-words.ts';

/**
 * Changed with the index's layout or with what goes into it (open-sets-index.ts, index-builder.ts:
 * what is lent, to which names, with which weights): a file of another format is rebuilt over.
 * The search data files are in the key themselves (the sets' own words as their file's hash).
 */
const FORMAT = 'iconmeta search index 14';

/** The key of an index built from these sets (prefix, version, time) and meanings' release. */
export function indexKey(sets: readonly { prefix: string; version: string; lastModified: number }[], release: string | undefined): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([FORMAT, intents, synonyms, wordForms, setWordsKey(), release ?? null, sets.map((set) => [set.prefix, set.version, set.lastModified])]));
  return hash.digest('hex');
}

type Arrays = Record<string, Int32Array | Uint8Array | Uint16Array>;
const TYPES = { Int32Array, Uint8Array, Uint16Array } as const;

interface Head {
  key: string;
  sets: IndexedSet[];
  categories: string[];
  arrays: { name: string; type: keyof typeof TYPES; length: number }[];
}

/** Words joined by newlines (no word has one), as bytes. */
const joined = (words: WordList) => Buffer.from(words.toArray().join('\n'));
const lines = (bytes: Uint8Array) => WordList.ofLines(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));

/**
 * The file's layout: a JSON head (its length first, 4 bytes) naming the key and each array, then
 * each array's bytes in the head's order, each at a multiple of 4 bytes from the start (where its
 * type's elements are aligned). The words are arrays of bytes too: the head stays small, and its
 * key is read before anything else.
 */
export async function writeIndexFile(path: string, key: string, built: OpenSetsIndex): Promise<void> {
  const { columns, postings } = built.index.parts();
  const arrays: Arrays = {
    nameText: columns.names.text,
    nameStarts: columns.names.starts,
    nameIds: columns.names.ids,
    aliasText: columns.aliases.text,
    aliasCounts: columns.aliases.counts(),
    styles: columns.styles,
    parts: columns.parts,
    logos: columns.logos,
    prominence: columns.prominence,
    tokenText: joined(postings.tokens),
    tokenKinds: postings.tokenKinds,
    postingStart: postings.postingStart,
    gapStart: postings.gapStart,
    gaps: postings.gaps,
    postingWeights: postings.postingWeights,
    stemText: joined(postings.stems),
    stemStart: postings.stemStart,
    stemTokens: postings.stemTokens,
    endingsOrder: built.index.endingsOrder(),
    documentSet: built.documentSet,
    documentCategory: built.documentCategory,
  };
  const head: Head = {
    key,
    sets: built.sets,
    categories: built.categories,
    arrays: Object.entries(arrays).map(([name, array]) => ({ name, type: array.constructor.name === 'Buffer' ? 'Uint8Array' : (array.constructor.name as keyof typeof TYPES), length: array.length })),
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const parts: Uint8Array[] = [Buffer.alloc(4), headBytes];
  Buffer.from(parts[0].buffer).writeUInt32LE(headBytes.length);
  let at = 4 + headBytes.length;
  for (const array of Object.values(arrays)) {
    parts.push(Buffer.alloc(padding(at)));
    at += padding(at) + array.byteLength;
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, parts);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** A head larger than this is not one this code wrote (its sets and categories take tens of KB). */
const MAX_HEAD_BYTES = 16 * 1024 * 1024;

const padding = (at: number) => (4 - (at % 4)) % 4;

/** The head of a file, when it is one written under `key`; undefined when there is none, or another. */
async function headOf(file: FileHandle, key: string): Promise<{ head: Head; end: number } | undefined> {
  const size = Buffer.alloc(4);
  if ((await file.read(size, 0, 4, 0)).bytesRead < 4) return undefined;
  const headLength = size.readUInt32LE(0);
  if (headLength > MAX_HEAD_BYTES) return undefined;
  const bytes = Buffer.alloc(headLength);
  if ((await file.read(bytes, 0, headLength, 4)).bytesRead < headLength) return undefined;
  const head = JSON.parse(bytes.toString('utf8')) as Head;
  return head.key === key ? { head, end: 4 + headLength } : undefined;
}

/** Whether the file at `path` is an index written under `key` (its head alone is read). */
export async function isIndexFileOf(path: string, key: string): Promise<boolean> {
  const file = await open(path).catch(() => undefined);
  if (!file) return false;
  try {
    return (await headOf(file, key)) !== undefined;
  } catch {
    return false;
  } finally {
    await file.close();
  }
}

/**
 * The index in the file when it was built under `key`; undefined when there is none, or another.
 * Each array is read into a buffer of its own: the words' text is dropped once packed
 * (word-list.ts), where a view of the whole file kept it all.
 */
export async function readIndexFile(path: string, key: string): Promise<OpenSetsIndex | undefined> {
  const file = await open(path).catch(() => undefined);
  if (!file) return undefined;
  const arrays: Arrays = {};
  let head: Head;
  try {
    const found = await headOf(file, key);
    if (!found) return undefined;
    head = found.head;
    let at = found.end;
    for (const { name, type, length } of head.arrays) {
      const array = new TYPES[type](length);
      at += padding(at);
      const { bytesRead } = await file.read(new Uint8Array(array.buffer), 0, array.byteLength, at);
      if (bytesRead < array.byteLength) return undefined;
      arrays[name] = array;
      at += array.byteLength;
    }
  } finally {
    await file.close();
  }
  const names = new IconNames(arrays.nameText as Uint8Array, arrays.nameStarts as Int32Array, arrays.nameIds as Int32Array);
  const columns: DocumentColumns = {
    rowIds: new Int32Array(0),
    names,
    aliases: new IconAliases(arrays.aliasText as Uint8Array, arrays.aliasCounts as Uint16Array),
    styles: arrays.styles as Uint8Array,
    parts: arrays.parts as Uint8Array,
    since: new Int32Array(names.length),
    logos: arrays.logos as Uint8Array,
    prominence: arrays.prominence as Uint8Array,
  };
  const postings: Postings = {
    tokens: lines(arrays.tokenText as Uint8Array),
    tokenKinds: arrays.tokenKinds as Uint8Array,
    postingStart: arrays.postingStart as Int32Array,
    gapStart: arrays.gapStart as Int32Array,
    gaps: arrays.gaps as Uint8Array,
    postingWeights: arrays.postingWeights as Uint8Array,
    stems: lines(arrays.stemText as Uint8Array),
    stemStart: arrays.stemStart as Int32Array,
    stemTokens: arrays.stemTokens as Int32Array,
  };
  const index = new SearchIndex({ columns, postings });
  index.endingsOrder(arrays.endingsOrder as Int32Array);
  return { index, sets: head.sets, categories: head.categories, documentSet: arrays.documentSet as Uint16Array, documentCategory: arrays.documentCategory as Uint16Array };
}
