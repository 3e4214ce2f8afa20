// `pnpm backup [folder]` and `pnpm restore <folder>` (backup.ts): the database the portal is
// configured with (DATABASE_URL, or the embedded one of DATA_DIR, running or not) and its documents
// (STORAGE_DRIVER: local folder or S3).
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { resolveDatabaseForTool } from '../db/database-url.ts';
import { createFileStorage } from '../storage/index.ts';
import { backup, restore } from './backup.ts';

const [command, folder] = process.argv.slice(2);
const say = (message: string) => console.log(`[portail] ${message}`);
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');

if (command !== 'backup' && command !== 'restore') {
  console.error('Usage : pnpm backup [dossier]  |  pnpm restore <dossier>');
  process.exit(2);
}
if (command === 'restore' && !folder) {
  console.error('Usage : pnpm restore <dossier> (un dossier écrit par pnpm backup).');
  process.exit(2);
}

const config = loadConfig();
const database = await resolveDatabaseForTool(config, say);
const storage = createFileStorage(config);
const startedAt = performance.now();
try {
  if (command === 'backup') {
    const dir = resolve(folder ?? join('backups', `portail-${stamp()}`));
    const manifest = await backup({ databaseUrl: database.url, storage, dir });
    const rows = manifest.tables.reduce((n, table) => n + table.rows, 0);
    say(`Sauvegarde écrite dans ${dir} : ${manifest.tables.length} tables (${rows} lignes), ${manifest.documents.length} documents, en ${Math.round(performance.now() - startedAt)} ms.`);
    say('Elle contient le secret JWT et les jetons hachés : protégez-la comme la base.');
  } else {
    const manifest = await restore({ databaseUrl: database.url, storage, dir: resolve(folder!), log: say });
    say(`Restauration faite (sauvegarde du ${manifest.createdAt}) : ${manifest.tables.length} tables, ${manifest.documents.length} documents, en ${Math.round(performance.now() - startedAt)} ms.`);
  }
} catch (error) {
  console.error(`[portail] ${command === 'backup' ? 'Sauvegarde' : 'Restauration'} impossible : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
