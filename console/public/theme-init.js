// Apply the remembered theme before first paint (use-theme.ts keeps it in localStorage `theme`).
// A file rather than an inline script: the Content-Security-Policy allows only the console's own scripts.
try {
  const theme = localStorage.getItem('theme');
  const dark = theme ? theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // No storage (a private window) or no matchMedia: the page keeps the light theme.
}
