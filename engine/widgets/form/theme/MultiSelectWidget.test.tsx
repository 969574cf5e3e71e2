import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../data/queries.ts';
import { sourceQuery } from '../../../data/use-resource.ts';
import type { BindingContext } from '../../../definitions/bindings.ts';
import { Texts, type TextTree } from '../../../i18n/i18next-texts.ts';
import { TextsProvider } from '../../../i18n/use-text.ts';
import { ScreenContextProvider } from '../../../screens/screen-context.tsx';
import { formChanged } from '../unsaved-form.ts';
import MultiSelectWidget, { chosenValues, withChosen } from './MultiSelectWidget.tsx';
import { choicesOf, type OptionsSource } from './SourcedSelect.tsx';
import { mantineTheme } from './theme.tsx';

const locale = (namespace: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../../locales/en/${namespace}.json`), 'utf8')) as TextTree;
const bindings: BindingContext = { session: {}, customer: null, merchant: null, route: {}, query: {}, selection: [], tenant: {} };
const CUSTOMERS: OptionsSource = { source: { resource: '/customers' }, value: 'buidCustomer', label: 'customerName' };
const customerRecords = [
  { type: 'customers', id: 'C-1001', attributes: { buidCustomer: 'C-1001', customerName: 'Northwind Freight' } },
  { type: 'customers', id: 'C-1004', attributes: { buidCustomer: 'C-1004', customerName: 'Harbor Logistics' } },
];

/** The widget server-rendered with the customers already in the data layer's cache (as the route loader leaves them). */
async function renderWidget(
  value: unknown,
  options: Record<string, unknown> = { optionsSource: CUSTOMERS },
  cached = true,
): Promise<string> {
  const texts = new Texts({ load: async (_language, namespace) => locale(namespace), namespaces: ['common', 'users'], language: 'en' });
  await texts.ready(['common', 'users']);
  const client = createQueryClient();
  if (cached) client.setQueryData(sourceQuery(CUSTOMERS.source, bindings).queryKey, { data: customerRecords, meta: {} } as never);
  const props = {
    id: 'root_customers',
    name: 'customers',
    value,
    label: 'users.groups.fields.customers',
    required: false,
    options,
    schema: { type: 'array', items: { type: 'string' } },
    registry: {},
    onChange: () => {},
    onBlur: () => {},
    onFocus: () => {},
  } as unknown as WidgetProps;
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={client}>
      <TextsProvider texts={texts}>
        <MantineProvider>
          <ScreenContextProvider value={{ bindings }}>
            <Suspense fallback="loading">
              <MultiSelectWidget {...props} />
            </Suspense>
          </ScreenContextProvider>
        </MantineProvider>
      </TextsProvider>
    </QueryClientProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('MultiSelectWidget', () => {
  it('is the theme\'s "multiselect" widget', () => {
    expect(mantineTheme.widgets?.multiselect).toBe(MultiSelectWidget);
  });

  it('shows each chosen value as a pill with the label its source gives it, under the translated label', async () => {
    const html = await renderWidget(['C-1004']);
    expect(html).toMatch(/<label[^>]*>Customers of the group/);
    expect(html).toContain('Harbor Logistics');
    // Not chosen: offered in the dropdown only, never as a pill.
    expect(html).not.toContain('Northwind Freight');
    expect(html).toMatch(/<input[^>]*type="hidden"[^>]*value="C-1004"/);
  });

  it('keeps a chosen value the source does not offer, shown by its id', async () => {
    const html = await renderWidget(['C-1001', 'C-9999']);
    expect(html).toContain('Northwind Freight');
    expect(html).toContain('C-9999');
    expect(html).toMatch(/<input[^>]*type="hidden"[^>]*value="C-1001,C-9999"/);
  });

  it('shows its chosen values by id while the options load', async () => {
    const html = await renderWidget(['C-1004'], { optionsSource: CUSTOMERS }, false);
    expect(html).toContain('C-1004');
    expect(html).not.toContain('Harbor Logistics');
  });

  it('renders empty without a value or a source', async () => {
    const html = await renderWidget(undefined, {});
    expect(html).toMatch(/<input[^>]*type="hidden"[^>]*value=""/);
  });
});

describe('multi-select choices', () => {
  it('maps a list resource to choices by the named attributes, the id when one is missing', () => {
    expect(choicesOf([...customerRecords, { type: 'customers', id: 'C-7', attributes: {} }], CUSTOMERS)).toEqual([
      { value: 'C-1001', label: 'Northwind Freight' },
      { value: 'C-1004', label: 'Harbor Logistics' },
      { value: 'C-7', label: 'C-7' },
    ]);
  });

  it("fills a label template with the record's attributes", () => {
    expect(choicesOf(customerRecords, { ...CUSTOMERS, label: '{customerName} ({buidCustomer})' }).map((choice) => choice.label)).toEqual([
      'Northwind Freight (C-1001)',
      'Harbor Logistics (C-1004)',
    ]);
  });

  it('reads only strings and numbers of an array as chosen values', () => {
    expect(chosenValues(['C-1', 2, null, { id: 3 }])).toEqual(['C-1', '2']);
    expect(chosenValues(undefined)).toEqual([]);
    expect(chosenValues('C-1')).toEqual([]);
  });

  it('adds chosen values the choices lack, once each, after the choices', () => {
    const choices = [{ value: 'C-1', label: 'One' }];
    expect(withChosen(choices, ['C-1', 'C-2'])).toEqual([
      { value: 'C-1', label: 'One' },
      { value: 'C-2', label: 'C-2' },
    ]);
    expect(withChosen(choices, [])).toEqual(choices);
  });
});

describe('formChanged (the unsaved-changes prompt of an edit form)', () => {
  const record = { username: 'payer', first_name: 'Pat', role: 'Payer', customers: ['C-1001'], sso_enabled: false };

  it('is false for the data the form started with, and for empty values that were empty before', () => {
    expect(formChanged(record, { ...record })).toBe(false);
    expect(formChanged({ ...record, last_name: null }, { ...record, last_name: '' })).toBe(false);
    expect(formChanged(record, { ...record, nickname: undefined, tags: [] })).toBe(false);
    expect(formChanged(record, { sso_enabled: false, customers: ['C-1001'], role: 'Payer', first_name: 'Pat', username: 'payer' })).toBe(
      false,
    );
  });

  it('is true for any real edit: a text, a choice, a list, a checkbox', () => {
    expect(formChanged(record, { ...record, first_name: 'Patricia' })).toBe(true);
    expect(formChanged(record, { ...record, role: 'Admin' })).toBe(true);
    expect(formChanged(record, { ...record, customers: ['C-1001', 'C-1004'] })).toBe(true);
    expect(formChanged(record, { ...record, customers: [] })).toBe(true);
    expect(formChanged(record, { ...record, sso_enabled: true })).toBe(true);
    expect(formChanged(record, { ...record, first_name: '' })).toBe(true);
  });
});
