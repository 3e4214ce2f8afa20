// Local ESLint rule `shape/no-cycle-with-types`: no import cycle between the files of a folder, type
// imports counted. `import-x/no-cycle` skips type-only imports (they vanish at run time), so a module
// whose routes named the whole services type of services.ts, which imports every module, stood in a
// circle that type checking, reading order and every change had to go around. Options:
// { root: 'apps/server/src' }; files out of the root (packages, the contract) are not followed.
// Every relative import counts: values, types, re-exports and dynamic imports. The other files are read
// from disk with TypeScript's import scanner (kept per file while its modification time holds).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importVisitors, toPosix } from './import-sources.js';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** path → { mtimeMs, imports: resolved absolute paths } */
const scanned = new Map();

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function within(rootAbs, fileAbs) {
  const rel = path.relative(rootAbs, fileAbs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The file a relative specifier names, or undefined when it is not a file under the root. */
function resolveFrom(rootAbs, fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (within(rootAbs, candidate) && isFile(candidate)) return candidate;
  }
  return undefined;
}

function importsOnDisk(rootAbs, file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = scanned.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.imports;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles.map((f) => resolveFrom(rootAbs, file, f.fileName)).filter(Boolean);
  scanned.set(file, { mtimeMs, imports });
  return imports;
}

/** The shortest chain of files from `start` back to `target`, or undefined when there is none. */
function pathBack(rootAbs, start, target) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(rootAbs, file)) {
      if (next === target) {
        const chain = [file];
        for (let p = previous.get(file); p; p = previous.get(p)) chain.unshift(p);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const noCycleWithTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, type-only imports counted.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Import cycle, type imports counted: '{{source}}' leads back here ({{chain}}). Declare the type on the side that needs it (a module's routes name the services they call, never services.ts).",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const rootAbs = path.resolve(cwd, context.options[0].root);
    const filename = path.resolve(cwd, context.filename ?? context.getFilename());
    if (!within(rootAbs, filename)) return {};

    function check(node, sourceNode) {
      const target = resolveFrom(rootAbs, filename, sourceNode.value);
      if (!target || target === filename) return;
      const chain = pathBack(rootAbs, target, filename);
      if (!chain) return;
      const names = [filename, ...chain, filename].map((f) => toPosix(path.relative(rootAbs, f)));
      context.report({ node, messageId: 'cycle', data: { source: sourceNode.value, chain: names.join(' → ') } });
    }

    return importVisitors(check);
  },
};
