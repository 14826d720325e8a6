// Runs in <head>, before first paint: applies the theme chosen earlier (app.js's switch), so a
// page never flashes the other one. Without a choice the system's preference (CSS) decides.
try {
  const theme = localStorage.getItem('iconmeta-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage can be off (private modes); the system preference still applies.
}
