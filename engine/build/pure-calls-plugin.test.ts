import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pureDefinitions } from './pure-calls-plugin.ts';

describe('pureDefinitions (react-router production build)', () => {
  it('marks module-level components and contexts pure, leaves out display names, and nothing else', () => {
    const code = [
      'var LocationContext = React.createContext(null);',
      'var Link = React10.forwardRef(function LinkWithRef(props, ref) {',
      '  let navigate = React10.useContext(LocationContext);',
      '  return React10.createElement("a", { ref });',
      '});',
      'Link.displayName = "Link";',
      'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      'function useThing() {',
      '  var inner = React.createContext(null);',
      '  React.useEffect(() => {});',
      '}',
    ].join('\n');
    expect(pureDefinitions(code).split('\n')).toEqual([
      'var LocationContext = /* @__PURE__ */ React.createContext(null);',
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef(props, ref) {',
      '  let navigate = React10.useContext(LocationContext);',
      '  return React10.createElement("a", { ref });',
      '});',
      '',
      'var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);',
      'function useThing() {',
      '  var inner = React.createContext(null);',
      '  React.useEffect(() => {});',
      '}',
    ]);
  });

  // A react-router release written differently would silently bring the unused components back
  // into the entry (the /login budget): this fails first.
  it('finds the definitions in the installed react-router', () => {
    const folder = join('node_modules', 'react-router', 'dist', 'production');
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(folder, file), 'utf8'));
    const withComponents = files.find((code) => code.includes('var Link = '));
    expect(withComponents).toBeDefined();
    const pure = pureDefinitions(withComponents!);
    for (const name of ['Link', 'NavLink', 'Form', 'LocationContext', 'FrameworkContext', 'MemoizedDataRoutes']) {
      expect(pure).toMatch(new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.`, 'm'));
    }
    expect(pure).not.toMatch(/^[\w$]+\.displayName = /m);
  });
});
