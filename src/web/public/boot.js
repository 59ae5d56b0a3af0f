// Runs before the app's script, in <head> (the CSP forbids inline scripts): applies the saved
// theme before the first paint, and asks for the session at once, beside the app's script
// instead of after it has arrived and run (src/web/lib/session-store.ts takes the answer).
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('mnemo-theme') === 'light') theme = 'light';
  } catch {
    // Storage can be unavailable (privacy mode): keep the default.
  }
  var root = document.documentElement;
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  var color = document.querySelector('meta[name="theme-color"]');
  if (color) color.setAttribute('content', theme === 'light' ? '#fafafd' : '#0b0c16');
  if (window.fetch) {
    var early = window.fetch('/api/auth/get-session', { credentials: 'same-origin' });
    // Offline, the app falls back to the user last seen on this device when it takes this.
    early.catch(function () {});
    window.__mnemoSession = early;
  }
})();
