// The release diff view (GET /diff): asks GET /releases/:to/changes?from=:from and draws each list
// with the glyphs of the release it belongs to; the upgrade check posts the pasted names to
// POST /releases/:to/upgrade-check?from=:from.
import { anyGlyph, escape, glyphSvg, loadGlyphs } from './glyph.js';

const boot = JSON.parse(document.getElementById('boot').textContent);
const fromSelect = document.getElementById('from');
const toSelect = document.getElementById('to');
const output = document.getElementById('diff');
const status = document.getElementById('diff-status');
const glyphs = new Map(); // version -> promise of its free SVG data

const glyphsOf = (version) => {
  if (!glyphs.has(version)) glyphs.set(version, loadGlyphs(version).catch(() => ({})));
  return glyphs.get(version);
};
const iconLink = (id, version, svgs) => {
  const glyph = anyGlyph(svgs, id);
  return `${glyph ? glyphSvg(glyph) : '<span class="g"></span>'}<a href="/icons/${encodeURIComponent(id)}?v=${encodeURIComponent(version)}">${escape(id)}</a>`;
};

const SECTIONS = [
  { key: 'renamed', title: 'Renamed', kind: 'renamed', item: (c, r) => `${iconLink(c.from, r.from, r.fromSvgs)}<span class="arrow" aria-label="renamed to">→</span>${iconLink(c.to, r.to, r.toSvgs)}` },
  { key: 'added', title: 'Added', kind: 'added', item: (id, r) => iconLink(id, r.to, r.toSvgs) },
  { key: 'removed', title: 'Removed', kind: 'removed', item: (id, r) => iconLink(id, r.from, r.fromSvgs) },
  { key: 'unicodeChanged', title: 'Unicode changed', kind: 'changed', item: (c, r) => `${iconLink(c.id, r.to, r.toSvgs)} <code>${escape(c.from)}</code><span class="arrow" aria-label="to">→</span><code>${escape(c.to)}</code>` },
  { key: 'familyStylesAdded', title: 'Family-styles added', kind: 'added', item: (c, r) => `${iconLink(c.id, r.to, r.toSvgs)} <span>+ ${c.familyStyles.map(escape).join(', ')}</span>` },
  { key: 'familyStylesRemoved', title: 'Family-styles removed', kind: 'removed', item: (c, r) => `${iconLink(c.id, r.to, r.toSvgs)} <span>− ${c.familyStyles.map(escape).join(', ')}</span>` },
  { key: 'labelChanged', title: 'Label changed', kind: 'changed', item: (c, r) => `${iconLink(c.id, r.to, r.toSvgs)} <span class="muted">${escape(c.from)} → ${escape(c.to)}</span>` },
];

let sequence = 0;
async function show() {
  const mine = ++sequence;
  const from = fromSelect.value;
  const to = toSelect.value;
  history.replaceState(null, '', `/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  if (from === to) {
    output.textContent = '';
    status.textContent = 'Pick two different releases.';
    return;
  }
  status.textContent = `Comparing ${from} → ${to}…`;
  const res = await fetch(`/releases/${encodeURIComponent(to)}/changes?from=${encodeURIComponent(from)}`);
  const changes = await res.json();
  if (!res.ok) {
    status.textContent = `The diff failed: ${changes.detail ?? res.status}`;
    return;
  }
  const [fromSvgs, toSvgs] = await Promise.all([glyphsOf(from), glyphsOf(to)]);
  if (mine !== sequence) return;
  const context = { from, to, fromSvgs, toSvgs };
  const present = SECTIONS.filter((s) => changes[s.key].length > 0);
  status.textContent = `${from} → ${to}: ${present.map((s) => `${changes[s.key].length} ${s.title.toLowerCase()}`).join(', ') || 'no changes'}.`;
  output.innerHTML =
    `<ul class="summary" aria-label="Summary">${present.map((s) => `<li><a href="#${s.key}"><strong>${changes[s.key].length}</strong>${s.title}</a></li>`).join('')}</ul>` +
    present
      .map((s) => `<section class="change ${s.kind}" id="${s.key}" aria-labelledby="${s.key}-title"><h2 id="${s.key}-title">${s.title} (${changes[s.key].length})</h2><ul>${changes[s.key].map((c) => `<li>${s.item(c, context)}</li>`).join('')}</ul></section>`)
      .join('');
  output.dataset.pair = `${from}..${to}`;
}

fromSelect.addEventListener('change', show);
toSelect.addEventListener('change', show);
document.getElementById('swap').addEventListener('click', () => {
  [fromSelect.value, toSelect.value] = [toSelect.value, fromSelect.value];
  show();
});
document.getElementById('diff-form').addEventListener('submit', (event) => {
  event.preventDefault();
  show();
});
if (boot.from && boot.to) show();

// Upgrade check: one icon a line, optionally followed by the prefixes it is used with.
const STATUS_TEXT = { ok: 'ok', renamed: 'renamed', removed: 'removed', 'style-lost': 'style lost', unknown: 'unknown' };
document.getElementById('upgrade-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const result = document.getElementById('upgrade-result');
  const entries = document
    .getElementById('upgrade-names')
    .value.split('\n')
    .map((line) => line.trim().split(/[\s,]+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .map(([name, ...prefixes]) => (prefixes.length ? { name, prefixes } : name));
  if (entries.length === 0) {
    result.textContent = 'Paste at least one icon name.';
    return;
  }
  const license = document.getElementById('upgrade-free').checked ? '&license=free' : '';
  const res = await fetch(`/releases/${encodeURIComponent(toSelect.value)}/upgrade-check?from=${encodeURIComponent(fromSelect.value)}${license}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(entries),
  });
  const body = await res.json();
  if (!res.ok) {
    result.textContent = `${body.detail}${body.invalidParams ? `: ${body.invalidParams.map((p) => `${p.name} ${p.reason}`).join('; ')}` : ''}`;
    return;
  }
  const detail = (r) =>
    [r.newName && `now <code>${escape(r.newName)}</code>`, r.lostPrefixes && `lost ${r.lostPrefixes.map(escape).join(', ')}; still ${r.availablePrefixes.map(escape).join(', ') || 'none'}`]
      .filter(Boolean)
      .join('; ');
  result.innerHTML = `<table class="results"><caption class="sr-only">Upgrade check ${escape(body.from)} → ${escape(body.to)}</caption><thead><tr><th scope="col">Icon</th><th scope="col">Status</th><th scope="col">Detail</th></tr></thead><tbody>${body.results
    .map((r) => `<tr><td><code>${escape(r.name)}</code></td><td class="st-${r.status}">${STATUS_TEXT[r.status]}</td><td>${detail(r)}</td></tr>`)
    .join('')}</tbody></table>`;
});
