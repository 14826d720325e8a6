// Font Awesome 5.0.x shipped as split packages (fontawesome-free-solid, -regular, -brands), each a
// CommonJS `index.js` exporting `{ prefix, iconName, icon: [w, h, aliases, unicode, path] }` objects.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import type { JsIcon, JsStyles } from './fa-js.ts';

export const SPLIT_PACKAGES = ['solid', 'regular', 'brands'] as const;
export const splitPackageName = (part: string) => `@fortawesome/fontawesome-free-${part}`;

interface ExportedIcon {
  prefix: string;
  iconName: string;
  icon: JsIcon;
}

export function packageJson(dir: string): { name?: string; version?: string } {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The unpacked split packages inside `dir`: each subfolder whose package.json names one. */
export function findSplitPackages(dir: string): { part: string; dir: string; version: string }[] {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const sub = join(dir, entry.name);
    const { name, version } = packageJson(sub);
    const part = SPLIT_PACKAGES.find((p) => name === splitPackageName(p));
    if (part && version) found.push({ part, dir: sub, version });
    if (name === '@fortawesome/fontawesome-free-webfonts' && version) found.push({ part: 'webfonts', dir: sub, version });
  }
  return found;
}

export function readSplitPackage(dir: string): JsStyles {
  const module = { exports: {} as Record<string, unknown> };
  const context = vm.createContext({ module, exports: module.exports });
  const file = join(dir, 'index.js');
  vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: 10_000 });
  const styles: JsStyles = new Map();
  for (const value of Object.values(module.exports) as Partial<ExportedIcon>[]) {
    if (!value || typeof value !== 'object' || !value.iconName || !value.prefix || !Array.isArray(value.icon)) continue;
    if (!styles.has(value.prefix)) styles.set(value.prefix, new Map());
    styles.get(value.prefix)!.set(value.iconName, JSON.parse(JSON.stringify(value.icon)));
  }
  if (styles.size === 0) throw new Error(`${file} exports no icons`);
  return styles;
}

/**
 * The fontawesome-free-webfonts package whose CSS names each 5.0.x release (read off the packages'
 * CSS headers); its font dates the release. 5.0.3, 5.0.4, 5.0.6 and 5.0.8 have none, and some
 * fonts are a release off: seeds/release-list.json dates every 5.0.x release the public API lists.
 */
export const SPLIT_WEBFONTS: Record<string, string> = {
  '5.0.1': '1.0.0',
  '5.0.2': '1.0.2',
  '5.0.7': '1.0.4',
  '5.0.9': '1.0.5',
  '5.0.10': '1.0.6',
  '5.0.11': '1.0.7',
  '5.0.12': '1.0.8',
  '5.0.13': '1.0.9',
};
