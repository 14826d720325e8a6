// One icon as an SVG document, with the Iconify API's query parameters: width and height (a
// number, "auto" for the viewBox's size, "unset"), rotate (90deg, 1 = 90 degrees), flip
// (horizontal, vertical), color (replaces currentColor) and box (an invisible rectangle the size of
// the viewBox, for editors that crop to content). Built with @iconify/utils.
import type { IconifyIcon } from '@iconify/types';
import { iconToSVG } from '@iconify/utils/lib/svg/build';
import { iconToHTML } from '@iconify/utils/lib/svg/html';
import { flipFromString } from '@iconify/utils/lib/customisations/flip';
import { rotateFromString } from '@iconify/utils/lib/customisations/rotate';
import { defaultIconCustomisations, type IconifyIconCustomisations } from '@iconify/utils/lib/customisations/defaults';
import { defaultIconDimensions } from '@iconify/utils/lib/icon/defaults';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const cleaned = (value: unknown) => text(value)?.replace(/['"<>&]/g, '');

export function svgOf(icon: Required<IconifyIcon> | IconifyIcon, query: Record<string, unknown>): string {
  const customisations: IconifyIconCustomisations = {
    width: cleaned(query.width) || defaultIconCustomisations.width,
    height: cleaned(query.height) || defaultIconCustomisations.height,
    rotate: text(query.rotate) ? rotateFromString(text(query.rotate)!, 0) : 0,
  };
  if (text(query.flip)) flipFromString(customisations as Parameters<typeof flipFromString>[0], text(query.flip)!);
  const built = iconToSVG(icon, customisations);
  let body = built.body;
  if (text(query.box)) {
    const { left, top, width, height } = { ...defaultIconDimensions, ...icon };
    body = `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="rgba(255, 255, 255, 0)" />${body}`;
  }
  let html = iconToHTML(body, built.attributes);
  const color = cleaned(query.color);
  if (color && html.includes('currentColor') && !color.includes('"')) html = html.split('currentColor').join(color);
  return html;
}
