import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readScreens } from '../../engine/build/screens-plugin.ts';
import { ACTION_NAMES, FORMATTER_NAMES, WIDGET_NAMES } from '../../engine/registry/names.ts';
import { createAjv, describeErrors } from '../../schemas/ajv.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { loadTenants } from '../../server/tenants/store.ts';
import screenSchema from '../../schemas/screen.schema.json' with { type: 'json' };
import menuSchema from '../../schemas/menu.schema.json' with { type: 'json' };
import menus from '../../screens/menus/side-menus.json' with { type: 'json' };

const screens = readScreens('screens');

/** Every object in a definition, with its JSON pointer. */
function* walk(value: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${pointer}/${index}`);
    return;
  }
  if (value && typeof value === 'object') {
    yield [pointer, value as Record<string, unknown>];
    for (const [key, item] of Object.entries(value)) yield* walk(item, `${pointer}/${key}`);
  }
}

describe('screen definitions', () => {
  it('all validate against schemas/screen.schema.json', () => {
    expect(screens.length).toBeGreaterThanOrEqual(28);
  });

  it('have unique ids and paths, and a file named after the id', () => {
    const ids = screens.map((screen) => screen.definition.id);
    const paths = screens.map((screen) => screen.definition.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const { file, definition } of screens) expect(file.endsWith(`/${definition.id}.json`), file).toBe(true);
  });

  it('cover every route of spec section 2', () => {
    const paths = new Set(screens.map((screen) => screen.definition.path));
    for (const path of [
      '/',
      '/account/overview',
      '/account/program-overview',
      '/invoice/:invoice_id',
      '/invoice-list/:status',
      '/account/program-overview-invoice-list/:status',
      '/account/cards',
      '/payment-methods',
      '/account/customers',
      '/dispute/create',
      '/notification-center',
      '/dispute-center',
      '/dispute-center/:invoice_id',
      '/dispute-center/respond',
      '/active-loyalty-program',
      '/manage-users',
      '/manage-groups',
      '/login',
      '/forgot-user',
      '/forgot-password',
      '/reset-password',
      '/add-bank-account',
      '/payment/due',
      '/payment/invoices',
      '/payment/confirm',
      '/cgi-bin/:location',
      '/frame/:location',
      '/Error404',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it('name only widgets, formatters and actions the registries hold', () => {
    for (const { file, definition } of screens) {
      for (const [pointer, node] of walk(definition.body, '/body')) {
        if ('widget' in node) expect(WIDGET_NAMES, `${file}#${pointer}`).toContain(node.widget);
        if ('format' in node) expect(FORMATTER_NAMES, `${file}#${pointer}`).toContain(node.format);
        if ('do' in node) expect(ACTION_NAMES, `${file}#${pointer}`).toContain(node.do);
        if (node.widget === 'form') expect(existsSync(`screens/forms/${String(node.form)}.json`), `${file}#${pointer}`).toBe(true);
      }
    }
  });

  it('fail with file and pointer when a definition names an unknown widget', () => {
    const validate = createAjv().compile(screenSchema);
    const broken = { ...screens[0]!.definition, body: [{ widget: 'carousel' }] };
    expect(validate(broken)).toBe(false);
    expect(describeErrors(validate.errors)).toContain('/body/0/widget');
  });
});

describe('registries and schemas agree', () => {
  const definitions = screenSchema.definitions;
  it('lists the same widget, formatter and action names', () => {
    expect([...definitions.node.properties.widget.enum].sort()).toEqual([...WIDGET_NAMES].sort());
    expect([...definitions.formatter.enum].sort()).toEqual([...FORMATTER_NAMES].sort());
    expect([...definitions.actionDefinition.properties.do.enum].sort()).toEqual([...ACTION_NAMES].sort());
  });
});

describe('menus, policy and tenants', () => {
  it('menus validate and open existing screens', () => {
    const validate = createAjv().compile(menuSchema);
    expect(validate(menus), describeErrors(validate.errors)).toBe(true);
    const ids = new Set(screens.map((screen) => screen.definition.id));
    for (const [kind, entries] of Object.entries(menus).filter(([key]) => key !== '$schema')) {
      for (const entry of entries as Array<{ screen: string }>) expect(ids.has(entry.screen), `${kind}: ${entry.screen}`).toBe(true);
    }
  });
  it('the customer menu has a loyalty and rewards entry (spec section 2)', () => {
    expect(menus.customer.some((entry) => entry.id === 'loyalty')).toBe(true);
  });
  it('the policy validates', () => {
    expect(() => loadPolicy()).not.toThrow();
  });
  it('every tenant validates', () => {
    expect(loadTenants('tenants').tenants.length).toBeGreaterThanOrEqual(2);
  });
  it('refuses a tenant file with the file and pointer of the error', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const directory = mkdtempSync('/tmp/tenants-');
    const demo = JSON.parse(readFileSync('tenants/demo.json', 'utf8')) as { limits: Record<string, unknown> };
    demo.limits.cardFeeMinor = 'free';
    writeFileSync(`${directory}/bad.json`, JSON.stringify(demo));
    expect(() => loadTenants(directory)).toThrow(/bad\.json: \/limits\/cardFeeMinor must be integer/);
  });
  it('refuses identity providers a tenant file repeats or serves over plain http off localhost (issue 22)', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    type Providers = { identityProviders: Array<Record<string, string>> };
    const withProviders = (change: (demo: Providers) => void) => {
      const directory = mkdtempSync('/tmp/tenants-');
      const demo = JSON.parse(readFileSync('tenants/demo.json', 'utf8')) as Providers;
      change(demo);
      writeFileSync(`${directory}/bad.json`, JSON.stringify(demo));
      return () => loadTenants(directory);
    };
    const local = (demo: Providers) => demo.identityProviders[0]!;
    expect(
      withProviders((demo) => {
        demo.identityProviders.push({ ...local(demo) });
      }),
    ).toThrow(/\/identityProviders\/1\/id demo-idp appears twice/);
    expect(
      withProviders((demo) => {
        local(demo).issuer = 'http://idp.example.com';
      }),
    ).toThrow(/\/identityProviders\/0\/issuer must be https/);
    expect(
      withProviders((demo) => {
        local(demo).clientSecretEnv = 'lower-case';
      }),
    ).toThrow(/bad\.json: \/identityProviders\/0\/clientSecretEnv/);
  });
  it('forms referenced by screens exist and every form file is used', () => {
    if (!existsSync('screens/forms')) return;
    const used = new Set<string>();
    for (const { definition } of screens) {
      for (const [, node] of walk(definition.body)) {
        if (node.widget === 'form') used.add(String(node.form));
        // A dialog's form: an action's confirmation or a reveal's re-authentication.
        for (const dialog of [node.confirm, node.reauth] as Array<{ form?: string } | undefined>) if (dialog?.form) used.add(dialog.form);
      }
    }
    for (const name of used) expect(existsSync(`screens/forms/${name}.json`), name).toBe(true);
    for (const file of readdirSync('screens/forms')) expect(used.has(file.replace(/\.json$/, '')), file).toBe(true);
  });
});
