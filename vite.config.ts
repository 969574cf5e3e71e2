import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { screensPlugin } from './engine/build/screens-plugin.ts';
import { formsPlugin } from './engine/build/forms-plugin.ts';

export default defineConfig({
  plugins: [react(), screensPlugin(), formsPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // spec §9: chunk loading times out after 120 s; chunks are per route, so keep them small.
    chunkSizeWarningLimit: 400,
  },
});
