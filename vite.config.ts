import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The web app lives in apps/web; the API server (apps/server) serves its build.
export default defineConfig({
  root: 'apps/web',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/livez': 'http://127.0.0.1:3000', '/readyz': 'http://127.0.0.1:3000' } },
});
