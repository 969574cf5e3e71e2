// `npm run lint:openapi` (first step): writes the API's OpenAPI document to the path given
// (default build/openapi.json) for the linter; the document comes from an in-process app.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { apiDocument } from './document.ts';

const target = process.argv[2] ?? 'build/openapi.json';
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(await apiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${target}`);
