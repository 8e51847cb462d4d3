/* global window, document */
// Runs before the first paint (a blocking script in index.html's head; the CSP allows no inline script): puts
// the device's stored theme choice, or the system's scheme for "system", on <html>, so a dark choice never
// flashes the light background while the bundle loads (ADR 028). The colours are console-ui's colorBg tokens
// (theme.test.ts keeps them in step); once React runs, AppThemeProvider keeps <html> in step with the choice.
(function () {
  var BACKGROUND = { light: '#f4f6f8', dark: '#0f141b' };
  var choice = null;
  try {
    choice = window.localStorage.getItem('console-theme');
  } catch {
    // Storage blocked (a private window): follow the system.
  }
  var systemDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var mode = choice === 'light' || choice === 'dark' ? choice : systemDark ? 'dark' : 'light';
  var root = document.documentElement;
  root.setAttribute('data-theme', mode);
  root.style.colorScheme = mode;
  root.style.backgroundColor = BACKGROUND[mode];
})();
