// GET /diff?from=&to=: the release diff view. The page holds the two pickers and an upgrade-check
// form; diff.js asks the REST API (GET /releases/:to/changes, POST /releases/:to/upgrade-check)
// and draws the answer, so the view shows exactly what API clients get.
import semver from 'semver';
import type { Release, ReleasesService } from '../releases/releases.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, jsonScript, page } from './layout.ts';

export interface DiffPageDeps {
  assets: WebAssets;
  releases: ReleasesService;
}

/** The default pair: the latest release, from the newest release of the major before it (else the one before it). */
export function defaultPair(list: Release[], to?: Release): { from?: Release; to?: Release } {
  const target = to ?? list.find((r) => r.isLatest) ?? list.at(-1);
  if (!target) return {};
  const older = list.filter((r) => semver.lt(r.version, target.version) && !r.isPrerelease);
  const previousMajor = older.filter((r) => semver.major(r.version) < semver.major(target.version)).at(-1);
  return { from: previousMajor ?? older.at(-1) ?? list.find((r) => r !== target), to: target };
}

export function diffPage({ assets, releases }: DiffPageDeps, from: Release | undefined, to: Release | undefined): string {
  const list = [...releases.list()].reverse();
  const options = (chosen: Release | undefined) =>
    list.map((r) => `<option value="${escapeHtml(r.version)}"${r === chosen ? ' selected' : ''}>${escapeHtml(r.version)}${r.isLatest ? ' (latest)' : ''}</option>`).join('');
  const body = `
<h1>Release diff</h1>
<p class="lede">What changed between two releases: ids added, removed and renamed (an old id that is an alias of a new icon), and for ids in both, unicode, label and family-style changes. The same answer as <code>GET /releases/{to}/changes?from={from}</code>.</p>
<form class="controls" id="diff-form" action="/diff" method="get">
<label>From <select id="from" name="from">${options(from)}</select></label>
<button type="button" id="swap" class="swap" aria-label="Swap the two releases">⇄</button>
<label>To <select id="to" name="to">${options(to)}</select></label>
<noscript><button type="submit">Compare</button></noscript>
</form>
<p class="status" id="diff-status" role="status" aria-live="polite">${from && to ? `Comparing ${escapeHtml(from.version)} → ${escapeHtml(to.version)}…` : 'Two releases are needed for a diff.'}</p>
<div id="diff"></div>
<section class="upgrade" aria-labelledby="upgrade-title">
<h2 id="upgrade-title">Check a codebase before upgrading</h2>
<p>Paste the icon names your code uses (one per line; add prefixes after a space to check those styles, as in <code>star far fas</code>). The answer comes from <code>POST /releases/{to}/upgrade-check?from={from}</code>.</p>
<form id="upgrade-form"><label for="upgrade-names" class="sr-only">Icon names</label>
<textarea id="upgrade-names" rows="5" spellcheck="false" placeholder="coffee&#10;home&#10;star far"></textarea>
<p><label><input type="checkbox" id="upgrade-free"> Free styles only</label> <button type="submit">Check</button></p></form>
<div id="upgrade-result" aria-live="polite"></div>
</section>
${jsonScript('boot', { from: from?.version ?? null, to: to?.version ?? null })}`;
  return page(assets, { title: `Release diff ${from?.version ?? ''} → ${to?.version ?? ''} · iconmeta`, section: 'diff', view: 'diff', body, version: to?.version, script: 'diff.js' });
}
