// Applies the stored theme before first paint (key 'theme': 'light' | 'dark'; default follows the system).
// A file, not an inline script, so that the Content-Security-Policy allows scripts from this server only.
try {
  const stored = localStorage.getItem('theme');
  const dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // Storage blocked: the page stays light.
}
