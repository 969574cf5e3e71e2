// `npm start`: builds the portal when its sources changed since the last build, then
// serves the portal and the API from one process.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

const SOURCES = [
  'index.html',
  'vite.config.ts',
  'vite.studio.config.ts',
  'app',
  'studio',
  'engine',
  'screens',
  'plugins',
  'locales',
  'permissions',
  'schemas',
  'domain',
  'common',
  'public',
  'package-lock.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (SOURCES.some((source) => newestChange(source) > builtAt)) {
  console.log('Building the portal…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  // The server's render of a signed-in page's first screen (issue 25), beside the portal (dist/server).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'app/entry-server.tsx', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  // The operator studio (issue 24) is a build of its own, beside the portal's (vite.studio.config.ts).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '-c', 'vite.studio.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

register();
await import('../server/main.ts');
