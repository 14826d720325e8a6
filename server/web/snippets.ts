// What the icon page offers to copy, written as each Font Awesome major expects it: the <i> element's
// classes, the SVG element, and the JavaScript import name of the SVG icon packages that React's
// and Vue's components take.
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import { svgHtml } from '../graphql/svg.ts';
import { escapeHtml } from './layout.ts';

type FamilyStyle = Pick<FamilyStyleRow, 'family' | 'style' | 'prefix'>;
export type Glyph = [number, number, string | string[]];

const paths = (glyph: Glyph) => (typeof glyph[2] === 'string' ? [glyph[2]] : glyph[2]);

/** The SVG element as GraphQL's Svg.html gives it (xmlns, viewBox, one path or duotone's two). */
export const svgSnippet = (glyph: Glyph) => svgHtml(glyph[0], glyph[1], paths(glyph));

/** A glyph to draw inside the page: decorative (the surrounding link or heading names the icon). */
export function inlineSvg(glyph: Glyph): string {
  const [secondary, primary] = paths(glyph);
  const d = primary === undefined ? `<path d="${escapeHtml(secondary)}"/>` : `<path class="sec" d="${escapeHtml(secondary)}"/><path d="${escapeHtml(primary)}"/>`;
  return `<svg viewBox="0 0 ${glyph[0]} ${glyph[1]}" aria-hidden="true" focusable="false">${d}</svg>`;
}

/** `<i class="...">`: 5.x by prefix (`fas fa-coffee`); 6 and later by style (`fa-solid`), family first unless classic. */
export function iconElement(major: number, fs: FamilyStyle, id: string): string {
  let classes: string;
  if (major <= 5) classes = `${fs.prefix} fa-${id}`;
  else if (fs.family === 'classic') classes = `fa-${fs.style} fa-${id}`;
  else if (fs.prefix === 'fad' && major === 6) classes = `fa-duotone fa-${id}`;
  else classes = `fa-${fs.family} fa-${fs.style} fa-${id}`;
  return `<i class="${classes}"></i>`;
}

/** `faMugSaucer` from `mug-saucer`: the export name in the SVG icon packages. */
export const importName = (id: string) => `fa${id.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('')}`;

/** The SVG icon package of a family-style: free-solid-svg-icons, pro-light-svg-icons, sharp-solid-svg-icons, ... */
export function iconPackage(fs: FamilyStyle, free: boolean): string {
  if (fs.family === 'classic') return `@fortawesome/${free ? 'free' : 'pro'}-${fs.style}-svg-icons`;
  if (fs.prefix === 'fad') return '@fortawesome/pro-duotone-svg-icons';
  return `@fortawesome/${fs.family}-${fs.style}-svg-icons`;
}

export const importSnippet = (fs: FamilyStyle, free: boolean, id: string) => `import { ${importName(id)} } from '${iconPackage(fs, free)}';`;
