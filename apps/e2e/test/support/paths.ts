// Folders and programs shared by the global setup and the journeys.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** Screenshots and the server's log (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, '.test-artifacts', 'e2e');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
