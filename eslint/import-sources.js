// What the local shape rules share: every syntax through which a file names another (imports,
// re-exports, dynamic imports, `import('…')` types), each handed to the rule's check with its
// literal specifier, and paths written with forward slashes for messages and comparisons.
import path from 'node:path';

export function toPosix(p) {
  return p.split(path.sep).join('/');
}

/** ESLint visitors calling `check(node, specifierNode)` for each place a file names another. */
export function importVisitors(check) {
  const literal = (node, sourceNode) => {
    if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
    check(node, sourceNode);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  };
}
