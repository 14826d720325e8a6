// Every page: the theme switch, "/" to the header's search box, copy buttons (the icon page), and
// the icon page's release picker.
// Views with more to do load their own module beside this one (browse.js, diff.js).

const MOON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z"/></svg>';
const SUN =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="4.5"/><path d="M11 1h2v4h-2zM11 19h2v4h-2zM1 11h4v2H1zM19 11h4v2h-4zM4.2 2.8l2.9 2.9-1.4 1.4-2.9-2.9zM16.9 18.3l2.9 2.9-1.4 1.4-2.9-2.9zM2.8 19.8l2.9-2.9 1.4 1.4-2.9 2.9zM18.3 7.1l2.9-2.9 1.4 1.4-2.9 2.9z"/></svg>';

function currentTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function showThemeButton(button) {
  const dark = currentTheme() === 'dark';
  button.innerHTML = dark ? SUN : MOON;
  button.setAttribute('aria-label', dark ? 'Switch to light theme' : 'Switch to dark theme');
}

const themeButton = document.getElementById('theme');
if (themeButton) {
  showThemeButton(themeButton);
  themeButton.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('iconmeta-theme', next);
    } catch {
      // Not kept across pages when storage is off; this page still switches.
    }
    showThemeButton(themeButton);
  });
}

/** Copies text: the Clipboard API where the page may use it, else a selected textarea (plain http off localhost). */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'sr-only';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the browser refused to copy');
}

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (!button) return;
  const status = document.getElementById('copied');
  const what = (button.getAttribute('aria-label') ?? 'Copy').replace(/^Copy /, '');
  try {
    await copyText(button.dataset.copy);
    if (status) status.textContent = `Copied ${what}.`;
    button.dataset.done = 'true';
  } catch (error) {
    if (status) status.textContent = `Could not copy ${what}: ${error.message}`;
  }
});

// The icon page: another release of the same icon.
const iconRelease = document.getElementById('icon-release');
if (iconRelease) iconRelease.addEventListener('change', () => iconRelease.form.submit());

// "/" goes to the header's search box, the one search box of every page.
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]')) return;
  const box = document.getElementById('find-q');
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
});
