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
  const config: UserConfig = mergeConfig((portal as (env: ConfigEnv) => UserConfig)(env), {
    plugins: [tenantFormPlugin()],
    build: { emptyOutDir: false, assetsDir: 'studio/assets' },
  } satisfies UserConfig);
  // Not the portal's chunk groups: they are cut for its /login page and its lazy sign-in, and
  // the `policy` group, loaded first, would run before the entry's CASL conditions it needs.
  config.build = { ...config.build, rolldownOptions: { input: fileURLToPath(new URL('./studio/index.html', import.meta.url)) } };
  return config;
});
