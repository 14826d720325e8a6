// The release browser's grid (GET /): filters by family-style and license, keyboard navigation.
// The server rendered the first screen; this loads the release's icons (REST, 500 a page) and free
// glyphs once, then answers each change of filter from memory. It has no search box: the header's
// one searches /search, carrying the release and filters chosen here (kept in step below).
import { escape, glyphSvg, loadGlyphs, NO_GLYPH } from './glyph.js';

const boot = JSON.parse(document.getElementById('boot').textContent);
const form = document.getElementById('controls');
// The header's search box (layout.ts) and the filters its form carries to /search.
const input = document.getElementById('find-q');
const find = document.getElementById('find');
const carried = (name) => find.querySelector(`input[type="hidden"][name="${name}"]`);
const styleSelect = document.getElementById('fs');
const licenseSelect = document.getElementById('license');
const releaseSelect = document.getElementById('v');
const grid = document.getElementById('grid');
const status = document.getElementById('status');
const more = document.getElementById('more');

const version = boot.version;
const CHUNK = boot.firstCells;

let icons = []; // the release's icons, by id: { id, label, free: [prefix], pro: [prefix] }
let svgs = {};
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

/**
 * The URL and the header box's filters for the current state. The box searches this release where
 * one was chosen or a filter needs one (as browse-search.ts decides for the server's first render).
 */
function keepState() {
  const params = new URLSearchParams();
  if (boot.chosen) params.set('v', version);
  if (styleSelect.value) params.set('fs', styleSelect.value);
  if (licenseSelect.value) params.set('license', licenseSelect.value);
  history.replaceState(null, '', params.size > 0 ? `/?${params}` : '/');
  const release = boot.chosen || styleSelect.value !== '' || licenseSelect.value !== '';
  for (const [name, value] of [['v', release ? version : ''], ['style', styleSelect.value], ['license', licenseSelect.value]]) {
    const hidden = carried(name);
    hidden.value = value;
    hidden.disabled = value === '';
  }
  const label = release ? `Search Font Awesome ${version}` : 'Search every icon';
  input.placeholder = label;
  find.querySelector('label[for="find-q"]').textContent = label;
}

/** Shows the release's icons for the current filters. */
async function update() {
  const mine = ++sequence;
  try {
    await ready;
  } catch (error) {
    if (mine === sequence) status.textContent = `Loading the icons failed: ${error.message}`;
    return;
  }
  if (mine !== sequence) return; // a later change has taken over
  results = icons.filter((icon) => matches(icon, styleSelect.value, licenseSelect.value));
  // Someone who arrowed into the grid stays in it: removing the cell that holds focus would
  // otherwise drop focus to the page.
  const hadFocus = grid.contains(document.activeElement);
  grid.textContent = '';
  shown = 0;
  appendCells(CHUNK);
  roving(0);
  if (hadFocus) (cells()[0] ?? input).focus();
  const n = results.length;
  status.textContent = `${n.toLocaleString('en')} icon${n === 1 ? '' : 's'}`;
}

// Until the first update, "more" continues the server's cells for the filters it rendered.
ready.then(() => {
  if (sequence > 0) return;
  results = icons.filter((icon) => matches(icon, styleSelect.value, licenseSelect.value));
  more.hidden = shown >= results.length;
});

for (const select of [styleSelect, licenseSelect])
  select.addEventListener('change', () => {
    keepState();
    update();
  });
releaseSelect.addEventListener('change', () => location.assign(`/?${new URLSearchParams({ v: releaseSelect.value })}`));
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
// From the search box, down into the grid ("/" to the box is app.js's, on every page).
input.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowDown') return;
  event.preventDefault();
  focusCell(0);
});
roving(0);
