// The icon browser's grid (GET /): instant search with the GraphQL search, filters by family-style
// and license, keyboard navigation. The server rendered the first screen; this loads the release's
// icons (REST, 500 a page) and free glyphs once, then answers each keystroke: a GraphQL search for
// the ranked ids (a repeated query is kept here), the filters, and the cells drawn from memory.
import { escape, glyphSvg, loadGlyphs, NO_GLYPH } from './glyph.js';

const boot = JSON.parse(document.getElementById('boot').textContent);
const form = document.getElementById('controls');
const input = document.getElementById('q');
const styleSelect = document.getElementById('fs');
const licenseSelect = document.getElementById('license');
const releaseSelect = document.getElementById('v');
const grid = document.getElementById('grid');
const status = document.getElementById('status');
const more = document.getElementById('more');

const version = boot.version;
const CHUNK = boot.firstCells;
// GraphQL search answers at most 500 (`first`): at that many, the status says "500+".
const SEARCH = 'query BrowserSearch($version: String!, $query: String!, $first: Int) { search(version: $version, query: $query, first: $first) { id } }';

let icons = []; // the release's icons, by id: { id, label, free: [prefix], pro: [prefix] }
let svgs = {};
const searches = new Map(); // query -> ranked ids
let results = [];
let shown = grid.children.length;
let sequence = 0;

const page = async (n) => {
  const res = await fetch(`/releases/${encodeURIComponent(version)}/icons?page_size=500&page=${n}`);
  if (!res.ok) throw new Error(`icons ${version}: HTTP ${res.status}`);
  return res.json();
};
async function loadIcons() {
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: first.totalPageCount - 1 }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((p) => p.icons).map((i) => ({
    id: i.id,
    label: i.label,
    free: i.familyStylesByLicense.free.map((f) => f.prefix),
    pro: i.familyStylesByLicense.pro.map((f) => f.prefix),
  }));
}
// Loaded after the first frame: the server's first screen paints without competing with it.
const afterFirstPaint = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const ready = afterFirstPaint.then(() => Promise.all([loadIcons(), loadGlyphs(version)])).then(([list, glyphs]) => {
  icons = list;
  svgs = glyphs;
});

