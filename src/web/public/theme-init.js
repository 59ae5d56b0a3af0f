// Applies the saved theme before the first paint (the CSP forbids inline scripts).
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
})();
