/**
 * What `use-sync-external-store/shim` resolves to in the portal's build (vite.config.ts): React's
 * own hook. The shim exists for React before 18, which had no such
 * hook; under React 19 it hands over to this one, but its fallback code and a CommonJS wrapper
 * would still ship on every page (the /login budget, bench/bundle.ts).
 */
export { useSyncExternalStore } from 'react';
