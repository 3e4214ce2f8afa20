// The XLSX thread when the server runs from its TypeScript sources (tsx in development, vitest in
// tests): registers tsx, then loads xlsx-worker.ts. The built server starts its bundled
// xlsx-worker.js instead (xlsx-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-worker.ts');
