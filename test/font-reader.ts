// Reads what a font holds, for tests: the code points its cmap maps to a glyph, and its glyph
// count. A WOFF or WOFF2 file is turned into a plain sfnt first (subset-font, keeping every glyph).
import subsetFont from 'subset-font';

export interface FontFacts {
  codePoints: number[];
  glyphs: number;
}

function tables(font: Buffer): Map<string, Buffer> {
  const count = font.readUInt16BE(4);
  const found = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const offset = font.readUInt32BE(record + 8);
    found.set(font.toString('latin1', record, record + 4), font.subarray(offset, offset + font.readUInt32BE(record + 12)));
  }
  return found;
}

function cmapCodePoints(cmap: Buffer): number[] {
  const subtables = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => cmap.subarray(cmap.readUInt32BE(4 + i * 8 + 4)));
  const format12 = subtables.find((t) => t.readUInt16BE(0) === 12);
  const points = new Set<number>();
  if (format12) {
    for (let g = 0, groups = format12.readUInt32BE(12); g < groups; g++) {
      const start = format12.readUInt32BE(16 + g * 12);
      for (let c = start; c <= format12.readUInt32BE(20 + g * 12); c++) points.add(c);
    }
    return [...points].sort((a, b) => a - b);
  }
  const table = subtables.find((t) => t.readUInt16BE(0) === 4)!;
  const segments = table.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const [end, start, delta, rangeOffset] = [ends, starts, deltas, rangeOffsets].map((at) => table.readUInt16BE(at + s * 2));
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph = rangeOffset === 0 ? c : table.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
      if (rangeOffset !== 0 && glyph === 0) continue;
      glyph = (glyph + (delta << 16 >> 16)) & 0xffff;
      if (glyph !== 0) points.add(c);
    }
  }
  return [...points].sort((a, b) => a - b);
}

export async function readFont(bytes: Uint8Array): Promise<FontFacts> {
  let font: Buffer = Buffer.from(bytes);
  if (/^wOF/.test(font.toString('latin1', 0, 4))) font = await subsetFont(font, '', { targetFormat: 'sfnt', keepAllGlyphs: true });
  const found = tables(font);
  return { codePoints: cmapCodePoints(found.get('cmap')!), glyphs: found.get('maxp')!.readUInt16BE(4) };
}
