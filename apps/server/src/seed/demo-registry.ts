// The demo association registry (never in production): ~1 000 generated associations plus a few
// fixed ones the browser tests and the README rely on. Inserted with multi-row INSERTs (< 1 s).
import { SEED_TRANSACTION_MAX_WAIT_MS } from './seeding-needed.ts';
import type { Database } from '../db/prisma.ts';
import { Prisma } from '../db/prisma.ts';
import { searchableName } from '../modules/proxy-asso/index.ts';
import { defaultCommunePicker } from './registry/communes.ts';
import {
  createRegistryGenerator, generateBatch, LEGAL_FORM_ASSOCIATION, REGISTRY_COLUMNS, REGISTRY_TABLES, type CellValue,
  type GeneratedAssociation, type RegistryTable, type Row,
} from './registry/generator.ts';

export const DEMO_REGISTRY_SIZE = 1_000;
export const DEMO_REGISTRY_SEED = 'demo';

/** Fixed demo associations (valid identifiers, outside the generated ranges). */
export const DEMO_ASSOCIATIONS = {
  sportive: {
    id: '00000000-0000-4000-8000-0000000a5501',
    nom: 'Association sportive de démonstration',
    sigle: 'ASD',
    siren: '100000017',
    siretSiege: '10000001700010',
    siretSecondaire: '10000001700028',
    rna: 'W751000001',
    cp: '75011',
    commune: 'Paris',
  },
  culturelle: {
    id: '00000000-0000-4000-8000-0000000a5502',
    nom: 'Les Amis du théâtre de démonstration',
    sigle: null,
    siren: '100000025',
    siretSiege: '10000002500013',
    siretSecondaire: null,
    rna: 'W691000002',
    cp: '69003',
    commune: 'Lyon',
  },
  /** Has no SIREN yet (for the SIRET request journey). */
  sansSiret: {
    id: '00000000-0000-4000-8000-0000000a5503',
    nom: 'Comité des fêtes de démonstration',
    sigle: 'CFD',
    siren: null,
    siretSiege: null,
    siretSecondaire: null,
    rna: 'W331000003',
    cp: '33000',
    commune: 'Bordeaux',
  },
} as const;

const NOW = new Date('2026-01-01T00:00:00.000Z');

function fixedAssociations(): GeneratedAssociation {
  const out: GeneratedAssociation = { associations: [], etablissements: [], representants_legaux: [], ribs: [] };
  for (const a of Object.values(DEMO_ASSOCIATIONS)) {
    const adresse = { num_voie: '1', type_voie: 'rue', voie: 'de la Démonstration', cp: a.cp, commune: a.commune, pays: 'FRANCE' };
    out.associations.push({
      id: a.id, id_rna: a.rna, id_siren: a.siren, id_siret_siege: a.siretSiege, nom: a.nom, sigle: a.sigle,
      nom_recherche: searchableName(a.nom, a.sigle), id_forme_juridique: LEGAL_FORM_ASSOCIATION, regime: 'loi1901',
      util_publique: false, date_creation: new Date('2010-09-01'), adresse_siege: adresse, cp_siege: a.cp,
      courriel: 'contact@demonstration.example.org', domaine: 'Sport', champ_action_territorial: 'Communal',
      objet: 'Association de démonstration du portail.', specificites: {}, created_at: NOW, updated_at: NOW,
    });
    for (const siret of [a.siretSiege, a.siretSecondaire]) {
      if (!siret) continue;
      out.etablissements.push({
        siret, association_id: a.id, nic: siret.slice(9), est_siege: siret === a.siretSiege, actif: true,
        enseigne: siret === a.siretSiege ? null : 'Antenne de démonstration', adresse, created_at: NOW, updated_at: NOW,
      });
    }
  }
  return out;
}

/** Multi-row INSERTs in batches (PostgreSQL infers each parameter's type from its column). */
async function insertRows(db: Pick<Database, '$executeRawUnsafe'>, table: RegistryTable, rows: Row[]) {
  const columns = REGISTRY_COLUMNS[table];
  const perBatch = Math.floor(30_000 / columns.length);
  for (let start = 0; start < rows.length; start += perBatch) {
    const slice = rows.slice(start, start + perBatch);
    const values: unknown[] = [];
    const tuples = slice.map((row) => {
      const placeholders = columns.map((column) => {
        const value: CellValue | undefined = row[column];
        values.push(value === undefined || value === null ? null : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : value);
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.$executeRawUnsafe(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
      ...values,
    );
  }
}

/** Inserts the demo registry when it holds no association; returns whether it did. */
export async function seedDemoRegistry(db: Database, size = DEMO_REGISTRY_SIZE): Promise<boolean> {
  if ((await db.association.count()) > 0) return false;
  const generated = generateBatch(createRegistryGenerator({ seed: DEMO_REGISTRY_SEED, communes: defaultCommunePicker() }), 0, size);
  const fixed = fixedAssociations();
  await db.$transaction(async (tx) => {
    for (const table of REGISTRY_TABLES) await insertRows(tx, table, [...fixed[table], ...generated[table]]);
  }, { timeout: 60_000, maxWait: SEED_TRANSACTION_MAX_WAIT_MS });
  await db.$executeRaw(Prisma.sql`ANALYZE associations, etablissements`);
  return true;
}
