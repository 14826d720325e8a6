// GET /api: what the service is and where its endpoints are (the page GET / was before the icon
// browser). Self-contained, like every page here: the machines that run this may be offline.
import type { ReleasesService } from '../releases/releases.service.ts';
import type { WebAssets } from './assets.ts';
import { escapeHtml, page } from './layout.ts';

export function apiPage(assets: WebAssets, releases: ReleasesService): string {
  const list = releases.list();
  const latest = list.find((r) => r.isLatest)?.version;
  const items = list
    .slice(-12)
    .reverse()
    .map((r) => `<li><a href="/releases/${escapeHtml(r.version)}/icons">${escapeHtml(r.version)}</a> <small>${escapeHtml(r.date)}${r.isLatest ? ' · latest' : ''}</small> · <a href="/?v=${escapeHtml(r.version)}">browse</a></li>`)
    .join('');
  const body = `<div class="prose">
<h1>API</h1>
<p>A self-hosted icon metadata service that speaks the Font Awesome API interface: GraphQL, a token endpoint and a cached REST interface. ${list.length} releases loaded${latest ? `; latest ${escapeHtml(latest)}` : ''}.</p>
<h2>Endpoints</h2>
<ul>
<li><code>POST /</code> or <code>POST /graphql</code>: GraphQL (also <code>GET /graphql?query=…</code>)</li>
<li><code>POST /token</code>: exchange an API token for an access token</li>
<li><a href="/releases"><code>GET /releases</code></a> and <code>GET /releases/:version/{family-styles,icon-packs,icons,icons-minimal}</code></li>
<li><code>GET /releases/:version/changes?from=:version</code>: what changed between two releases; <code>POST /releases/:version/upgrade-check?from=:version</code>: which of your icons still work (extensions)</li>
<li><code>GET /releases/:version/free-svgs</code>: SVG data of every free family-style (extension)</li>
<li><a href="/openapi.json"><code>GET /openapi.json</code></a>: the REST interface as OpenAPI 3.1</li>
<li><a href="/healthz"><code>GET /healthz</code></a>, <a href="/readyz"><code>GET /readyz</code></a>: health checks; <code>GET /metrics</code>: Prometheus metrics</li>
</ul>
<h2>Releases</h2><ul>${items || '<li>none loaded yet: <code>npm run seed -- add 7.3.1</code></li>'}</ul>
<h2>Data and license</h2>
<p>Font Awesome Free by Fonticons, Inc., <a href="https://fontawesome.com">https://fontawesome.com</a>, license <a href="https://fontawesome.com/license/free">https://fontawesome.com/license/free</a> (icons CC BY 4.0, metadata MIT). The data served here is modified: it is imported from the published packages and reshaped, and icon packs, collections and visual tags are curated by this project.</p>
</div>`;
  return page(assets, { title: 'API · iconmeta', section: 'api', view: 'api', body });
}
