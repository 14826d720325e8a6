// subset-font ships no types; the part of its API font-subset.ts uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'; keepAllGlyphs?: boolean; noLayoutClosure?: boolean },
  ): Promise<Buffer>;
}
