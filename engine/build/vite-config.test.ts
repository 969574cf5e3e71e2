import type { ConfigEnv, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.ts';

const configFor = (env: Partial<ConfigEnv>) =>
  (viteConfig as (env: ConfigEnv) => UserConfig)({ command: 'build', mode: 'production', ...env });

describe('the server entry build (issue 25)', () => {
  // The server runs without NODE_ENV (npm start) or with "test" (Vitest): left to run time, the
  // packages the entry carries chose React's development build, and every render paid for it.
  it('decides process.env.NODE_ENV at build time in a production build', () => {
    expect(configFor({ isSsrBuild: true }).define).toEqual({ 'process.env.NODE_ENV': '"production"' });
  });

  it('leaves the browser build to Vite, which replaces it already', () => {
    expect(configFor({ isSsrBuild: false }).define).toEqual({});
  });
});
