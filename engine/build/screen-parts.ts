import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the parts screens share (`"$use": "<name>"`, common/definition-parts.ts), inside the screens folder. */
export const PARTS_FOLDER = 'parts';

/** screens/parts/*.json by name (the file name without `.json`). */
export function readParts(screensDirectory: string): Map<string, { file: string; definition: unknown }> {
  const directory = join(screensDirectory, PARTS_FOLDER);
  if (!existsSync(directory)) return new Map();
  return new Map(
    readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const file = join(directory, name);
        return [name.slice(0, -'.json'.length), { file, definition: JSON.parse(readFileSync(file, 'utf8')) as unknown }];
      }),
  );
}
