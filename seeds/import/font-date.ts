// A release's date is the creation time in its bundled font's `head` table: registry publish times
// seen from a mirror are ingest dates, not release dates (font-awesome-data.md, "Dates").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const SECONDS_1904_TO_1970 = 2_082_844_800;

/** The `head.created` date (YYYY-MM-DD) of the first solid font found in `webfontsDir`, or null. */
export function fontCreatedDate(webfontsDir: string): string | null {
  for (const name of ['fa-solid-900.ttf', 'fa-solid-900.woff2']) {
    const file = join(webfontsDir, name);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const head = name.endsWith('.ttf') ? sfntTable(bytes, 'head') : woff2Table(bytes, 'head');
    if (!head) continue;
    const seconds = Number(head.readBigUInt64BE(20)) - SECONDS_1904_TO_1970;
    return new Date(seconds * 1000).toISOString().slice(0, 10);
  }
  return null;
}

function sfntTable(font: Buffer, tag: string): Buffer | null {
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    if (font.toString('latin1', entry, entry + 4) === tag) {
      const offset = font.readUInt32BE(entry + 8);
      return font.subarray(offset, offset + font.readUInt32BE(entry + 12));
    }
  }
  return null;
}

// WOFF2 (W3C WOFF2 §5): a table directory with variable-length sizes, then one brotli stream
// holding every table back to back. `head` is never transformed, so its bytes are stored as is.
// The 63 known tags, by index; three-letter tags are padded with a space.
const KNOWN_TAGS = 'cmap head hhea hmtx maxp name OS/2 post cvt fpgm glyf loca prep CFF VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
  .split(' ')
  .map((t) => t.padEnd(4, ' '));

function woff2Table(font: Buffer, tag: string): Buffer | null {
  if (font.toString('latin1', 0, 4) !== 'wOF2') return null;
  const numTables = font.readUInt16BE(12);
  let pos = 48;
  const readBase128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = font[pos++];
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('bad UIntBase128 in WOFF2 directory');
  };
  let offset = 0;
  let found: { offset: number; length: number } | null = null;
  for (let i = 0; i < numTables; i++) {
    const flags = font[pos++];
    const tagIndex = flags & 0x3f;
    const entryTag = tagIndex === 63 ? font.toString('latin1', pos, (pos += 4)) : KNOWN_TAGS[tagIndex];
    const transformVersion = (flags >> 6) & 3;
    const origLength = readBase128();
    // glyf/loca are transformed unless version 3; other tables are transformed unless version 0.
    const transformed = entryTag === 'glyf' || entryTag === 'loca' ? transformVersion !== 3 : transformVersion !== 0;
    const length = transformed ? readBase128() : origLength;
    if (entryTag === tag) found = { offset, length };
    offset += length;
  }
  if (!found) return null;
  const stream = brotliDecompressSync(font.subarray(pos, pos + font.readUInt32BE(20)));
  return stream.subarray(found.offset, found.offset + found.length);
}
