// openapi-typescript builds its output with the TypeScript 5 compiler API, which TypeScript 7
// (the project's compiler, a native binary) no longer ships. package.json installs TypeScript 5
// as `typescript5`; this resolve hook hands it to openapi-typescript alone.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
    return nextResolve('typescript5', context);
  }
  return nextResolve(specifier, context);
}
