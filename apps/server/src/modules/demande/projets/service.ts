// The projects of a subsidy dossier (docs/domain.md « Dossiers de subvention »): list, read, create,
// change, delete, duplicate, transfer, and the realignment the dossier's wizard calls when the
// dossier's exercise, end year or multi-year flag change. The dossier itself was reached through the
// route's `dossier` scope; here, whether it may change now (policy.ts), the CNDS limit, and each
// write with its lines in one transaction, under the dossier row's lock.
import { canAddProject, DEFAULT_PROJET_FIELDS, DOSSIER_LIMITS, PROJET_MESSAGES, type ProjetField, type ProjetView } from '@portail/contract';
import { appError } from '../../../http/errors.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import { dossierFacts, planProjet, type ProjetInputParsed } from './plan.ts';
import { mayEditProjects, type Side } from './policy.ts';
import type { DossierContext, ProjetRepository } from './repository.ts';
import { realignProjects } from './realign.ts';
import { pickFields, projetView } from './view.ts';

/** Who writes: the side the dossier scope answered. */
export interface ProjetCaller {
  side: Side;
}

export function createProjetService(repository: ProjetRepository, clock: () => Date = () => new Date()) {
  /** The dossier, locked, if the caller's side may change its projects now. */
  async function editableDossier(tx: DbTransaction, dossierId: string, caller: ProjetCaller): Promise<DossierContext> {
    await repository.lockDossier(tx, dossierId);
    const dossier = await repository.findDossier(dossierId, tx);
    if (!dossier || dossier.deletedAt) throw appError('DOSSIER_NOT_FOUND');
    if (!mayEditProjects(caller.side, dossier.instructions)) throw appError('DOSSIER_NOT_EDITABLE');
    return dossier;
  }

  /** At most DOSSIER_LIMITS.projetsPerDossier projects; the CNDS sub-schemes that take one project only (spec §4). */
  async function assertRoomFor(tx: DbTransaction, dossier: DossierContext) {
    const projectCount = await repository.countProjets(tx, dossier.id);
    if (projectCount >= DOSSIER_LIMITS.projetsPerDossier) throw appError('PROJECT_LIMIT');
    const sousDispositifLabel = dossier.sousDispositif?.label ?? null;
    if (!canAddProject({ dispositifCode: dossier.dispositif.code, sousDispositifLabel, projectCount }))
      throw appError('PROJECT_LIMIT_CNDS', { sous_dispositif: sousDispositifLabel ?? '' });
  }

  async function viewOf(dossierId: string, id: string, tx?: DbTransaction): Promise<ProjetView> {
    const row = await repository.findProjet(dossierId, id, tx);
    if (!row) throw appError('PROJET_NOT_FOUND');
    return projetView(row);
  }

  /** Writes a new project of `dossier` at the next rank, with its lines. */
  async function insert(tx: DbTransaction, dossier: DossierContext, input: ProjetInputParsed, caller: ProjetCaller, base: ProjetView | null) {
    const plan = planProjet({ dossier: dossierFacts(dossier), existing: base, input, today: clock(), answers: await repository.projectAnswers(tx, dossier.subventionId) });
    const { id } = await repository.createProjet(tx, dossier.id, await repository.nextRang(tx, dossier.id), plan.columns);
    await repository.syncLines(tx, id, plan);
    return id;
  }

  return {
    async list(dossierId: string, fields: readonly ProjetField[] | undefined) {
      const rows = await repository.listProjets(dossierId);
      const chosen = fields && fields.length > 0 ? fields : DEFAULT_PROJET_FIELDS;
      return rows.map((row) => pickFields(projetView(row), chosen));
    },

    get: (dossierId: string, id: string) => viewOf(dossierId, id),

    create: (caller: ProjetCaller, dossierId: string, input: ProjetInputParsed) =>
      repository.transaction(async (tx) => {
        const dossier = await editableDossier(tx, dossierId, caller);
        await assertRoomFor(tx, dossier);
        return viewOf(dossierId, await insert(tx, dossier, input, caller, null), tx);
      }),

    update: (caller: ProjetCaller, dossierId: string, id: string, input: ProjetInputParsed) =>
      repository.transaction(async (tx) => {
        const dossier = await editableDossier(tx, dossierId, caller);
        const existing = await viewOf(dossierId, id, tx);
        const plan = planProjet({ dossier: dossierFacts(dossier), existing, input, today: clock(), answers: await repository.projectAnswers(tx, dossier.subventionId) });
        await repository.updateProjet(tx, id, plan.columns);
        await repository.syncLines(tx, id, plan);
        return viewOf(dossierId, id, tx);
      }),

    remove: (caller: ProjetCaller, dossierId: string, id: string) =>
      repository.transaction(async (tx) => {
        await editableDossier(tx, dossierId, caller);
        await viewOf(dossierId, id, tx);
        await repository.deleteProjet(tx, id);
        await repository.renumber(tx, dossierId);
        return { message: PROJET_MESSAGES.deleted };
      }),

    /** A copy at the next rank: the association's amounts copied, the services' amounts and the project number not. */
    duplicate: (caller: ProjetCaller, dossierId: string, id: string) =>
      repository.transaction(async (tx) => {
        const dossier = await editableDossier(tx, dossierId, caller);
        const source = await viewOf(dossierId, id, tx);
        await assertRoomFor(tx, dossier);
        const copy: ProjetView = {
          ...source,
          description: { ...source.description, numero_projet: null },
          financements: source.financements.map((f) => ({ ...f, montant_propose: null, montant_accorde: null })),
        };
        return viewOf(dossierId, await insert(tx, dossier, { description: {} }, caller, copy), tx);
      }),

    /**
     * Moves the project to another dossier of the same association (`target` already resolved for the
     * caller in write mode): next rank there, period and lines realigned on it, the source renumbered.
     */
    transfer: (caller: ProjetCaller, dossierId: string, id: string, target: { dossierId: string; caller: ProjetCaller }) =>
      repository.transaction(async (tx) => {
        if (target.dossierId === dossierId) throw appError('VALIDATION_ERROR', { fields: { idDossierTo: PROJET_MESSAGES.transferSameDossier } });
        // Both rows locked in one order, whatever the direction of the move.
        const [first, second] = [dossierId, target.dossierId].sort();
        await repository.lockDossier(tx, first!);
        await repository.lockDossier(tx, second!);
        const source = await editableDossier(tx, dossierId, caller);
        const destination = await editableDossier(tx, target.dossierId, target.caller);
        if (destination.associationId !== source.associationId)
          throw appError('VALIDATION_ERROR', { fields: { idDossierTo: PROJET_MESSAGES.transferOtherAssociation } });
        const projet = await viewOf(dossierId, id, tx);
        await assertRoomFor(tx, destination);
        const plan = planProjet({ dossier: dossierFacts(destination), existing: projet, input: { description: {} }, today: clock(), answers: [] });
        await repository.updateProjet(tx, id, { ...plan.columns, dossierId: destination.id, rangDossier: await repository.nextRang(tx, destination.id) });
        await repository.syncLines(tx, id, plan);
        await repository.renumber(tx, dossierId);
        return viewOf(destination.id, id, tx);
      }),

    /** The realignment the dossier's wizard calls in its transaction (realign.ts). */
    realignProjects,
  };
}
export type ProjetService = ReturnType<typeof createProjetService>;
