/**
 * Babel set-up for dependency-cruiser only (not the build): strips TypeScript syntax so its
 * parser sees the imports (TypeScript 7 offers no JavaScript API for dependency-cruiser's own
 * TypeScript parser). A type-only import would vanish in the strip, yet it crosses a boundary
 * all the same; the plugin below turns `import type … from 'x'` (and `export type … from 'x'`)
 * into `import('x')`, so it stays an edge, of the kind that cannot make an evaluation cycle.
 */
function typeImportsAsDynamicEdges({ types: t }) {
  const isTypeOnly = (node) =>
    (node.type === 'ImportDeclaration' && node.importKind === 'type') ||
    (node.type === 'ExportNamedDeclaration' && node.exportKind === 'type' && node.source);
  return {
    visitor: {
      // On entering the program, before the TypeScript preset drops type-only declarations.
      Program: {
        enter(path) {
          path.node.body = path.node.body.map((node) =>
            isTypeOnly(node) ? t.expressionStatement(t.importExpression(t.stringLiteral(node.source.value))) : node,
          );
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [typeImportsAsDynamicEdges],
  // onlyRemoveTypeImports: `import { type A } from 'x'` stays an import, as it does at run time
  // under verbatimModuleSyntax.
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true, allowDeclareFields: true }]],
};
