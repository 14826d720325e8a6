// Webfonts cut to the glyphs of a selection, with harfbuzz's subsetter (subset-font, WebAssembly).
// A family-style's stylesheet names its fonts (`url(../webfonts/fa-solid-900.woff2)`); each one in
// a format harfbuzz writes (WOFF2, WOFF, TrueType) is cut to the icons' code points. EOT and SVG
// fonts (5.x, for old browsers) are left out: no current browser asks for them.

/**
 * subset-font, loaded at the first cut: its WebAssembly (harfbuzz, and a WOFF2 codec) reserves two
 * 16 MiB memories, which a server that never makes a subset or a kit download does not need.
 */
let subsetter: Promise<typeof import('subset-font').default> | undefined;
const loadSubsetter = () => (subsetter ??= import('subset-font').then((module) => module.default));

export const FONT_URL = /url\(["']?\.\.\/webfonts\/([A-Za-z0-9._-]+\.(?:woff2|woff|ttf))[^"')]*["']?\)/g;

/** The webfont files a stylesheet loads, in the order it names them. */
export const fontsOfStylesheet = (css: string) => [...new Set([...css.matchAll(FONT_URL)].map((m) => m[1]))];

const FORMATS = { woff2: 'woff2', woff: 'woff', ttf: 'truetype' } as const;

/** `font` (named `file`) with only the glyphs of `codePoints`, in the same format or as TrueType (`sfnt`). */
export async function cutFont(font: Buffer, file: string, codePoints: number[], format: 'same' | 'sfnt' = 'same'): Promise<Buffer> {
  const extension = file.slice(file.lastIndexOf('.') + 1) as keyof typeof FORMATS;
  const targetFormat = format === 'sfnt' ? 'sfnt' : FORMATS[extension];
  // No layout closure: the fonts' ligatures would pull glyphs back in that the selection left out.
  const subsetFont = await loadSubsetter();
  return subsetFont(font, String.fromCodePoint(...codePoints), { targetFormat, noLayoutClosure: true });
}
