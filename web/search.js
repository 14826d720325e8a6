// The search page (GET /search): the server renders every answer; this only saves the trip of a
// submit. As people type in the header's box or change a filter, it asks the server for the same
// page (the URL the form would load), swaps in its answers, says how many in the status line and
// keeps the URL and the filters' choices in step. A response that arrives after a newer one was
// asked for is dropped.
const form = document.getElementById('find');
const input = document.getElementById('find-q');
const status = document.getElementById('status');
let results = document.getElementById('results');
const TYPING_MS = 150;
let sequence = 0;
let timer = 0;

/** The page's URL for the form's state, without empty parameters. */
function stateUrl() {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') params.set(name, value);
  return `/search?${params}`;
}

async function update() {
  clearTimeout(timer);
  const url = stateUrl();
  const mine = ++sequence;
  results.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    const html = await res.text();
    if (mine !== sequence) return;
    const next = new DOMParser().parseFromString(html, 'text/html');
    const fresh = next.getElementById('results');
    if (!fresh) throw new Error(`search: HTTP ${res.status}`);
    // The status stays in place (a live region, announced as it changes); the answers are swapped.
    status.textContent = next.getElementById('status').textContent;
    results.replaceWith(document.adoptNode(fresh));
    // A filter's choices follow the others (a release adds its own: Free, Pro only, its
    // family-styles): the options are swapped, not the select, so focus stays where it is.
    for (const select of document.querySelectorAll('select[form="find"]')) {
      const options = next.querySelector(`select[form="find"][name="${select.name}"]`)?.innerHTML;
      if (options !== undefined && options !== select.innerHTML) select.innerHTML = options;
    }
    results = fresh;
    document.title = next.title;
    history.replaceState(null, '', url);
  } catch (error) {
    if (mine !== sequence) return;
    // The form still works: a plain submit shows what went wrong.
    console.warn(error);
    form.submit();
  } finally {
    if (mine === sequence) results.removeAttribute('aria-busy');
  }
}

if (form && input && status && results) {
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, TYPING_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  for (const select of document.querySelectorAll('select[form="find"]')) select.addEventListener('change', update);
  // Where the cursor was: the end of what the box holds.
  input.setSelectionRange(input.value.length, input.value.length);
}
