import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the portal\'s API types (engine/data/api-schema.d.ts)', () => {
  it('are what openapi-typescript makes of the current OpenAPI document (npm run api:types when this fails)', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', 'scripts/openapi/api-types.ts', '--check'])
      .then(({ stdout }) => ({ code: 0, output: stdout }))
      .catch((error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }));
    expect(result, result.output).toMatchObject({ code: 0 });
  }, 240_000);
});
