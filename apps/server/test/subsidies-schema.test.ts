// The subsidy tables (migration 20261125100000_subsidies, docs/domain.md « Dossiers de subvention »)
// on real PostgreSQL: dossier numbers from the sequence, a dossier with its instruction and a
// project with its yearly lines, the unique keys and value lists refused, the cascades, and the
// instruction row moved by the workflow engine as the dossier routes will do it.
import { randomUUID } from 'node:crypto';
import { dossierInstructionMachine, type Role } from '@portail/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthClaims } from '../src/http/request-context.ts';
import type { WorkflowTarget } from '../src/modules/workflow/index.ts';
import { createAssociation, linkUser, type TestAssociation } from './support/association-factory.ts';
import { createAccount } from './support/factories.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let asso: TestAssociation;
let member: AuthClaims;
let serviceId: string;
let subventionId: string;
let dispositifId: string;
let sousDispositifId: string;

const instructionTarget: WorkflowTarget = {
  machine: dossierInstructionMachine,
  table: { table: 'dossier_instructions', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({
    serviceId: String(row.service_id),
    createdBy: row.created_by_id ? { id: String(row.created_by_id), side: row.created_by_type as 'association' | 'service' } : null,
    facts: { complete: row.complet === true, allCrfReceived: row.crf_recus === true },
  }),
  nameOf: (row) => `Le dossier ${String(row.dossier_id)}`,
  linkOf: (row) => `/client/dossiers/${String(row.dossier_id)}`,
};

async function claimsOf(roles: Role[], service?: { nom: string; email: string }): Promise<AuthClaims> {
  const account = await createAccount(t, { roles, ...(service ? { service } : {}) });
  return { userId: account.id, email: account.email, roles };
}

const nextIdFo = async (exercice: number) =>
  (await t.db.$queryRaw<{ id: string }[]>`SELECT next_dossier_id_fo(${exercice}::int) AS id`)[0]!.id;

async function newDossier(overrides: { idFo?: string; complet?: boolean } = {}) {
  return t.db.dossier.create({
    data: {
      idFo: overrides.idFo ?? (await nextIdFo(2026)),
      exercice: 2026,
      exerciceFin: 2027,
      pluriannuel: true,
      subventionId,
      dispositifId,
      sousDispositifId,
      associationId: asso.id,
      idSiret: asso.siege,
      nom: asso.association.nom,
      createdById: member.userId,
      createdByType: 'association',
      instructions: {
        create: [{ serviceId, associationId: asso.id, createdById: member.userId, createdByType: 'association', complet: overrides.complet ?? false, isReferent: true }],
      },
    },
    include: { instructions: true },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  asso = await createAssociation(t);
  member = await claimsOf(['lca.association']);
  await linkUser(t, member.userId, asso);
  const instructor = await claimsOf(['rds.user'], { nom: 'Service départemental', email: 'sdjes@service.example.gouv.fr' });
  serviceId = (await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: instructor.userId } })).id;
  const dispositif = await t.db.dispositif.create({
    data: { code: 'CNDS', label: 'Agence nationale du sport', dureePluriannuelle: 2, sousDispositifs: { create: [{ label: 'Part territoriale - Emploi' }] } },
    include: { sousDispositifs: true },
  });
  dispositifId = dispositif.id;
  sousDispositifId = dispositif.sousDispositifs[0]!.id;
  const subvention = await t.db.subvention.create({
    data: {
      code: 'ANS-2026-PT', label: 'Part territoriale 2026', active: true, dispositifId, campagneExercice: 2026,
      sousDispositifs: { create: [{ sousDispositifId, dateDebut: new Date('2026-01-15'), dateFin: new Date('2026-04-30') }] },
      instructeurs: { create: [{ serviceId, isReferent: true }] },
    },
  });
  subventionId = subvention.id;
});
afterAll(() => t.close());

describe('dossier numbers', () => {
  it('draws « exercice-NNNNNN » numbers from one sequence, never twice', async () => {
    const ids = await Promise.all([2026, 2026, 2027, 2026].map(nextIdFo));
    for (const id of ids) expect(id).toMatch(/^\d{4}-\d{6}$/);
    expect(ids[2]!.startsWith('2027-')).toBe(true);
    expect(new Set(ids.map((id) => id.slice(5))).size).toBe(4);
  });
});

