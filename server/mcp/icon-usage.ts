// How an icon is named, licensed and used, the same in every tool: its Iconify id, its set's
// licence, and the snippets that show it (Font Awesome's classes for its sets, the iconify-icon
// element and @iconify/react for the others), with the URL of its SVG on this server.
import { z } from 'zod';
import type { IconSet } from '../iconify/icon-sets.service.ts';
import { classNames, fontAwesomeSet } from './font-awesome.ts';

const PART = '[a-z0-9]+(?:-[a-z0-9]+)*';
const ICON_ID = new RegExp(`^(${PART}):(${PART})$`);
export const PREFIX = new RegExp(`^${PART}$`);

/** An Iconify id, `prefix:name`, as a tool's input. */
export const iconIdSchema = z.string().max(200).regex(ICON_ID, 'must be an Iconify id, prefix:name, such as mdi:close or fa7-solid:xmark');

export function splitId(id: string): { prefix: string; name: string } {
  const [, prefix, name] = ICON_ID.exec(id)!;
  return { prefix, name };
}

export const licenceSchema = z.object({ title: z.string(), spdx: z.string().optional(), url: z.string().optional() });
export type Licence = z.infer<typeof licenceSchema>;

/** A set's licence as its info states it. */
export function licenceOf(set: IconSet | undefined): Licence {
  const license = set?.info?.license;
  if (!license) return { title: 'unknown' };
  return { title: license.title, ...(license.spdx ? { spdx: license.spdx } : {}), ...(license.url ? { url: license.url } : {}) };
}

/** Who made the set, for attribution. */
export const authorOf = (set: IconSet | undefined) => (set?.info?.author ? { name: set.info.author.name, ...(set.info.author.url ? { url: set.info.author.url } : {}) } : undefined);

/** The words of a name, as a label: arrow-left-bold -> Arrow left bold. */
export const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');

export const svgUrl = (iconifyPath: string, prefix: string, name: string) => `${iconifyPath}/${prefix}/${name}.svg`;

/** The one-line use of an icon in markup: Font Awesome's classes, else the iconify-icon element. */
export function usageOf(prefix: string, name: string): string {
  const fa = fontAwesomeSet(prefix);
  return fa ? classNames(fa.major, 'classic', fa.style, name) : `<iconify-icon icon="${prefix}:${name}"></iconify-icon>`;
}

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());

/** HTML, React and CSS snippets that show the icon. */
export function snippetsOf(prefix: string, name: string, iconifyPath: string, unicode?: string) {
  const fa = fontAwesomeSet(prefix);
  const url = svgUrl(iconifyPath, prefix, name);
  const mask = `.icon-${name} {\n  display: inline-block;\n  width: 1em;\n  height: 1em;\n  background-color: currentColor;\n  mask: url("${url}") no-repeat center / contain;\n}`;
  if (!fa) {
    return {
      html: `<iconify-icon icon="${prefix}:${name}"></iconify-icon>`,
      react: `import { Icon } from '@iconify/react';\n\n<Icon icon="${prefix}:${name}" />`,
      css: mask,
    };
  }
  const pkg = `@fortawesome/free-${fa.style}-svg-icons`;
  const family = fa.major >= 7 ? 'Font Awesome 7 Free' : fa.major === 6 ? 'Font Awesome 6 Free' : 'Font Awesome 5 Free';
  const brands = fa.style === 'brands' ? family.replace('Free', 'Brands') : family;
  const pseudo = unicode
    ? `\n/* or with the Font Awesome webfont loaded */\n.icon-${name}::before {\n  content: "\\${unicode}";\n  font-family: "${brands}";\n  font-weight: ${fa.style === 'solid' ? 900 : 400};\n}`
    : '';
  return {
    html: `<i class="${classNames(fa.major, 'classic', fa.style, name)}"></i>`,
    react: `import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';\nimport { fa${pascal(name)} } from '${pkg}';\n\n<FontAwesomeIcon icon={fa${pascal(name)}} />`,
    css: mask + pseudo,
  };
}
