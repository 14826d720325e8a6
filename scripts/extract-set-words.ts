// Writes seeds/set-words/<prefix>.json: the words some open sets give their own icons in their own
// packages, which @iconify/json leaves out. Material Design Icons lists other names for a drawing
// (cog: settings, gear; heart: favorite), Lucide, Tabler and Phosphor list tags (lucide's pipette:
// eye dropper, color picker). The search index reads them for those sets' icons
// (server/search/set-words.ts). Run after updating one of these devDependencies:
// `node scripts/extract-set-words.ts`.
import { readFileSync, writeFileSync } from 'node:fs';

/** A file of an installed package (not every one exports its package.json or data files). */
const packageFile = (name: string, file: string) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/${file}`, import.meta.url), 'utf8')) as unknown;
const packageJson = (name: string) => packageFile(name, 'package.json') as { version: string };

interface MdiIcon {
  name: string;
  aliases: string[];
}
interface TablerIcon {
  name: string;
  tags?: unknown[];
}
interface PhosphorIcon {
  name: string;
  tags: readonly string[];
}

/** An icon's words: strings, lowercase, without its own name or a package's markers ("*new*"). */
function cleaned(name: string, given: readonly unknown[]): string[] {
  const kept = given.filter((word): word is string | number => typeof word === 'string' || typeof word === 'number').map((word) => String(word).toLowerCase().trim());
  return [...new Set(kept.filter((word) => word && word !== name && !word.startsWith('*')))];
}
const byName = (entries: [string, string[]][]) => Object.fromEntries(entries.filter(([, words]) => words.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const source = (name: string) => `${name}@${packageJson(name).version}`;

const mdi = packageFile('@mdi/svg', 'meta.json') as MdiIcon[];
const lucide = packageFile('lucide-static', 'tags.json') as Record<string, unknown[]>;
const tabler = packageFile('@tabler/icons', 'icons.json') as Record<string, TablerIcon>;
const { icons: phosphor } = (await import('@phosphor-icons/core')) as { icons: readonly PhosphorIcon[] };

const sets = {
  mdi: { source: source('@mdi/svg'), words: byName(mdi.map((icon) => [icon.name, cleaned(icon.name, icon.aliases)])) },
  lucide: { source: source('lucide-static'), words: byName(Object.entries(lucide).map(([name, tags]) => [name, cleaned(name, tags)])) },
  tabler: { source: source('@tabler/icons'), words: byName(Object.values(tabler).map((icon) => [icon.name, cleaned(icon.name, icon.tags ?? [])])) },
  ph: { source: source('@phosphor-icons/core'), words: byName(phosphor.map((icon) => [icon.name, cleaned(icon.name, icon.tags)])) },
};
const about =
  "Words this open icon set gives its own icons in its own package (not in @iconify/json), by icon name: " +
  "Material Design Icons' other names of a drawing; Lucide's, Tabler's and Phosphor's tags. " +
  'Written by scripts/extract-set-words.ts; the set keeps its licence (docs/data.md).';
for (const [prefix, set] of Object.entries(sets)) {
  writeFileSync(new URL(`../seeds/set-words/${prefix}.json`, import.meta.url), `${JSON.stringify({ about, ...set })}\n`);
  console.log(`${prefix}: ${Object.keys(set.words).length} icons from ${set.source}`);
}
