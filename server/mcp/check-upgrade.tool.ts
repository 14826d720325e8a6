// check_upgrade: the Font Awesome icons a codebase uses, checked against another release with the
// release diff service (the REST upgrade check's): renamed (to what), removed, styles lost, changed.
import { z } from 'zod';
import { iconNamesOf } from '../search/class-names.ts';
import type { McpDeps } from './mcp-deps.ts';
import { defineTool } from './tool.ts';

const VERSION = /^(\d+\.\d+\.\d+(-[0-9a-z.]+)?|\d+\.x|\d+\.\d+\.x)$/i;
const version = z.string().regex(VERSION, 'must be a release version such as 5.15.4, 6.x or 6.7.x');

const input = z.object({
  icons: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(1000)
    .describe('Icon names as the codebase writes them: "home", "fa-home", "fa-solid fa-house", "fas fa-times" or an Iconify id "fa6-solid:house".'),
  from: version.describe('The Font Awesome version the codebase uses now: 5.15.4, or 5.x for the newest 5.'),
  to: version.optional().describe('The release to upgrade to; default the newest stable release this server holds.'),
  licence: z.enum(['free', 'any']).default('any').describe('"free": only Font Awesome Free styles count as available; "any" (default): Pro styles too.'),
});

const output = z.object({
  from: z.string(),
  to: z.string(),
  summary: z.object({ ok: z.number().int(), renamed: z.number().int(), removed: z.number().int(), styleLost: z.number().int(), unknown: z.number().int(), changed: z.number().int() }),
  icons: z.array(
    z.object({
      given: z.string(),
      name: z.string().describe('The icon name read from what was given'),
      status: z.enum(['ok', 'renamed', 'removed', 'style-lost', 'unknown']).describe('unknown: no such icon in the from release'),
      newName: z.string().optional().describe('Its name in the target release, when it differs'),
      lostPrefixes: z.array(z.string()).optional(),
      availablePrefixes: z.array(z.string()).optional(),
      unicode: z.object({ from: z.string(), to: z.string() }).optional().describe('Its code point changed'),
      label: z.object({ from: z.string(), to: z.string() }).optional().describe('Its label changed'),
    }),
  ),
});

/** The icon name in what a codebase writes: classes, an Iconify id, or a name with or without fa-. */
function nameIn(given: string): string {
  const lower = given.toLowerCase();
  const id = /^[a-z0-9-]+:([a-z0-9-]+)$/.exec(lower);
  if (id) return id[1];
  const fromClasses = iconNamesOf(lower.includes(' ') || lower.startsWith('fa-') ? lower : `fa-${lower}`).split(' ')[0];
  return fromClasses.startsWith('fa-') ? fromClasses.slice(3) : fromClasses;
}

export function checkUpgradeTool(deps: McpDeps) {
  const { releases, changes } = deps;
  return defineTool({
    name: 'check_upgrade',
    title: 'Check a Font Awesome upgrade',
    description:
      'Checks the Font Awesome icons a codebase uses against another release: which are renamed (and to what, e.g. home became house in 6), removed, ' +
      'lost a style the code uses, or changed code point or label; the rest keep working. Give the names as the code writes them and the version they came from. ' +
      'Use it before upgrading Font Awesome, or when an icon stopped showing after an upgrade.',
    input,
    output,
    async run(params) {
      return releases.consistent(async () => {
        const from = releases.resolve(params.from);
        const to = params.to ? releases.resolve(params.to) : (releases.list().find((release) => release.isLatest) ?? releases.resolve(params.from));
        const names = params.icons.map(nameIn);
        const [results, diff] = await Promise.all([changes.upgradeCheck(from, to, names.map((name) => ({ name })), params.licence), changes.changes(from, to)]);
        const unicode = new Map(diff.unicodeChanged.map((c) => [c.id, { from: c.from, to: c.to }]));
        const label = new Map(diff.labelChanged.map((c) => [c.id, { from: c.from, to: c.to }]));
        const icons = results.map((result, i) => ({
          given: params.icons[i],
          ...result,
          ...(unicode.has(result.name) ? { unicode: unicode.get(result.name) } : {}),
          ...(label.has(result.name) ? { label: label.get(result.name) } : {}),
        }));
        const count = (status: string) => icons.filter((icon) => icon.status === status).length;
        const summary = {
          ok: count('ok'),
          renamed: count('renamed'),
          removed: count('removed'),
          styleLost: count('style-lost'),
          unknown: count('unknown'),
          changed: icons.filter((icon) => icon.unicode || icon.label).length,
        };
        return { from: from.version, to: to.version, summary, icons };
      });
    },
  });
}
