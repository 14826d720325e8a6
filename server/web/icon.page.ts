// GET /icons/:id?v=: one icon of one release. Label, unicode, aliases and every family-style, each
// free one drawn from the service's SVG data, with what to copy for it (the <i> element, the SVG,
// the React/Vue import). An alias redirects to the icon's id; an unknown id is a 404 page.
import semver from 'semver';
import type { Icon, IconsService } from '../icons/icons.service.ts';
import type { FamilyStyleRow } from '../releases/releases.repo.ts';
import type { ChangesService } from '../releases/changes.service.ts';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';
import { searchHref } from './search.page.ts';
import { iconElement, importSnippet, inlineSvg, svgSnippet, type Glyph } from './snippets.ts';

export interface IconPageDeps {
  assets: WebAssets;
  releases: ReleasesService;
  icons: IconsService;
}

export type IconLookup = { icon: Icon } | { redirect: string } | { missing: true };

/**
 * The icon `id` names in `release`: its id, else the icon holding it as an alias, else (coming from
 * another release's page) the icon it was renamed from or to between the two (mug-saucer in 5.15.4
 * is coffee).
 */
export async function findIcon(icons: IconsService, changes: ChangesService, release: Release, id: string, cameFrom?: Release): Promise<IconLookup> {
  const all = await icons.all(release, null);
  const icon = all.find((i) => i.name === id);
  if (icon) return { icon };
  const at = (name: string) => ({ redirect: `/icons/${encodeURIComponent(name)}?v=${encodeURIComponent(release.version)}` });
  const holder = all.find((i) => i.aliases?.names.includes(id));
  if (holder) return at(holder.name);
  const renamed = cameFrom && cameFrom !== release ? (await changes.changes(release, cameFrom)).renamed.find((r) => r.to === id) : undefined;
  return renamed ? at(renamed.from) : { missing: true };
}

const copyButton = (text: string, label: string, what: string) =>
  `<button type="button" class="copy" data-copy="${escapeHtml(text)}" aria-label="Copy ${escapeHtml(what)}">${escapeHtml(label)}</button>`;

function variant(release: Release, icon: Icon, fs: FamilyStyleRow, free: boolean, glyph: Glyph | undefined): string {
  const major = semver.major(release.version);
  const element = iconElement(major, fs, icon.name);
  const imports = importSnippet(fs, free, icon.name);
  const rows = [
    `<div class="snippet"><code>${escapeHtml(element)}</code>${copyButton(element, 'Copy HTML', `HTML for ${fs.label}`)}</div>`,
    glyph ? `<div class="snippet"><code>&lt;svg … viewBox="0 0 ${glyph[0]} ${glyph[1]}"&gt;</code>${copyButton(svgSnippet(glyph), 'Copy SVG', `SVG for ${fs.label}`)}</div>` : '',
    `<div class="snippet"><code>${escapeHtml(imports)}</code>${copyButton(imports, 'Copy import', `React/Vue import for ${fs.label}`)}</div>`,
  ].join('');
  return `<section class="variant" aria-labelledby="fs-${fs.prefix}" data-prefix="${fs.prefix}">
<div class="variant-art">${glyph ? inlineSvg(glyph) : '<span class="noglyph" aria-hidden="true">Pro</span>'}</div>
<div class="variant-body"><h3 id="fs-${fs.prefix}">${escapeHtml(fs.label)} <small>${fs.prefix}</small> <span class="badge ${free ? 'free' : 'pro'}">${free ? 'Free' : 'Pro'}</span></h3>${rows}</div>
</section>`;
}

export async function iconPage({ assets, releases, icons }: IconPageDeps, release: Release, icon: Icon): Promise<string> {
  const svgs = await icons.freeSvgs(release);
  const freePrefixes = new Set(icon.familyStylesByLicense.free.map((f) => f.prefix));
  const familyStyles = [...icon.familyStylesByLicense.free, ...icon.familyStylesByLicense.pro.filter((f) => !freePrefixes.has(f.prefix))];
  const first = familyStyles.map((f) => svgs[f.prefix]?.[icon.name]).find(Boolean);
  const aliases = icon.aliases?.names ?? [];
  const unicodes = icon.aliases ? [...icon.aliases.unicodes.primary, ...icon.aliases.unicodes.composite, ...icon.aliases.unicodes.secondary] : [];
  const releaseOptions = [...releases.list()]
    .reverse()
    .map((r) => `<option value="${escapeHtml(r.version)}"${r.id === release.id ? ' selected' : ''}>${escapeHtml(r.version)}${r.isLatest ? ' (latest)' : ''}</option>`)
    .join('');
  const body = `
<p class="back"><a href="/?v=${encodeURIComponent(release.version)}">← All icons of ${escapeHtml(release.version)}</a></p>
<article class="icon-page" data-id="${escapeHtml(icon.name)}">
<header class="icon-head"><div class="hero">${first ? inlineSvg(first) : '<span class="noglyph" aria-hidden="true">Pro</span>'}</div>
<div><h1>${escapeHtml(icon.label)}</h1>
<dl class="facts">
<dt>Id</dt><dd><code>${escapeHtml(icon.name)}</code> ${copyButton(icon.name, 'Copy', 'id')}</dd>
<dt>Unicode</dt><dd><code>${escapeHtml(icon.unicode)}</code> ${copyButton(icon.unicode, 'Copy', 'unicode')}</dd>
<dt>Aliases</dt><dd>${aliases.length ? aliases.map((a) => `<code>${escapeHtml(a)}</code>`).join(' ') : 'none'}${unicodes.length ? ` <span class="muted">· unicodes ${unicodes.map((u) => `<code>${escapeHtml(u)}</code>`).join(' ')}</span>` : ''}</dd>
<dt>Family-styles</dt><dd>${familyStyles.map((f) => `<span class="badge ${freePrefixes.has(f.prefix) ? 'free' : 'pro'}">${escapeHtml(f.label)}</span>`).join(' ')}</dd>
</dl>
<form class="inline" action="/icons/${encodeURIComponent(icon.name)}" method="get"><input type="hidden" name="from" value="${escapeHtml(release.version)}"><label>Release <select name="v" id="icon-release">${releaseOptions}</select></label><noscript><button type="submit">Show</button></noscript></form>
</div></header>
<h2>Use it</h2>
<p class="copied" id="copied" role="status" aria-live="polite"></p>
${familyStyles.map((f) => variant(release, icon, f, freePrefixes.has(f.prefix), svgs[f.prefix]?.[icon.name] as Glyph | undefined)).join('\n')}
</article>`;
  return page(assets, { title: `${icon.label} (${icon.name}) · ${release.version} · iconmeta`, section: 'icons', view: 'icon', body, version: release.version });
}

export function missingIconPage({ assets }: IconPageDeps, release: Release, id: string): string {
  const body = `<h1>No icon “${escapeHtml(id)}” in ${escapeHtml(release.version)}</h1>
<p>It is neither an id nor an alias there. <a href="${escapeHtml(searchHref({ q: id.replace(/-/g, ' '), v: release.version }))}">Search ${escapeHtml(release.version)} for it</a>, or see the <a href="/diff?to=${encodeURIComponent(release.version)}">release diff</a>.</p>`;
  return page(assets, { title: `Not found · iconmeta`, section: 'icons', view: 'missing', body, version: release.version });
}
