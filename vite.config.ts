import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // spec §9: chunk loading times out after 120 s; chunks are per route, so keep them small.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '^/(?!src|@|node_modules|engine|screens|plugins|locales|domain).*': { target: 'http://localhost:8080', bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined) } },
  },
});
