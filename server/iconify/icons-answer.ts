// The answer to /{prefix}.json?icons=...: IconifyJSON with the asked icons, the aliases that lead
// to them, and the names not found, in the Iconify API's key order. Written from the entries'
// stored JSON as it is: no parse and no serialisation of icon bodies; as text from rows read from
// the database, as bytes copied from a kept set.
import type { ExtendedIconifyIcon, IconifyJSON } from '@iconify/types';

/** What an answer says of its set besides the icons. */
interface AnswerSet {
  prefix: string;
  lastModified: number;
  /** Set-wide left, top, width, height. */
  defaults: Record<string, number>;
}

/**
 * Raise it when the bytes written for the same set and names change (frameOf, the members):
 * answers written from a kept set are tagged by it and the set's content, not by a hash of their
 * own bytes (IconSetsService.iconsDataJsonNow). test/icons-answer-layout.test.ts fails until it is
 * raised.
 */
export const ANSWER_LAYOUT = 1;

/** Alias chains longer than this are refused as broken (validation already drops loops). */
export const MAX_ALIAS_DEPTH = 32;

/**
 * A set's entries as an answer reads them, each name looked up once: `E` is the source's handle of
 * an entry (a kept set's index, a row read from the database).
 */
export interface EntrySource<E> {
  /** The entry of that name, or undefined when there is none. */
  find(name: string): E | undefined;
  /** The entry an alias leads to; null for an icon; undefined when the alias's parent is missing. */
  parentOf(entry: E): E | null | undefined;
  nameOf(entry: E): string;
  /** The entry's stored JSON. */
  dataOf(entry: E): string;
}

/** A code point of a font-made set, answered as an alias of its icon. */
export class CodePointAlias {
  readonly name: string;
  readonly icon: string;
  constructor(name: string, icon: string) {
    this.name = name;
    this.icon = icon;
  }
}

/** What an answer holds, each once and in the order met. */
export interface Gathered<E> {
  icons: E[];
  aliases: (E | CodePointAlias)[];
  missing: string[];
}

/** Lists up to this long are searched from the start; longer ones through a Set. */
const SHORT_LIST = 64;

/**
 * Items in the order first added, each once. A batch names a few dozen entries: a list searched
 * from the start costs less than a Set there (~1.5 us of a 20-name batch's gathering); a long
 * list (up to MAX_NAMES) gets a Set, so that the search never turns quadratic.
 */
class Distinct<T> {
  readonly items: T[] = [];
  private index: Set<T> | undefined;

  add(item: T): void {
    if (this.index ? this.index.has(item) : this.items.includes(item)) return;
    this.items.push(item);
    if (this.index) this.index.add(item);
    else if (this.items.length > SHORT_LIST) this.index = new Set(this.items);
  }
}

/** The asked icons, the aliases that lead to them (code points as aliases too), and the names not found. */
export function gather<E>(source: EntrySource<E>, chars: Record<string, string> | null, names: string[]): Gathered<E> {
  const icons = new Distinct<E>();
  const aliases = new Distinct<E | CodePointAlias>();
  const missing = new Distinct<string>();
  let codePoints: Map<string, CodePointAlias> | undefined;
  for (const asked of names) {
    let entry = source.find(asked);
    if (entry === undefined) {
      const icon = chars?.[asked];
      entry = icon === undefined ? undefined : source.find(icon);
      if (entry === undefined) {
        missing.add(asked);
        continue;
      }
      codePoints ??= new Map();
      if (!codePoints.has(asked)) codePoints.set(asked, new CodePointAlias(asked, icon!));
      aliases.add(codePoints.get(asked)!);
    }
    let parent = source.parentOf(entry);
    for (let depth = 0; parent !== undefined && depth <= MAX_ALIAS_DEPTH; depth++) {
      if (parent === null) {
        icons.add(entry);
        break;
      }
      aliases.add(entry);
      entry = parent;
      parent = source.parentOf(entry);
    }
  }
  return { icons: icons.items, aliases: aliases.items, missing: missing.items };
}

const codePointMember = ({ name, icon }: CodePointAlias) => `${JSON.stringify(name)}:${JSON.stringify({ parent: icon })}`;

/**
 * An answer is its set's frame with the members between: `head`, the aliases, `middle` (the set's
 * defaults), the icons, then `tail` (the names not found), in the Iconify API's key order. Members
 * are `"name":{...}`, the entry's stored JSON, separated by commas.
 */
