// The PDF worker when the server runs from its TypeScript sources (tsx in development, vitest in
// tests): the thread registers tsx, then loads worker.ts. The built server (apps/server/dist) starts
// its own bundled pdf-worker.js instead (pool.ts).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
export const ready = worker.ready;
