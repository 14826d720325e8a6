// Font Awesome's class names, as people paste them from markup into a search box ("fa-solid
// fa-house", "fas fa-user", `<i class="fa fa-envelope"></i>`): they mean the icon so named, and
// read as words, "fa" and "solid" would match icons of their own.

/** The classes that name a family, style, size, animation or layout, not an icon (Font Awesome 4 to 7). */
const NOT_ICONS = new Set([
  ...['classic', 'sharp', 'duotone', 'sharp-duotone', 'brands', 'kit', 'kit-duotone'],
  ...['solid', 'regular', 'light', 'thin', 'semibold'].flatMap((style) => [style, `sharp-${style}`, `duotone-${style}`, `sharp-duotone-${style}`]),
  ...['chisel', 'etch', 'jelly', 'jelly-fill', 'jelly-duo', 'notdog', 'notdog-duo', 'slab', 'slab-press', 'thumbprint', 'whiteboard', 'utility', 'utility-duo', 'utility-fill'],
  ...['2xs', 'xs', 'sm', 'lg', 'xl', '2xl', 'fw', 'width-auto', 'width-fixed'],
  ...Array.from({ length: 10 }, (_, i) => `${i + 1}x`),
  ...['spin', 'pulse', 'spin-pulse', 'spin-reverse', 'beat', 'fade', 'beat-fade', 'bounce', 'flip', 'shake'],
  ...['rotate-90', 'rotate-180', 'rotate-270', 'rotate-by', 'flip-horizontal', 'flip-vertical', 'flip-both'],
  ...['border', 'inverse', 'ul', 'li', 'stack', 'stack-1x', 'stack-2x', 'pull-left', 'pull-right', 'pull-start', 'pull-end', 'swap-opacity'],
  ...['layers', 'layers-text', 'layers-counter', 'layers-bottom-left', 'layers-bottom-right', 'layers-top-left', 'layers-top-right'],
]);

/** `fa-<name>` where a class starts: at the start, after a space, a quote or `=` (not inside "sofa-bed"). */
const CLASS = /(?:^|[^a-z0-9-])fa-([a-z0-9]+(?:-[a-z0-9]+)*)/g;

/** A query written as Font Awesome classes, as the icon names they give; any other query as it is. */
export function iconNamesOf(query: string): string {
  const lower = query.toLowerCase();
  if (!lower.includes('fa-')) return query;
  const names = [...lower.matchAll(CLASS)].map((match) => match[1]).filter((name) => !NOT_ICONS.has(name));
  return names.length > 0 ? names.join(' ') : query;
}
