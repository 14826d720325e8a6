// An icon's SVG data in the shapes clients use: a complete <svg> element and Font Awesome's
// icon definition ({ prefix, iconName, icon: [width, height, aliases, unicode, path] }).
import type { Icon } from '../icons/icons.service.ts';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function svgHtml(width: number, height: number, pathData: string[]): string {
  const paths =
    pathData.length === 2
      ? // Duotone: [secondary, primary], the secondary layer drawn at 40% opacity.
        `<path class="fa-secondary" opacity=".4" d="${escapeAttribute(pathData[0])}"/><path class="fa-primary" d="${escapeAttribute(pathData[1])}"/>`
      : `<path d="${escapeAttribute(pathData[0])}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${paths}</svg>`;
}

export function iconDefinition(icon: Pick<Icon, 'name' | 'unicode' | 'aliases'>, prefix: string, width: number, height: number, pathData: string[]) {
  const aliases: (string | number)[] = [
    ...(icon.aliases?.names ?? []),
    ...(icon.aliases?.unicodes.composite ?? []).map((hex) => parseInt(hex, 16)),
  ];
  return { prefix, iconName: icon.name, icon: [width, height, aliases, icon.unicode, pathData.length === 1 ? pathData[0] : pathData] };
}
