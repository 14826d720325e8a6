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
 * Raise it when the bytes `layout` writes for the same set and names change: answers written from
 * a kept set are tagged by it and the set's content, not by a hash of their own bytes
 * (IconSetsService.iconsDataJsonNow). test/icons-answer-layout.test.ts fails until it is raised.
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

/** The asked icons, the aliases that lead to them (code points as aliases too), and the names not found. */
export function gather<E>(source: EntrySource<E>, chars: Record<string, string> | null, names: string[]): Gathered<E> {
  const icons = new Set<E>();
  const aliases = new Set<E | CodePointAlias>();
  const codePoints = new Map<string, CodePointAlias>();
  const missing = new Set<string>();
  for (const asked of names) {
    let entry = source.find(asked);
    if (entry === undefined) {
      const icon = chars?.[asked];
      entry = icon === undefined ? undefined : source.find(icon);
      if (entry === undefined) {
        missing.add(asked);
        continue;
      }
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
  return { icons: [...icons], aliases: [...aliases], missing: [...missing] };
}

/** Where `layout` writes: literal JSON text, and entries as members (`"name":` and the stored JSON). */
interface Output<E> {
  text(json: string): void;
  member(entry: E): void;
}

const codePointMember = ({ name, icon }: CodePointAlias) => `${JSON.stringify(name)}:${JSON.stringify({ parent: icon })}`;

function layout<E>(set: AnswerSet, { icons, aliases, missing }: Gathered<E>, out: Output<E>): void {
  const members = (entries: (E | CodePointAlias)[]) => {
    // An index loop: `for (const [i, entry] of entries.entries())` allocated a pair per entry here,
    // 9 KB of the 14 KB a 20-name answer allocated in all (measured with V8's sampling heap profiler).
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (i > 0) out.text(',');
      if (entry instanceof CodePointAlias) out.text(codePointMember(entry));
      else out.member(entry);
    }
  };
  out.text(`{"prefix":${JSON.stringify(set.prefix)},"lastModified":${set.lastModified},"aliases":{`);
  members(aliases);
  out.text('}');
  for (const [key, value] of Object.entries(set.defaults)) out.text(`,${JSON.stringify(key)}:${value}`);
  out.text(',"icons":{');
  members(icons);
  out.text('}');
  if (missing.length > 0) out.text(`,"not_found":${JSON.stringify(missing)}`);
  out.text('}');
}

/** The answer as JSON text. */
export function answerText<E>(set: AnswerSet, gathered: Gathered<E>, source: EntrySource<E>): string {
  let text = '';
  layout(set, gathered, { text: (json) => void (text += json), member: (entry) => void (text += `${JSON.stringify(source.nameOf(entry))}:${source.dataOf(entry)}`) });
  return text;
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

/**
 * The answer as UTF-8 bytes copied from a kept set's members: measured, then written into a
 * buffer of exactly that size (by default one of its own, which the response cache keeps as it is).
 */
export function answerBytes(set: AnswerSet, gathered: Gathered<number>, kept: MemberBytes, allocate = ownBuffer): Buffer {
  let length = 0;
  layout(set, gathered, { text: (json) => void (length += json === ',' ? 1 : Buffer.byteLength(json)), member: (entry) => void (length += kept.memberLength(entry)) });
  const bytes = allocate(length);
  let at = 0;
  layout(set, gathered, {
    text: (json) => void (json === ',' ? (bytes[at++] = COMMA) : (at += bytes.write(json, at))),
    member: (entry) => void (at = kept.copyMember(entry, bytes, at)),
  });
  return bytes;
}

const COMMA = 0x2c;

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