async function rankedIds(query) {
  if (searches.has(query)) return searches.get(query);
  const res = await fetch('/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: SEARCH, variables: { version, query, first: boot.searchLimit } }) });
  const body = await res.json();
  if (body.errors) throw new Error(body.errors[0].message);
  const ids = body.data.search.map((icon) => icon.id);
  searches.set(query, ids);
  return ids;
}

function matches(icon, fs, license) {
  if (license === 'free' && icon.free.length === 0) return false;
  if (license === 'pro' && (icon.free.length > 0 || icon.pro.length === 0)) return false;
  if (!fs) return true;
  return (license === 'free' ? icon.free : [...icon.free, ...icon.pro]).includes(fs);
}

function glyphOf(icon, fs) {
  if (fs && svgs[fs]?.[icon.id]) return svgs[fs][icon.id];
  for (const prefix of icon.free) if (svgs[prefix]?.[icon.id]) return svgs[prefix][icon.id];
  return null;
}

function cell(icon, fs) {
  const glyph = glyphOf(icon, fs);
  const href = `/icons/${encodeURIComponent(icon.id)}?v=${encodeURIComponent(version)}`;
  return `<li><a class="cell" href="${href}" tabindex="-1" aria-label="${escape(icon.label)} (${escape(icon.id)})">${glyph ? glyphSvg(glyph) : NO_GLYPH}<span class="name">${escape(icon.id)}</span></a></li>`;
}

function appendCells(count) {
  const fs = styleSelect.value;
  grid.insertAdjacentHTML('beforeend', results.slice(shown, shown + count).map((icon) => cell(icon, fs)).join(''));
  shown = Math.min(results.length, shown + count);
  more.hidden = shown >= results.length;
}

function keepUrl(query) {
  const params = new URLSearchParams();
  params.set('v', version);
  if (query) params.set('q', query);
  if (styleSelect.value) params.set('fs', styleSelect.value);
  if (licenseSelect.value) params.set('license', licenseSelect.value);
  history.replaceState(null, '', `/?${params}`);
}

/** Answers the current query and filters; `started` is when the keystroke or change happened. */
async function update(started = performance.now()) {
  const mine = ++sequence;
  const query = input.value;
  let ids = null;
  try {
    ids = query.trim() ? await rankedIds(query) : null;
    await ready;
  } catch (error) {
    if (mine === sequence) status.textContent = `Search failed: ${error.message}`;
    return;
  }
  if (mine !== sequence) return; // a later keystroke has taken over
  const byId = new Map(icons.map((icon) => [icon.id, icon]));
  const found = ids ? ids.map((id) => byId.get(id)).filter(Boolean) : icons;
  results = found.filter((icon) => matches(icon, styleSelect.value, licenseSelect.value));
  const capped = ids && ids.length >= boot.searchLimit ? '+' : '';
  // Someone who arrowed into the grid before this answer arrived stays in it: removing the cell
  // that holds focus would otherwise drop focus to the page.
  const hadFocus = grid.contains(document.activeElement);
  grid.textContent = '';
  shown = 0;
  appendCells(CHUNK);
  roving(0);
  if (hadFocus) (cells()[0] ?? input).focus();
  const n = results.length;
  status.textContent = `${n.toLocaleString('en')}${capped} icon${n === 1 ? '' : 's'}${query.trim() ? ` for “${query}”` : ''}`;
  grid.dataset.query = query;
  keepUrl(query);
  // What the browser test reads: the time from the keystroke to the grid holding its answer.
  window.iconmetaLastRender = { query, ms: performance.now() - started };
}

// Until the first update, "more" continues the server's results for the state it rendered.
ready.then(() => {
  if (sequence > 0) return;
  const fs = styleSelect.value;
  const serverQuery = grid.dataset.query ?? '';
  const apply = (ids) => {
    if (sequence > 0) return;
    const byId = new Map(icons.map((icon) => [icon.id, icon]));
    results = (ids ? ids.map((id) => byId.get(id)).filter(Boolean) : icons).filter((icon) => matches(icon, fs, licenseSelect.value));
    more.hidden = shown >= results.length;
  };
  if (serverQuery.trim()) rankedIds(serverQuery).then(apply, () => {});
  else apply(null);
});

input.addEventListener('input', () => update());
styleSelect.addEventListener('change', () => update());
licenseSelect.addEventListener('change', () => update());
releaseSelect.addEventListener('change', () => {
  const params = new URLSearchParams({ v: releaseSelect.value });
  if (input.value) params.set('q', input.value);
  location.assign(`/?${params}`);
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  focusCell(0);
});
more.addEventListener('click', () => appendCells(CHUNK * 2));
if ('IntersectionObserver' in window) {
  new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting) && !more.hidden && results.length > 0) appendCells(CHUNK * 2);
  }, { rootMargin: '400px' }).observe(more);
}

// Keyboard: one cell in the tab order (roving tabindex), arrows move by cell and by row.
const cells = () => grid.querySelectorAll('.cell');
function roving(index) {
  const all = cells();
  all.forEach((c, i) => (c.tabIndex = i === index ? 0 : -1));
}
function focusCell(index) {
  const all = cells();
  if (all.length === 0) return;
  const i = Math.max(0, Math.min(all.length - 1, index));
  if (i >= shown - 1 && shown < results.length) appendCells(CHUNK);
  roving(i);
  cells()[i].focus();
}
function columns() {
  const all = cells();
  if (all.length === 0) return 1;
  const top = all[0].getBoundingClientRect().top;
  let n = 0;
  while (n < all.length && all[n].getBoundingClientRect().top === top) n++;
  return Math.max(1, n);
}
grid.addEventListener('keydown', (event) => {
  const all = [...cells()];
  const index = all.indexOf(document.activeElement);
  if (index === -1) return;
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns(), ArrowUp: -columns() }[event.key];
  if (step !== undefined) {
    event.preventDefault();
    if (index + step < 0) return input.focus();
    focusCell(index + step);
  } else if (event.key === 'Home') {
    event.preventDefault();
    focusCell(0);
  } else if (event.key === 'End') {
    event.preventDefault();
    focusCell(all.length - 1);
  } else if (event.key === 'Escape') {
    input.focus();
  }
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    focusCell(0);
  } else if (event.key === 'Escape' && input.value) {
    input.value = '';
    update();
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
  event.preventDefault();
  input.focus();
  input.select();
});
roving(0);
