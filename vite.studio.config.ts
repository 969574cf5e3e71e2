import { fileURLToPath } from 'node:url';
import { type ConfigEnv, defineConfig, mergeConfig, type UserConfig } from 'vite';
import { tenantFormPlugin } from './studio/build/tenant-form-plugin.ts';
import portal from './vite.config.ts';

/**
 * The operator studio's build (issue 24): the portal's configuration (plugins, CSP nonce,
 * aliases), with studio/index.html as its one page, written beside the portal's build into
 * <outDir>/studio/ (its page) and <outDir>/studio/assets/. A build of its own, not a second entry
 * of the portal's: rolldown's `initial` group (engine/build/chunks.ts) would put what both
 * entries import statically into one file, and the portal's /login would load the studio
 * (bench/bundle.ts). Run after the portal's build, which empties the folder:
 * `vite build && vite build -c vite.studio.config.ts`.
 */
export default defineConfig((env: ConfigEnv) => {
  const shared = (portal as (env: ConfigEnv) => UserConfig)(env);
  // Not the portal's route hints: the server preloads a portal route's chunks from that file, and
  // the studio's build, writing into the same folder, replaced it with the studio's chunk names
  // (the cold invoice list then preloaded /studio/assets/…, tests/e2e/cold-load.test.ts).
  const portalOnly = new Set(['portal-route-hints']);
  shared.plugins = (shared.plugins ?? []).filter(
    (plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && portalOnly.has(plugin.name)),
  );
  const config: UserConfig = mergeConfig(shared, {
    plugins: [tenantFormPlugin()],
    build: { emptyOutDir: false, assetsDir: 'studio/assets' },
  } satisfies UserConfig);
  // Not the portal's chunk groups: they are cut for its /login page and its lazy sign-in, and
  // the `policy` group, loaded first, would run before the entry's CASL conditions it needs.
  config.build = { ...config.build, rolldownOptions: { input: fileURLToPath(new URL('./studio/index.html', import.meta.url)) } };
  return config;
});
