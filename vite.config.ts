import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './engine/build/chunks.ts';
import { compressPlugin } from './engine/build/compress-plugin.ts';
import { screensPlugin } from './engine/build/screens-plugin.ts';
import { formsPlugin } from './engine/build/forms-plugin.ts';
import { CSP_NONCE_PLACEHOLDER } from './server/http/security-headers.ts';
import { localesPlugin } from './engine/build/locales-plugin.ts';
import { routeHintsPlugin } from './engine/build/route-hints-plugin.ts';
import { pureCallsPlugin } from './engine/build/pure-calls-plugin.ts';

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The server entry (app/entry-server.tsx, issue 25) is a second build of the same code for Node
  // (`vite build --ssr`): the route hints and the compressed copies are the browser build's.
  plugins: isSsrBuild
    ? [react(), screensPlugin(), formsPlugin(), localesPlugin(), pureCallsPlugin()]
    : [react(), screensPlugin(), formsPlugin(), localesPlugin(), routeHintsPlugin(), pureCallsPlugin(), compressPlugin()],
  resolve: {
    // react-router's package exports only its development build (dev warnings on); its
    // production build is the same code with them off.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
            // React 19 has the hook the shim stands in for (engine/build/use-sync-external-store.ts).
            {
              find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
              replacement: fileURLToPath(new URL('./engine/build/use-sync-external-store.ts', import.meta.url)),
            },
          ]
        : [],
  },
  // The server entry carries its packages: a built portal's folder (a benchmark's, a test's) need
  // not sit beside node_modules for the server to load it.
  ssr: { noExternal: true },
  // The packages it carries choose their build by process.env.NODE_ENV when they run, and the
  // server runs without it (npm start) or with "test" (Vitest): left to run time, the render used
  // React's development build, several times slower (bench/ssr.ts). A production build decides here.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The server replaces the placeholder with each response's nonce (server/http/static-assets.ts);
  // Vite also writes <meta property="csp-nonce">, which the portal gives Mantine (engine/runtime/csp-nonce.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: isSsrBuild
    ? // Beside the built portal, which the server serves without it (server/http/static-assets.ts).
      { outDir: 'dist/server', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: false,
        // spec §9: chunk loading times out after 120 s; chunks are per route, so keep them small.
        chunkSizeWarningLimit: 400,
        // Every browser the portal supports preloads modules itself; Vite's polyfill for older ones
        // would cost every page (the /login budget, bench/bundle.ts) and only ever help those.
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
      },
}));
