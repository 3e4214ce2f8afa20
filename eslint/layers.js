// Local ESLint rule `shape/layers`: the files of one folder (a layer) import, among the workspace's
// own files, only those of the folders and files it lists. Options: { layer: 'apps/server/src/db',
// mayImport: ['apps/server/src/db', 'apps/server/src/config.ts', ...], why: '...' }. Packages are not
// checked (their own rules say which may be used where); relative imports, re-exports and dynamic
// imports are, type-only ones included: a type import is still a dependency of the layer's code.
import path from 'node:path';
import { importVisitors, toPosix } from './import-sources.js';

/** True when `fileAbs` is `targetAbs` or lies under it. */
function within(targetAbs, fileAbs) {
  const rel = toPosix(path.relative(targetAbs, fileAbs));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: "A layer's files import only the folders the layer lists." },
    schema: [
      {
        type: 'object',
        properties: {
          layer: { type: 'string' },
          mayImport: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
        },
        required: ['layer', 'mayImport'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "'{{source}}' is outside what {{layer}} may import ({{allowed}}){{why}}.",
    },
  },
  create(context) {
    const { layer, mayImport, why } = context.options[0];
    const cwd = context.cwd ?? process.cwd();
    const filename = path.resolve(cwd, context.filename ?? context.getFilename());
    if (!within(path.resolve(cwd, layer), filename)) return {};
    const allowed = mayImport.map((p) => path.resolve(cwd, p));

    function check(node, sourceNode) {
      const source = sourceNode.value;
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      if (allowed.some((a) => within(a, target))) return;
      context.report({
        node,
        messageId: 'outside',
        data: { source, layer, allowed: mayImport.join(', '), why: why ? `: ${why}` : '' },
      });
    }

    return importVisitors(check);
  },
};