describe('a dossier with its instruction, a project with its lines', () => {
  it('stores them with the defaults the wizard starts from', async () => {
    const dossier = await newDossier();
    expect(dossier).toMatchObject({ step: 0, service: 'subvention', statut: 'incomplet', couplageTca: false, customs: [], deletedAt: null });
    expect(dossier.instructions).toHaveLength(1);
    expect(dossier.instructions[0]).toMatchObject({ etat: 'A', serviceId, associationId: asso.id, complet: false });

    const projet = await t.db.projet.create({
      data: {
        dossierId: dossier.id, rangDossier: 1, intitule: 'École de vélo', periode: 'Pluriannuel', exercice: 2026, exerciceFin: 2027,
        moyens: { recrutement_specifique: true, recrutement_nb_etpt: 1.5 },
        evaluation: { indicateurs: [{ rang: 1, intitule: 'Jeunes formés', prevu_min: 10, prevu_max: 20 }] },
        financements: { create: [2026, 2027].map((annee) => ({ annee, serviceId, montantDemande: '12000.50' })) },
        budgets: { create: [2026, 2027].map((annee) => ({ annee, charges: { comptes: { '60': 1000 } }, produits: { comptes: { '74': 1000 } } })) },
      },
      include: { financements: { orderBy: { annee: 'asc' } }, budgets: true },
    });
    expect(projet.financements.map((f) => [f.annee, f.montantDemande?.toString()])).toEqual([[2026, '12000.5'], [2027, '12000.5']]);
    expect(projet.budgets).toHaveLength(2);
    expect(projet.evaluation).toEqual({ indicateurs: [{ rang: 1, intitule: 'Jeunes formés', prevu_min: 10, prevu_max: 20 }] });
  });

  it('refuses a second row where the keys are unique', async () => {
    const dossier = await newDossier();
    await expect(newDossier({ idFo: dossier.idFo })).rejects.toThrow(/id_fo|idFo|Unique/i);
    await expect(
      t.db.dossierInstruction.create({ data: { dossierId: dossier.id, serviceId, associationId: asso.id, createdByType: 'association' } }),
    ).rejects.toThrow(/Unique/i);
    const projet = await t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 1, exercice: 2026, exerciceFin: 2026 } });
    await expect(t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 1, exercice: 2026, exerciceFin: 2026 } })).rejects.toThrow(/Unique/i);
    await t.db.projetFinancement.create({ data: { projetId: projet.id, annee: 2026, serviceId } });
    await expect(t.db.projetFinancement.create({ data: { projetId: projet.id, annee: 2026, serviceId } })).rejects.toThrow(/Unique/i);
    await t.db.projetBudget.create({ data: { projetId: projet.id, annee: 2026 } });
    await expect(t.db.projetBudget.create({ data: { projetId: projet.id, annee: 2026 } })).rejects.toThrow(/Unique/i);
    await t.db.dossierBudget.create({ data: { dossierId: dossier.id, annee: 2026 } });
    await expect(t.db.dossierBudget.create({ data: { dossierId: dossier.id, annee: 2026 } })).rejects.toThrow(/Unique/i);
    await expect(t.db.dispositif.create({ data: { code: 'CNDS', label: 'Doublon' } })).rejects.toThrow(/Unique/i);
    await expect(t.db.subvention.create({ data: { code: 'ANS-2026-PT', label: 'Doublon', dispositifId, campagneExercice: 2026 } })).rejects.toThrow(/Unique/i);
  });

  it('refuses values outside the lists: step, statut, etat, periode, multi-year span, service level and profile', async () => {
    const dossier = await newDossier();
    const [instruction] = dossier.instructions;
    const refused = [
      t.db.dossier.update({ where: { id: dossier.id }, data: { step: 5 } }),
      t.db.dossier.update({ where: { id: dossier.id }, data: { statut: 'presque' } }),
      t.db.dossier.update({ where: { id: dossier.id }, data: { exerciceFin: 2025 } }),
      t.db.dossierInstruction.update({ where: { id: instruction!.id }, data: { etat: '5' } }),
      t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 2, exercice: 2026, exerciceFin: 2026, periode: 'Semestriel' } }),
      t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 0, exercice: 2026, exerciceFin: 2026 } }),
      t.db.projetFinancement.create({ data: { projetId: (await t.db.projet.create({ data: { dossierId: dossier.id, rangDossier: 3, exercice: 2026, exerciceFin: 2026 } })).id, annee: 2026, serviceId, montantDemande: '-1' } }),
      t.db.dispositif.create({ data: { code: 'TROIS-ANS', label: 'Trois ans', dureePluriannuelle: 3 } }),
      t.db.serviceAccount.update({ where: { id: serviceId }, data: { niveauTerritorial: 'cantonal' } }),
      t.db.serviceAccount.update({ where: { id: serviceId }, data: { profil: 'Super administrateur' } }),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toThrow();
    expect(await t.db.dossier.findUniqueOrThrow({ where: { id: dossier.id } })).toMatchObject({ step: 0, statut: 'incomplet', exerciceFin: 2027 });
  });

  it('keeps the service hierarchy national → regional → departmental', async () => {
    const national = await claimsOf(['rds.service'], { nom: 'Direction des sports', email: 'ds@sports.example.gouv.fr' });
    const nationalId = (await t.db.serviceAccount.findUniqueOrThrow({ where: { authId: national.userId } })).id;
    await t.db.serviceAccount.update({ where: { id: nationalId }, data: { niveauTerritorial: 'national', profil: 'Administrateur national' } });
    await t.db.serviceAccount.update({
      where: { id: serviceId },
      data: { niveauTerritorial: 'departemental', codeTerritoire: '75', parentId: nationalId, typesAgrement: ['JEP'], bo: { code_chorus: 'X1' } },
    });
    const children = await t.db.serviceAccount.findUniqueOrThrow({ where: { id: nationalId }, include: { children: true } });
    expect(children.children.map((c) => c.id)).toEqual([serviceId]);
    await expect(t.db.serviceAccount.update({ where: { id: nationalId }, data: { parentId: nationalId } })).rejects.toThrow();
  });

  it('deletes a dossier with its instructions, projects, lines, messages and shares', async () => {
    const dossier = await newDossier();
    const projet = await t.db.projet.create({
      data: { dossierId: dossier.id, rangDossier: 1, exercice: 2026, exerciceFin: 2026, financements: { create: [{ annee: 2026, serviceId }] }, budgets: { create: [{ annee: 2026 }] } },
    });
    await t.db.dossierMessage.create({ data: { dossierId: dossier.id, authorId: member.userId, direction: 'vers_service', texte: 'Bonjour' } });
    await t.db.dossierShare.create({ data: { dossierId: dossier.id, userId: member.userId } });
    await t.db.dossier.delete({ where: { id: dossier.id } });
    expect(await t.db.dossierInstruction.count({ where: { dossierId: dossier.id } })).toBe(0);
    expect(await t.db.projetFinancement.count({ where: { projetId: projet.id } })).toBe(0);
    expect(await t.db.projetBudget.count({ where: { projetId: projet.id } })).toBe(0);
    expect(await t.db.dossierMessage.count({ where: { dossierId: dossier.id } })).toBe(0);
    expect(await t.db.dossierShare.count({ where: { dossierId: dossier.id } })).toBe(0);
  });
});

describe('the instruction row under the workflow engine', () => {
  const fire = (objectId: string, event: string, claims: AuthClaims) =>
    t.app.services.workflow.fire({ target: instructionTarget, objectId, event, claims, comment: null });

  it('refuses transmission of an incomplete dossier, then moves A → D once complet, with its history', async () => {
    const dossier = await newDossier({ complet: false });
    const instructionId = dossier.instructions[0]!.id;
    await expect(fire(instructionId, 'transmettre', member)).rejects.toMatchObject({ status: 403, code: 'TRANSITION_FORBIDDEN' });
    await t.db.dossierInstruction.update({ where: { id: instructionId }, data: { complet: true } });
    await expect(fire(instructionId, 'transmettre', member)).resolves.toMatchObject({ from: 'A', to: 'D' });
    expect((await t.db.dossierInstruction.findUniqueOrThrow({ where: { id: instructionId } })).etat).toBe('D');
    const history = await t.app.services.workflow.history(dossierInstructionMachine.name, instructionId);
    expect(history.map((h) => [h.fromState, h.toState, h.associationId])).toEqual([['A', 'D', asso.id]]);
  });

  it('answers 404 for an instruction that does not exist', async () => {
    await expect(fire(randomUUID(), 'transmettre', member)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
