/**
 * Parts (`"$use"`, common/definition-parts.ts) for the definition check: screens are checked
 * with their parts resolved, as the portal renders them, and a problem that lies in what a part
 * gave (not in what the screen wrote over it) is reported under the part's file.
 */
import { type PartUse, resolveParts } from '../../common/definition-parts.ts';
import type { ScreenDefinition } from '../../engine/definitions/types.ts';
import type { DefinitionFile, DefinitionSet } from './definition-set.ts';
import { notOneOf, type Problem } from './problems.ts';

function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      document,
    );
}

export interface ResolvedScreens {
  screens: Array<DefinitionFile<ScreenDefinition>>;
  /** `$use` names no part. */
  problems: Problem[];
  /** A problem found in a resolved screen, moved to the part it lies in. */
  relocate(problem: Problem): Problem;
}

export function resolveScreens(all: DefinitionSet): ResolvedScreens {
  const parts = new Map([...all.parts].map(([name, part]) => [name, part.definition]));
  const raw = new Map(all.screens.map((screen) => [screen.file, screen.definition]));
  const usesByFile = new Map<string, PartUse[]>();
  const problems: Problem[] = [];
  const screens = all.screens.map(({ file, definition }) => {
    const { resolved, uses, unknown } = resolveParts(definition, parts);
    usesByFile.set(file, uses);
    for (const { pointer, part } of unknown) problems.push({ file, pointer, ...notOneOf(part, 'definitions.notOneOf.part', parts.keys()) });
    return { file, definition: resolved };
  });
  const relocate = (problem: Problem): Problem => {
    const use = (usesByFile.get(problem.file) ?? [])
      .filter(({ pointer }) => problem.pointer.startsWith(`${pointer}/`))
      .sort((left, right) => right.pointer.length - left.pointer.length)[0];
    // What the screen itself wrote (an override) stays the screen's.
    if (!use || valueAt(raw.get(problem.file), problem.pointer) !== undefined) return problem;
    const part = all.parts.get(use.part)!;
    return {
      code: problem.code,
      params: { ...problem.params, usedBy: `${problem.file} ${use.pointer}` },
      file: part.file,
      pointer: problem.pointer.slice(use.pointer.length),
    };
  };
  return { screens, problems, relocate };
}
