import type { Plugin } from 'vite';

/** react-router's production files (vite.config.ts aliases `react-router` to them). */
const REACT_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** A module-level `var Link = React10.forwardRef(` (or createContext, memo), which the library leaves unannotated. */
const DEFINITION = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
/** A module-level `Link.displayName = "Link";`: a name for React's developer tools, which a production build never shows. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** react-router's code with its component and context definitions marked pure and their display names left out. */
export function pureDefinitions(code: string): string {
  return code.replace(DEFINITION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

/**
 * Lets the bundler drop the react-router components and contexts the portal never uses. The
 * library's production build defines them unannotated (`var Form = React10.forwardRef(…)`) and
 * names each one (`Form.displayName = "Form"`): to a bundler both are side effects, so every
 * component stayed with all it reaches (forms, fetchers, scroll restoration, view transitions,
 * framework mode's helpers), ~1.8 KB gzip of the entry every page loads (the /login budget,
 * bench/bundle.ts). Creating a component or a context does nothing beyond its value, and the
 * display name only shows in developer tools, so an unused one goes and a used one is unchanged.
 */
export function pureCallsPlugin(): Plugin {
  return {
    name: 'portal:pure-calls',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER.test(id)) return null;
      const pure = pureDefinitions(code);
      // Comments added and whole lines emptied: no source map is worth keeping for that.
      return pure === code ? null : { code: pure, map: null };
    },
  };
}
