/**
 * Document types are named by the API in English (GET /document-types); the portal shows each
 * under its own key, translated in every language (issue 26: "Other" showed in English on a
 * Bulgarian application). Fails when a seeded type has no text, or a language copies English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/tenant.ts';
import { documentTypeKey } from '../../engine/format/formatters.ts';
import { DOCUMENT_TYPES } from '../../server/db/seed/customers.ts';

type Tree = { [key: string]: string | Tree };

function text(language: string, key: string): string | undefined {
  const [namespace, ...path] = key.split('.');
  let node: string | Tree | undefined = JSON.parse(readFileSync(join('locales', language, `${namespace}.json`), 'utf8')) as Tree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Every object of a definition that shows a `document_type` field, with where it is. */
function documentTypeFields(value: unknown, where: string, found: Array<{ where: string; node: Record<string, unknown> }> = []) {
  if (Array.isArray(value)) value.forEach((item, index) => documentTypeFields(item, `${where}/${index}`, found));
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.field === 'document_type') found.push({ where, node });
    for (const [key, item] of Object.entries(node)) documentTypeFields(item, `${where}/${key}`, found);
  }
  return found;
}

describe('document type labels (issue 26)', () => {
  it.each(LANGUAGES)('%s has a text for every document type', (language) => {
    const missing = DOCUMENT_TYPES.map((type) => documentTypeKey(type.document_type)).filter((key) => !text(language, key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates every document type, not an English copy', (language) => {
    const copies = DOCUMENT_TYPES.map((type) => documentTypeKey(type.document_type))
      .filter((key) => text(language, key) === text('en', key)).map((key) => `${key}: ${text(language, key)}`);
    expect(copies).toEqual([]);
  });

  it('has every screen show a document type through its formatter', () => {
    const fields = readdirSync('screens', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json'))
      .flatMap((name) => documentTypeFields(JSON.parse(readFileSync(join('screens', name), 'utf8')), `screens/${name}#`));
    expect(fields.length).toBeGreaterThanOrEqual(4);
    expect(fields.filter(({ node }) => node.format !== 'documentType').map(({ where }) => where)).toEqual([]);
  });
});
