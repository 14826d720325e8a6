// Icon data from the JavaScript a Font Awesome package ships. The files register icons on
// `window.___FONT_AWESOME___`; 5.1.0's are minified, so they are run in a sandbox with a stub
// window rather than parsed as text (font-awesome-data.md, "What each package holds").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

/** [width, height, aliases, unicode, path]: aliases mix composite code points and alias names. */
export type JsIcon = [number, number, (string | number)[], string, string | string[]];
export type JsStyles = Map<string, Map<string, JsIcon>>;
export interface JsShim {
  oldName: string;
  prefix: string | null;
  name: string | null;
}

const STYLE_FILES: Record<string, string> = { fas: 'solid.js', far: 'regular.js', fab: 'brands.js' };

function runInSandbox(file: string): { styles?: Record<string, Record<string, JsIcon>>; shims?: [string, string | null, string | null][] } {
  const window: Record<string, any> = {};
  const context = vm.createContext({ window, console: { log() {}, warn() {}, error() {} } });
  vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: 10_000 });
  return window.___FONT_AWESOME___ ?? {};
}

/** Icons per prefix (fas, far, fab) from js/{solid,regular,brands}.js; absent files are skipped. */
export function readJsStyles(packageDir: string): JsStyles {
  const styles: JsStyles = new Map();
  for (const [prefix, fileName] of Object.entries(STYLE_FILES)) {
    const file = join(packageDir, 'js', fileName);
    if (!existsSync(file)) continue;
    const registered = runInSandbox(file).styles?.[prefix];
    if (!registered) throw new Error(`${file} registered no icons under "${prefix}"`);
    // The sandbox's objects come from another realm: copy them into plain arrays of this one.
    styles.set(prefix, new Map(Object.entries(registered).map(([id, icon]) => [id, JSON.parse(JSON.stringify(icon))])));
  }
  return styles;
}

/** Font Awesome 4 name mappings from js/v4-shims.js, when the package has it. */
export function readJsShims(packageDir: string): JsShim[] {
  const file = join(packageDir, 'js', 'v4-shims.js');
  if (!existsSync(file)) return [];
  // 6.x also lists code-point shims ([61440, 'fas', ...]): those are not Font Awesome 4 names.
  return (runInSandbox(file).shims ?? [])
    .filter(([oldName]) => typeof oldName === 'string')
    .map(([oldName, prefix, name]) => ({ oldName, prefix, name }));
}
