import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../registry/names.ts';
import { widgetModuleFiles } from './route-hints-plugin.ts';

describe('the route hints plugin', () => {
  it('finds the module of every lazy widget in the registry (the files a screen preloads)', () => {
    const files = widgetModuleFiles('engine/registry/widgets.ts');
    // The entry's own widgets (heading, markdown, actions) need no file of their own.
    const lazy = WIDGET_NAMES.filter((name) => !['heading', 'markdown', 'actions'].includes(name));
    expect(Object.keys(files).sort()).toEqual([...lazy].sort());
    for (const file of Object.values(files)) expect(existsSync(file), file).toBe(true);
  });
});
