/**
 * Names the API gives in English, shown to users: document types (GET /document-types), dispute
 * reasons (GET /dispute-reasons) and a dispute contact's type. The portal shows each under its
 * own key, translated in every language (issue 26: "Other" showed in English on a Bulgarian
 * application). Fails when a name has no text, a language copies English, or a screen shows the
 * raw name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/locales.ts';
import { DISPUTE_CONTACT_TYPES } from '../../domain/disputes.ts';
import { disputeContactTypeKey, disputeReasonKey, documentTypeKey } from '../../engine/format/formatters.ts';
import type { FormatterName } from '../../engine/registry/names.ts';
import { DISPUTE_REASONS, DOCUMENT_TYPES } from '../../server/db/seed/customers.ts';

type Tree = { [key: string]: string | Tree };

function text(language: string, key: string): string | undefined {
  const [namespace, ...path] = key.split('.');
  let node: string | Tree | undefined = JSON.parse(readFileSync(join('locales', language, `${namespace}.json`), 'utf8')) as Tree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Every object of the screen definitions that shows `field`, with where it is. */
function fieldsNamed(field: string): Array<{ where: string; node: Record<string, unknown> }> {
  const found: Array<{ where: string; node: Record<string, unknown> }> = [];
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${where}/${index}`));
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (node.field === field) found.push({ where, node });
      for (const [key, item] of Object.entries(node)) walk(item, `${where}/${key}`);
    }
  };
  for (const name of readdirSync('screens', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(join('screens', name), 'utf8')), `screens/${name}#`);
  }
  return found;
}

const KINDS: Array<{ kind: string; keys: string[]; field: string; formatter: FormatterName; shownAt: number }> = [
  {
    kind: 'document type',
    keys: DOCUMENT_TYPES.map((type) => documentTypeKey(type.document_type)),
    field: 'document_type',
    formatter: 'documentType',
    shownAt: 4,
  },
  {
    kind: 'dispute reason',
    keys: DISPUTE_REASONS.map((reason) => disputeReasonKey(reason.dispute_reason)),
    field: 'reason',
    formatter: 'disputeReason',
    shownAt: 3,
  },
  {
    kind: 'dispute contact type',
    keys: DISPUTE_CONTACT_TYPES.map(disputeContactTypeKey),
    field: 'contact_type',
    formatter: 'disputeContactType',
    shownAt: 1,
  },
];

describe.each(KINDS)('$kind labels (issue 26)', ({ keys, field, formatter, shownAt }) => {
  it.each(LANGUAGES)('%s has a text for each', (language) => {
    expect(keys.filter((key) => !text(language, key))).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates each, not an English copy', (language) => {
    expect(keys.filter((key) => text(language, key) === text('en', key)).map((key) => `${key}: ${text(language, key)}`)).toEqual([]);
  });

  it(`is shown on every screen through the ${formatter} formatter`, () => {
    const fields = fieldsNamed(field);
    expect(fields.length).toBeGreaterThanOrEqual(shownAt);
    expect(fields.filter(({ node }) => node.format !== formatter).map(({ where }) => where)).toEqual([]);
  });
});
