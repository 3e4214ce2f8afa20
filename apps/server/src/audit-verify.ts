// `pnpm audit:verify`: checks every association's audit chain (sequence, link to the previous
// entry, each entry's own hash, chain head) and prints the first broken link of each broken chain;
// exit code 1 when one is broken.
import { loadConfig } from './config.ts';
import { createAuditRepository, createAuditService, type ChainBreak } from './modules/audit/index.ts';
import { resolveDatabase } from './db/database-url.ts';
import { createDatabase } from './db/prisma.ts';

const FIELD_LABELS: Record<ChainBreak['field'], string> = {
  seq: 'numéro dans la chaîne',
  prev_hash: 'empreinte de l’entrée précédente (prev_hash)',
  hash: 'empreinte de l’entrée (hash)',
  head: 'tête de chaîne (dernier numéro:empreinte)',
};

function describeBreak(b: ChainBreak): string {
  const where = b.entryId ? `entrée ${b.entryId} (n° ${b.seq})` : 'fin de chaîne';
  return `Chaîne rompue — association ${b.associationId}, ${where}, ${FIELD_LABELS[b.field]} : attendu ${b.expected}, trouvé ${b.found}`;
}

const config = loadConfig();
const target = await resolveDatabase(config, console.log);
const db = createDatabase(target.url, { maxConnections: 2 });
try {
  const audit = createAuditService(createAuditRepository(db));
  const { chains, entries, breaks } = await audit.verifyAll();
  for (const b of breaks) console.error(describeBreak(b));
  console.log(`${chains} chaîne(s), ${entries} entrée(s) vérifiée(s) : ${breaks.length === 0 ? 'aucune rupture' : `${breaks.length} chaîne(s) rompue(s)`}.`);
  process.exitCode = breaks.length === 0 ? 0 : 1;
} finally {
  await db.$disconnect();
  await target.stop();
}