function frameOf(set: AnswerSet): { head: string; middle: string } {
  let middle = '}';
  for (const [key, value] of Object.entries(set.defaults)) middle += `,${JSON.stringify(key)}:${value}`;
  return { head: `{"prefix":${JSON.stringify(set.prefix)},"lastModified":${set.lastModified},"aliases":{`, middle: `${middle},"icons":{` };
}

const tailOf = (missing: string[]) => (missing.length > 0 ? `},"not_found":${JSON.stringify(missing)}}` : '}}');

/** The answer as JSON text. */
export function answerText<E>(set: AnswerSet, { icons, aliases, missing }: Gathered<E>, source: EntrySource<E>): string {
  const member = (entry: E | CodePointAlias) => (entry instanceof CodePointAlias ? codePointMember(entry) : `${JSON.stringify(source.nameOf(entry))}:${source.dataOf(entry)}`);
  const { head, middle } = frameOf(set);
  return `${head}${aliases.map(member).join(',')}${middle}${icons.map(member).join(',')}${tailOf(missing)}`;
}

/** Members held as JSON bytes (a kept set, kept-sets.ts): `"name":{...}` measured and copied. */
export interface MemberBytes {
  memberLength(entry: number): number;
  /** Copies the member into `bytes` at `at`; returns where it ends. */
  copyMember(entry: number, bytes: Buffer, at: number): number;
}

/** Where an answer's bytes go: a buffer of exactly `length` bytes. */
export type Allocate = (length: number) => Buffer;
const ownBuffer: Allocate = (length) => Buffer.allocUnsafeSlow(length);

// A kept set's frame as bytes, encoded once: its answers are written many times a second, and
// encoding the frame's text for each cost more than copying its members (~2 us of a 20-name answer).
const frameBytes = new WeakMap<AnswerSet, { head: Buffer; middle: Buffer }>();
function frameBytesOf(set: AnswerSet): { head: Buffer; middle: Buffer } {
  let bytes = frameBytes.get(set);
  if (!bytes) {
    const { head, middle } = frameOf(set);
    frameBytes.set(set, (bytes = { head: Buffer.from(head), middle: Buffer.from(middle) }));
  }
  return bytes;
}

const COMMA = 0x2c;

/** The bytes of members and the commas between them. */
function membersLength(entries: (number | CodePointAlias)[], kept: MemberBytes): number {
  let length = Math.max(entries.length - 1, 0);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    length += entry instanceof CodePointAlias ? Buffer.byteLength(codePointMember(entry)) : kept.memberLength(entry);
  }
  return length;
}

/** Writes members with commas between them into `bytes` at `at`; returns where they end. */
function writeMembers(entries: (number | CodePointAlias)[], kept: MemberBytes, bytes: Buffer, at: number): number {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (i > 0) bytes[at++] = COMMA;
    if (entry instanceof CodePointAlias) at += bytes.write(codePointMember(entry), at);
    else at = kept.copyMember(entry, bytes, at);
  }
  return at;
}

/**
 * The answer as UTF-8 bytes copied from a kept set's members: measured, then written into a
 * buffer of exactly that size (by default one of its own, which the response cache keeps as it is).
 */
export function answerBytes(set: AnswerSet, { icons, aliases, missing }: Gathered<number>, kept: MemberBytes, allocate = ownBuffer): Buffer {
  const { head, middle } = frameBytesOf(set);
  const tail = tailOf(missing);
  const bytes = allocate(head.length + membersLength(aliases, kept) + middle.length + membersLength(icons, kept) + Buffer.byteLength(tail));
  let at = head.copy(bytes, 0);
  at = writeMembers(aliases, kept, bytes, at);
  at += middle.copy(bytes, at);
  bytes.write(tail, writeMembers(icons, kept, bytes, at));
  return bytes;
}

/** The answer as an object (pretty output, CSS). */
export function answerObject<E>(set: AnswerSet, { icons, aliases, missing }: Gathered<E>, source: EntrySource<E>): IconifyJSON & { not_found?: string[] } {
  const member = (entry: E | CodePointAlias) => (entry instanceof CodePointAlias ? [entry.name, { parent: entry.icon }] : [source.nameOf(entry), JSON.parse(source.dataOf(entry))]);
  const answer: IconifyJSON & { not_found?: string[] } = {
    prefix: set.prefix,
    lastModified: set.lastModified,
    aliases: Object.fromEntries(aliases.map(member)),
    ...set.defaults,
    icons: Object.fromEntries(icons.map(member)) as Record<string, ExtendedIconifyIcon>,
  };
  if (missing.length > 0) answer.not_found = missing;
  return answer;
}
