import { describe, expect, it } from 'vitest';
import { frameScreenNamespaces } from './screen-texts.ts';

const known = ['common', 'errors', 'invoices', 'payments', 'table'];

describe('the namespaces a screen of the signed-in frame waits for', () => {
  it('are common, those its definition names and those its widgets translate from', () => {
    const definition = {
      title: 'invoices.title',
      body: [{ widget: 'tabs', tabs: [{ children: [{ widget: 'table', caption: 'invoices.caption' }] }] }],
    };
    expect(frameScreenNamespaces(definition, known)).toEqual(['common', 'invoices', 'table']);
  });

  it('leave out what is not a known namespace', () => {
    expect(frameScreenNamespaces({ body: [{ widget: 'heading', text: 'session.user' }] }, known)).toEqual(['common']);
  });

  it('are all of them when a widget may show any text (a plugin)', () => {
    expect(frameScreenNamespaces({ body: [{ widget: 'plugin', name: 'payment' }] }, known)).toBe(known);
  });
});
