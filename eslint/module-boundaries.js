// Local ESLint rule `shape/module-boundaries`: code inside one folder of a "modules" root (a server
// module, a client feature) imports another folder of that root only through its `index.ts` (or
// `index.tsx`), never a file inside it. Options: { root: 'apps/server/src/modules', label: 'module',
// outside: true }; with `outside`, files out of the root (app.ts, services.ts, http/) are held to the
// same entry. Only relative imports are checked: the workspace has no path aliases into these folders.
import path from 'node:path';
import { importVisitors, toPosix } from './import-sources.js';
import { layers } from './layers.js';
import { noCycleWithTypes } from './no-cycle-with-types.js';

const ENTRY = /^index\.tsx?$/;

/** The first folder under `rootAbs` holding `fileAbs`, or undefined when the file is not under it. */
function unitOf(rootAbs, fileAbs) {
  const rel = toPosix(path.relative(rootAbs, fileAbs));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split('/');
  return parts.length > 1 ? { unit: parts[0], inner: parts.slice(1).join('/') } : undefined;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Another module's or feature's files are reached only through its index.ts." },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, label: { type: 'string' }, outside: { type: 'boolean' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{source}}' reaches inside the {{label}} '{{target}}': import it through '{{target}}/index.ts' only (what other {{label}}s may use is exported there).",
    },
  },
  create(context) {
    const { root, label = 'module', outside = false } = context.options[0] ?? {};
    const cwd = context.cwd ?? process.cwd();
    const rootAbs = path.resolve(cwd, root);
    const filename = context.filename ?? context.getFilename();
    const from = unitOf(rootAbs, path.resolve(cwd, filename));
    if (!from && !outside) return {};

    function check(node, sourceNode) {
      const source = sourceNode.value;
      if (!source.startsWith('.')) return;
      const target = unitOf(rootAbs, path.resolve(path.dirname(path.resolve(cwd, filename)), source));
      if (!target || target.unit === from?.unit) return;
      // `../b`, `../b/` and `../b/index` resolve to the folder itself or its index: allowed.
      if (target.inner === '' || ENTRY.test(target.inner) || target.inner === 'index') return;
      context.report({ node, messageId: 'internal', data: { source, target: target.unit, label } });
    }

    return importVisitors(check);
  },
};

export default { meta: { name: 'shape' }, rules: { 'module-boundaries': moduleBoundaries, layers, 'no-cycle-with-types': noCycleWithTypes } };
