// GET / from a browser: what the service is and where its endpoints are. Self-contained (no CDN):
// the machines that run this may be offline.
import type { ReleasesService } from './releases/releases.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function landingPage(releases: ReleasesService): string {
  const list = releases.list();
  const latest = list.find((r) => r.isLatest)?.version;
  const items = list
    .slice(-12)
    .reverse()
    .map((r) => `<li><a href="/releases/${escape(r.version)}/icons">${escape(r.version)}</a> <small>${escape(r.date)}${r.isLatest ? ' · latest' : ''}</small></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>iconmeta</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:.1em .3em;border-radius:3px}small{color:#666}</style>
</head><body>
<h1>iconmeta</h1>
<p>A self-hosted icon metadata service that speaks the Font Awesome API interface: GraphQL, a token endpoint and a cached REST interface. ${list.length} releases loaded${latest ? `; latest ${escape(latest)}` : ''}.</p>
<h2>Endpoints</h2>
<ul>
<li><code>POST /</code> or <code>POST /graphql</code>: GraphQL (also <code>GET /graphql?query=…</code>)</li>
<li><code>POST /token</code>: exchange an API token for an access token</li>
<li><a href="/releases"><code>GET /releases</code></a> and <code>GET /releases/:version/{family-styles,icon-packs,icons,icons-minimal}</code></li>
<li><a href="/openapi.json"><code>GET /openapi.json</code></a>: the REST interface as OpenAPI 3.1</li>
<li><a href="/healthz"><code>GET /healthz</code></a>, <a href="/readyz"><code>GET /readyz</code></a>: health checks</li>
</ul>
<h2>Releases</h2><ul>${items || '<li>none loaded yet: <code>npm run seed -- add 7.3.1</code></li>'}</ul>
<h2>Data and license</h2>
<p>Font Awesome Free by Fonticons, Inc., <a href="https://fontawesome.com">https://fontawesome.com</a>, license <a href="https://fontawesome.com/license/free">https://fontawesome.com/license/free</a> (icons CC BY 4.0, metadata MIT). The data served here is modified: it is imported from the published packages and reshaped, and icon packs, collections and visual tags are curated by this project.</p>
</body></html>`;
}
