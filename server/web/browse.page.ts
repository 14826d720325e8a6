// GET / (and /graphql from a browser): the release browser, a release's icons in a grid by
// family-style and licence. The first screen of cells is rendered here, glyphs included, so it paints
// before any script runs; browse.js then loads the release's icons (REST) and glyphs (free-svgs) and
// answers each change of filter. It has no search box of its own: the header's one searches, from
// the release and filters chosen here (browse-search.ts). The form works without JavaScript too.
import type { Icon, IconsService, FreeSvgs } from '../icons/icons.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { WebAssets } from './assets.ts';
import { browseScope } from './browse-search.ts';
import { escapeHtml, jsonScript, page } from './layout.ts';
import { inlineSvg } from './snippets.ts';

/** Cells rendered at once; browse.js renders the same number, then more as the grid scrolls. */
export const FIRST_CELLS = 120;

export interface BrowseState {
  release: Release;
  /** The release as the URL named it, or '' (then the header's box searches every icon). */
  v: string;
  /** A family-style prefix, or '' for all. */
  fs: string;
  license: '' | 'free' | 'pro';
  /** Said above the grid when the asked-for release was not available. */
  notice?: string;
}

export interface BrowseDeps {
  assets: WebAssets;
  releases: ReleasesService;
  icons: IconsService;
}

/** The glyph a cell shows: the chosen family-style's, else the icon's first free one. */
function glyphOf(svgs: FreeSvgs, icon: Icon, fs: string) {
  if (fs && svgs[fs]?.[icon.name]) return svgs[fs][icon.name];
  for (const { prefix } of icon.familyStylesByLicense.free) if (svgs[prefix]?.[icon.name]) return svgs[prefix][icon.name];
  return null;
}

/** One grid cell; only the first is in the tab order (browse.js moves it: a roving tabindex). */
export function cell(icon: Icon, glyph: ReturnType<typeof glyphOf>, version: string, first = false): string {
  const href = `/icons/${encodeURIComponent(icon.name)}?v=${encodeURIComponent(version)}`;
  const art = glyph ? inlineSvg(glyph) : '<span class="noglyph" aria-hidden="true">Pro</span>';
  return `<li><a class="cell" href="${href}" tabindex="${first ? 0 : -1}" aria-label="${escapeHtml(icon.label)} (${escapeHtml(icon.name)})">${art}<span class="name">${escapeHtml(icon.name)}</span></a></li>`;
}

const matchesFilters = (icon: Icon, fs: string, license: BrowseState['license']) => {
  const free = icon.familyStylesByLicense.free;
  const pro = icon.familyStylesByLicense.pro;
  if (license === 'free' ? free.length === 0 : license === 'pro' ? free.length > 0 || pro.length === 0 : false) return false;
  if (!fs) return true;
  return (license === 'free' ? free : [...free, ...pro]).some((f) => f.prefix === fs);
};

export async function browsePage({ assets, releases, icons }: BrowseDeps, state: BrowseState): Promise<string> {
  const { release, fs, license } = state;
  const all = await icons.all(release, null);
  const results = all.filter((icon) => matchesFilters(icon, fs, license));
  const svgs = await icons.freeSvgs(release);

  // Family-styles that hold icons in this release, with how many.
  const counts = new Map<string, number>();
  for (const icon of all) for (const f of new Set([...icon.familyStylesByLicense.free, ...icon.familyStylesByLicense.pro].map((x) => x.prefix))) counts.set(f, (counts.get(f) ?? 0) + 1);
  const familyStyles = releases
    .familyStyles(release)
    .filter((f) => counts.has(f.prefix))
    .map((f) => ({ prefix: f.prefix, label: f.label, count: counts.get(f.prefix)! }));

  const option = (value: string, label: string, selected: boolean) => `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const list = releases.list();
  const status = `${results.length.toLocaleString('en')} icon${results.length === 1 ? '' : 's'}`;
  const cells = results.slice(0, FIRST_CELLS).map((icon, i) => cell(icon, glyphOf(svgs, icon, fs), release.version, i === 0)).join('');
  const body = `
<h1 class="sr-only">Icons of release ${escapeHtml(release.version)}</h1>
<form class="controls" id="controls" action="/" method="get" aria-label="Release and filters">
<label>Release <select id="v" name="v">${[...list].reverse().map((r) => option(r.version, `${r.version}${r.isLatest ? ' (latest)' : ''}`, r.id === release.id)).join('')}</select></label>
<label>Style <select id="fs" name="fs">${option('', 'All styles', fs === '')}${familyStyles.map((f) => option(f.prefix, `${f.label} (${f.count})`, f.prefix === fs)).join('')}</select></label>
<label>License <select id="license" name="license">${option('', 'Any', license === '')}${option('free', 'Free', license === 'free')}${option('pro', 'Pro only', license === 'pro')}</select></label>
<noscript><button type="submit">Show</button></noscript>
</form>
${state.notice ? `<p class="notice" role="alert">${escapeHtml(state.notice)}</p>` : ''}
<p class="status" id="status" role="status" aria-live="polite">${status}</p>
<ul class="grid" id="grid" aria-label="Icons" data-version="${escapeHtml(release.version)}">${cells}</ul>
<p class="more-wrap"><button type="button" id="more" class="more"${results.length > FIRST_CELLS ? '' : ' hidden'}>Show more</button></p>
<p class="hint">Keys: <kbd>/</kbd> search, <kbd>↓</kbd> from the search box into the grid, arrows to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> back to the search box.</p>
${jsonScript('boot', { version: release.version, chosen: state.v !== '', firstCells: FIRST_CELLS })}`;
  const scope = browseScope({ v: state.v, fs, license }, release.version);
  // The navigation keeps a release that was chosen; on a bare / its links stay bare too.
  const version = state.v ? release.version : undefined;
  return page(assets, { title: `Icons ${release.version} · iconmeta`, section: 'icons', view: 'browse', body, version, script: 'browse.js', focus: true, scope });
}
