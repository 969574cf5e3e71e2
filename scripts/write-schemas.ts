// `npm run schemas:write`: writes schemas/screen.schema.json from the widgets' and actions'
// contracts (engine/registry/screen-schema.ts). A test fails while the file is stale.
import { writeFileSync } from 'node:fs';
import { SCREEN_SCHEMA_FILE, screenSchemaText } from '../engine/registry/screen-schema.ts';

writeFileSync(SCREEN_SCHEMA_FILE, screenSchemaText());
console.log(`Wrote ${SCREEN_SCHEMA_FILE}`);
