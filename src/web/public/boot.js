// Runs before the app's script, in <head> (the CSP forbids inline scripts): applies the saved
// theme before the first paint, and asks for the session (and a returning user's first data) at
// once, beside the app's script instead of after it has arrived and run (issue 19: on a slow
// phone that is a round trip saved before the first paint).
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
  if (!window.fetch) return;
  var early = window.fetch('/api/auth/get-session', { credentials: 'same-origin' });
  // Offline, the app falls back to the user last seen on this device when it takes this.
  early.catch(function () {});
  window.__mnemoSession = early;
  // A page's first data too, for a user this device has seen signed in (a signed-out visitor
  // asks for nothing): the same GETs, to the byte, that the page's loader makes; the app's API
  // client takes each answer once, within a few seconds (src/web/lib/api-client.ts).
  var gets = {};
  window.__mnemoEarly = { at: Date.now(), gets: gets };
  try {
    if (!window.localStorage.getItem('mnemo-offline-session')) return;
    var zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    var path = window.location.pathname.replace(/\/+$/, '');
    var deck = /^\/deck\/([^/]+)$/.exec(path);
    var urls = [];
    if (path === '/dashboard') urls.push('/api/decks?time_zone=' + zone);
    if (deck) {
      var id = encodeURIComponent(decodeURIComponent(deck[1]));
      urls.push('/api/decks/' + id + '?time_zone=' + zone);
      urls.push('/api/flashcards?deck_id=' + id + '&limit=200');
    }
    urls.forEach(function (url) {
      var answer = window.fetch(url, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      answer.catch(function () {});
      gets[url] = answer;
    });
  } catch {
    // No storage, or a malformed address: the page asks for its data itself.
  }
})();
