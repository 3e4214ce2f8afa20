// Instructing services and schemes for the tests, written straight in the database.
import { randomUUID } from 'node:crypto';
import { createAccount } from './factories.ts';
import type { TestApp } from './test-app.ts';

export type Niveau = 'national' | 'regional' | 'departemental';

/** A service account (rds.service) with its record at `niveau`, under `parent`. */
export async function createService(
  t: TestApp,
  options: { niveau?: Niveau; parent?: string | null; profil?: string | null; roles?: string[]; nom?: string } = {},
) {
  const nom = options.nom ?? `Service ${randomUUID().slice(0, 8)}`;
  const account = await createAccount(t, { roles: options.roles ?? ['rds.service'], service: { nom } });
  const record = await t.db.serviceAccount.update({
    where: { authId: account.id },
    data: { niveauTerritorial: options.niveau ?? 'national', parentId: options.parent ?? null, profil: options.profil ?? null },
  });
  return { authId: account.id, id: record.id, email: account.email, nom };
}

/** The test scheme (created once per database) and a sub-scheme of it. */
export async function testDispositif(t: TestApp, code = 'TEST-DISPOSITIF') {
  const dispositif = await t.db.dispositif.upsert({ where: { code }, create: { code, label: `Dispositif ${code}` }, update: {} });
  const sous = await t.db.sousDispositif.upsert({
    where: { dispositifId_label: { dispositifId: dispositif.id, label: 'Part territoriale - Emploi' } },
    create: { dispositifId: dispositif.id, label: 'Part territoriale - Emploi' },
    update: {},
  });
  return { ...dispositif, sousDispositifId: sous.id };
}

/** A campaign of the test scheme with a fresh code. */
export async function createSubvention(t: TestApp, options: { active?: boolean; exercice?: number; code?: string } = {}) {
  const dispositif = await testDispositif(t);
  const exercice = options.exercice ?? 2026;
  return t.db.subvention.create({
    data: {
      code: options.code ?? `TEST-${randomUUID().slice(0, 8)}-${exercice}`,
      label: `Campagne de test ${exercice}`,
      active: options.active ?? true,
      dispositifId: dispositif.id,
      campagneExercice: exercice,
    },
  });
}

/** A fresh expected field or document definition. */
export const createChamp = (t: TestApp) =>
  t.db.champAttendu.create({ data: { code: `champ-${randomUUID().slice(0, 8)}`, label: 'Champ de test', type: 'text' } });
export const createDocumentAttendu = (t: TestApp) =>
  t.db.documentAttendu.create({ data: { code: `doc-${randomUUID().slice(0, 8)}`, label: 'Document de test', nature: 'STC' } });

/** An approval of the catalogue (a fresh code), instructed by `serviceId` (a fresh national service when absent). */
export async function createAgrement(t: TestApp, options: { serviceId?: string; active?: boolean; type?: string; exercice?: number; code?: string } = {}) {
  const serviceId = options.serviceId ?? (await createService(t)).id;
  return t.db.agrement.create({
    data: {
      code: options.code ?? `AGR-${randomUUID().slice(0, 8)}`,
      typeAgrement: options.type ?? 'JEP',
      serviceId,
      campagneExercice: options.exercice ?? 2026,
      active: options.active ?? true,
    },
  });
}
/** A fresh expected field or document definition of the approvals' catalogue. */
export const createApprovalChamp = (t: TestApp) =>
  t.db.champAttendu.create({ data: { code: `agr-champ-${randomUUID().slice(0, 8)}`, label: "Champ d'agrément", type: 'text', service: 'agrement' } });
export const createApprovalDocument = (t: TestApp) =>
  t.db.documentAttendu.create({ data: { code: `agr-doc-${randomUUID().slice(0, 8)}`, label: "Arrêté d'agrément", nature: 'ATTAG', service: 'agrement' } });
