/**
 * The composition root's list of plugins (DESIGN.md "Plugins"). Each loads lazily, so a flow's
 * code is fetched only on the routes whose definitions mount it; the engine never imports a plugin.
 */
import { registerPlugin } from '../engine/registry/plugins.ts';

registerPlugin('payment-flow', () => import('./payment/index.tsx'));
registerPlugin('rejection-centre', () => import('./rejection-centre/index.tsx'));
registerPlugin('dispute-wizard', () => import('./dispute-wizard/index.tsx'));
