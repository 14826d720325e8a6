// The answer to /{prefix}.json?icons=...: IconifyJSON with the asked icons, the aliases that lead
// to them, and the names not found, in the Iconify API's key order. Written from the entries'
// stored JSON as it is: no parse and no serialisation of icon bodies; as text from rows read from
// the database, as bytes copied from a kept set.
import type { ExtendedIconifyIcon, IconifyJSON } from '@iconify/types';
import type { KeptSet } from './kept-sets.ts';

/** What an answer says of its set besides the icons. */
interface AnswerSet {
  prefix: string;
  lastModified: number;
  /** Set-wide left, top, width, height. */
  defaults: Record<string, number>;
}

/** Alias chains longer than this are refused as broken (validation already drops loops). */
export const MAX_ALIAS_DEPTH = 32;

/** A set's entries as an answer reads them. */
export interface EntrySource {
  /** The entry's parent (null: an icon, not an alias), or undefined when there is no such entry. */
  parentOf(name: string): string | null | undefined;
  /** The stored JSON of an entry the source has. */
  dataOf(name: string): string;
}

/** What an answer holds, by name, each once and in the order met. */
export interface Gathered {
  icons: string[];
  aliases: string[];
  /** Names answered as code points of a font-made set: each an alias of its icon. */
  codePoints: Map<string, string>;
  missing: string[];
}

/** The asked icons, the aliases that lead to them (code points as aliases too), and the names not found. */
export function gather(source: EntrySource, chars: Record<string, string> | null, names: string[]): Gathered {
  const icons = new Set<string>();
  const aliases = new Set<string>();
  const codePoints = new Map<string, string>();
  const missing = new Set<string>();
  for (const asked of names) {
    let name = asked;
    let parent = source.parentOf(name);
    if (parent === undefined && chars?.[name] !== undefined && source.parentOf(chars[name]) !== undefined) {
      if (!aliases.has(name)) codePoints.set(name, chars[name]);
      aliases.add(name);
      name = chars[name];
      parent = source.parentOf(name);
    }
    if (parent === undefined) {
      missing.add(asked);
      continue;
    }
    for (let depth = 0; parent !== undefined && depth <= MAX_ALIAS_DEPTH; depth++) {
      if (parent === null) {
        icons.add(name);
        break;
      }
      aliases.add(name);
      name = parent;
      parent = source.parentOf(name);
    }
  }
  return { icons: [...icons], aliases: [...aliases], codePoints, missing: [...missing] };
}

/** Where `layout` writes: literal JSON text, and entries as members (`"name":` and the stored JSON). */
interface Output {
  text(json: string): void;
  member(name: string): void;
}

function layout(set: AnswerSet, { icons, aliases, codePoints, missing }: Gathered, out: Output): void {
  const members = (names: string[]) => {
    for (const [i, name] of names.entries()) {
      if (i > 0) out.text(',');
      const icon = codePoints.get(name);
      if (icon === undefined) out.member(name);
      else out.text(`${JSON.stringify(name)}:${JSON.stringify({ parent: icon })}`);
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
export function answerText(set: AnswerSet, gathered: Gathered, source: EntrySource): string {
  let text = '';
  layout(set, gathered, { text: (json) => void (text += json), member: (name) => void (text += `${JSON.stringify(name)}:${source.dataOf(name)}`) });
  return text;
}

/**
 * The answer as UTF-8 bytes copied from a kept set's members: measured, then written into one
 * buffer of exactly that size (kept as it is by the response cache).
 */
export function answerBytes(set: AnswerSet, gathered: Gathered, kept: KeptSet): Buffer {
  let length = 0;
  layout(set, gathered, { text: (json) => void (length += json === ',' ? 1 : Buffer.byteLength(json)), member: (name) => void (length += kept.memberLength(name)) });
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  layout(set, gathered, {
    text: (json) => void (json === ',' ? (bytes[at++] = COMMA) : (at += bytes.write(json, at))),
    member: (name) => void (at = kept.copyMember(name, bytes, at)),
  });
  return bytes;
}

const COMMA = 0x2c;

/** The answer as an object (pretty output, CSS). */
export function answerObject(set: AnswerSet, { icons, aliases, codePoints, missing }: Gathered, source: EntrySource): IconifyJSON & { not_found?: string[] } {
  const answer: IconifyJSON & { not_found?: string[] } = {
    prefix: set.prefix,
    lastModified: set.lastModified,
    aliases: Object.fromEntries(aliases.map((name) => [name, codePoints.has(name) ? { parent: codePoints.get(name)! } : JSON.parse(source.dataOf(name))])),
    ...set.defaults,
    icons: Object.fromEntries(icons.map((name) => [name, JSON.parse(source.dataOf(name)) as ExtendedIconifyIcon])),
  };
  if (missing.length > 0) answer.not_found = missing;
  return answer;
}
