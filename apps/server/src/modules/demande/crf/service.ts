// The financial reports of granted dossiers (docs/domain.md « Comptes rendus financiers »): fetched
// or cloned by exercise, written by the association while editable (1, 2, 3; the first save fires
// enregistrer 1 → 2), transmitted (2, 3 → 4) when nothing misses, received (4 → 5) or sent back
// with a comment (4 → 3) by the instructing service. Every state change goes through the workflow
// engine in the write's transaction (row lock, history, audit, notification type 8, mails); when
// every report of the dossier is received, the dossier's fact `crf_recus` lets the service close it.
import { randomUUID } from 'node:crypto';
import { CRF_MESSAGES, crfMachine, SUBSIDY_MESSAGES, type CrfEvent, type CrfInput, type CrfOutcome, type CrfProjetInput, type CrfView, type MissingCrf, type CrfState } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { DossierScope } from '../../../http/resource-scope.ts';
import type { AuditService } from '../../audit/index.ts';
import type { FiredTransition, TransitionService, WorkflowTarget } from '../../workflow/index.ts';
import type { CrfPdfData } from '../pdf/index.ts';
import { currentYear } from '../dossiers/view.ts';
import type { CrfRepository, CrfRow, CrfSourceRow } from './repository.ts';
import { checkDocuments, clonedCofinancements, clonedProjet, EDITABLE_CRF_STATES, exercisesOf, GRANTED_STATES, isGranted, missingBeforeTransmission, plannedBudget } from './rules.ts';
import { crfActor, toCrfView } from './view.ts';

export interface CrfServiceDeps {
  repository: CrfRepository;
  workflow: TransitionService;
  audit: AuditService;
}

/** The report rows the engine moves (machine crf). */
export const crfTarget: WorkflowTarget = {
  machine: crfMachine,
  table: { table: 'crfs', stateColumn: 'etat', associationColumn: 'association_id' },
  subjectOf: (row) => ({ serviceId: String(row.service_id) }),
  nameOf: (row) => `Le compte rendu financier de l'exercice ${String(row.exercice)}`,
  linkOf: (row) => `/client/dossiers/${String(row.dossier_id)}/crf/${String(row.id)}`,
  // Counted with the dossier's notifications, and naming the dossier to its reader.
  payloadOf: async (row) => ({ dossier: String(row.dossier_id), crf: String(row.id), exercice: Number(row.exercice) }),
};

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
/** `patch` over `base`, keys left undefined keeping the base's value. */
const merged = (base: unknown, patch: object | undefined) => ({ ...asObject(base), ...Object.fromEntries(Object.entries(patch ?? {}).filter(([, v]) => v !== undefined)) });
const invalid = (motif: string) => appError('DOSSIER_INPUT_INVALID', { motif });

export function createCrfService({ repository, workflow, audit }: CrfServiceDeps) {
  async function sourceOf(dossierId: string, tx?: DbTransaction): Promise<CrfSourceRow> {
    const source = await repository.source(dossierId, tx);
    if (!source) throw appError('DOSSIER_NOT_FOUND');
    return source;
  }

  async function view(claims: AuthClaims, scope: DossierScope, row: CrfRow, source?: CrfSourceRow): Promise<CrfView> {
    const uuids = asArray(row.documents).map((d) => String(d.uuid));
    const [documents, updatedByName, sentBackComment] = await Promise.all([
      uuids.length > 0 ? repository.documentsOf(row.associationId, uuids) : [],
      row.updatedById ? repository.authorName(row.updatedById, row.updatedByType) : null,
      row.etat === '3' ? repository.lastSentBack(row.id) : null,
    ]);
    return toCrfView({
      row, source: source ?? (await sourceOf(row.dossierId)), actor: crfActor(claims.userId, claims.roles, scope), side: scope.side,
      documentNames: new Map(documents.map((d) => [d.id, d.nom])), updatedByName, sentBackComment,
    });
  }

  async function load(scope: DossierScope, crfId: string, tx?: DbTransaction): Promise<CrfRow> {
    const row = await repository.find(scope.dossierId, crfId, tx);
    if (!row) throw appError('CRF_NOT_FOUND');
    return row;
  }

  /** Locks the report for a write of the association: 404 unknown, 403 no longer editable. */
  async function lockEditable(tx: DbTransaction, scope: DossierScope<'write'>, crfId: string): Promise<CrfRow> {
    await load(scope, crfId, tx);
    await repository.lock(tx, crfId);
    const row = await load(scope, crfId, tx);
    if (!EDITABLE_CRF_STATES.includes(row.etat as CrfState)) throw appError('CRF_NOT_EDITABLE');
    return row;
  }

  /** After a save: the first one moves the report from 1 to 2 (enregistrer), in the same transaction. */
  async function saved(tx: DbTransaction, claims: AuthClaims, row: CrfRow, parts: string[]): Promise<FiredTransition | null> {
    await repository.update(tx, row.id, { updatedById: claims.userId, updatedByType: 'association' });
    await audit.record(tx, {
      associationId: row.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'crf', entityId: row.id, action: 'modifier',
      before: null, after: { exercice: row.exercice, parties: parts.join(',') },
    });
    return row.etat === '1' ? workflow.fireIn(tx, { target: crfTarget, objectId: row.id, event: 'enregistrer', claims }) : null;
  }

  /** Writes the dossier's fact `crf_recus`: every exercise of the dossier has its report, received. */
  async function writeAllReceived(tx: DbTransaction, dossierId: string) {
    const source = await sourceOf(dossierId, tx);
    const states = await repository.statesOf(tx, dossierId);
    const all = exercisesOf(source).every((exercice) => states.some((s) => s.exercice === exercice && s.etat === '5'));
    await repository.setCrfRecus(tx, dossierId, all);
  }

  return {
    crfTarget,

    /** The report of the exercise: the existing one (FETCHED), or a new one cloned from the dossier (CLONED, association side only). */
    async open(claims: AuthClaims, scope: DossierScope, exercice: number): Promise<{ outcome: CrfOutcome; message: string; crf: CrfView }> {
      const existing = await repository.findByExercice(scope.dossierId, exercice);
      if (existing) return { outcome: 'FETCHED', message: CRF_MESSAGES.fetched(exercice), crf: await view(claims, scope, existing) };
      if (scope.side !== 'association') throw appError('CRF_NOT_FOUND');
      const source = await sourceOf(scope.dossierId);
      if (source.deletedAt || !isGranted(source)) throw appError('CRF_DOSSIER_NOT_GRANTED');
      const years = exercisesOf(source);
      if (!years.includes(exercice)) throw appError('CRF_EXERCICE_INVALID', { from: years[0]!, to: years[years.length - 1]! });
      // The service it goes to: the referent service among those that granted the dossier.
      const service = source.instructions.find((i) => (GRANTED_STATES as readonly string[]).includes(i.etat))!;
      const created = await repository.transaction(async (tx) => {
        const id = await repository.create(tx, {
          id: randomUUID(), dossierId: source.id, associationId: source.associationId, serviceId: service.serviceId, exercice,
          budgetPrevu: plannedBudget(source, exercice) as object, cofinancements: clonedCofinancements(source),
          idRepresentantLegal: source.idRepresentantLegal, idSignataire: source.idSignataire, customs: [],
        }, source.projets.map((p) => clonedProjet(p, exercice)));
        if (id) {
          await audit.record(tx, {
            associationId: source.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'crf', entityId: id, action: 'creer',
            before: null, after: { dossier: source.id, exercice },
          });
        }
        return id;
      });
      // Another call created it meanwhile: it is the one answered.
      const row = (await repository.findByExercice(scope.dossierId, exercice))!;
      return created
        ? { outcome: 'CLONED', message: CRF_MESSAGES.cloned(exercice), crf: await view(claims, scope, row, source) }
        : { outcome: 'FETCHED', message: CRF_MESSAGES.fetched(exercice), crf: await view(claims, scope, row, source) };
    },

    async get(claims: AuthClaims, scope: DossierScope, crfId: string): Promise<CrfView> {
      return view(claims, scope, await load(scope, crfId));
    },

    /** What the PDF of the report draws (Cerfa 15059): its view as the caller reads it, the association and the signatories' names. */
    async pdfData(claims: AuthClaims, scope: DossierScope, crfId: string): Promise<CrfPdfData> {
      const row = await load(scope, crfId);
      const crf = await view(claims, scope, row);
      const ids = [row.idRepresentantLegal, row.idSignataire].filter((id): id is string => id !== null);
      const [association, persons] = await Promise.all([repository.association(row.associationId), ids.length > 0 ? repository.persons(row.associationId, ids) : []]);
      const nameOf = (id: string | null) => {
        const p = persons.find((x) => x.id === id);
        return p ? [p.civilite, p.prenom, p.nom].filter(Boolean).join(' ') : null;
      };
      return {
        kind: 'crf', crf,
        association: { nom: association?.nom ?? '', idRna: association?.idRna ?? null, idSiren: association?.idSiren ?? null, idSiret: association?.idSiretSiege ?? null },
        representant: nameOf(row.idRepresentantLegal), signataire: nameOf(row.idSignataire),
      };
    },

    /** The association saves the report's own parts (spec §5 documents rules checked here). */
    async update(claims: AuthClaims, scope: DossierScope<'write'>, crfId: string, body: CrfInput): Promise<CrfView> {
      const fired = await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, scope, crfId);
        let documents: object[] | undefined;
        if (body.documents) {
          const checked = checkDocuments(body.documents, currentYear());
          if ('motif' in checked) throw invalid(checked.motif);
          const uuids = [...new Set(checked.documents.map((d) => d.uuid))];
          if ((await repository.documentsOf(row.associationId, uuids)).length !== uuids.length) throw invalid("Un des documents n'appartient pas à l'association.");
          documents = checked.documents;
        }
        const persons = [body.demandeur?.id_representant_legal, body.demandeur?.id_signataire].filter((id): id is string => typeof id === 'string');
        if (persons.length > 0 && (await repository.representants(row.associationId, [...new Set(persons)])).length !== new Set(persons).size) {
          throw invalid("La personne choisie n'est pas un représentant légal de l'association.");
        }
        const realise = body.budgetCrf?.realise;
        await repository.update(tx, row.id, {
          ...(body.description?.montant_realise !== undefined ? { montantRealise: body.description.montant_realise } : {}),
          ...(body.description?.commentaire !== undefined ? { commentaire: body.description.commentaire } : {}),
          ...(body.moyens ? { moyens: merged(row.moyens, body.moyens) } : {}),
          ...(body.beneficiaire ? { beneficiaire: body.beneficiaire } : {}),
          ...(body.evaluation ? { evaluation: merged(row.evaluation, body.evaluation) } : {}),
          ...(body.cofinancements ? { cofinancements: body.cofinancements } : {}),
          ...(realise ? { budgetRealise: merged(row.budgetRealise, realise) } : {}),
          ...(body.budgetCrf?.commentaire_ecarts !== undefined ? { commentaireEcarts: body.budgetCrf.commentaire_ecarts } : {}),
          ...(body.customs ? { customs: body.customs } : {}),
          ...(body.attestation !== undefined ? { attestation: body.attestation ?? undefined } : {}),
          ...(body.isRealised !== undefined ? { isRealised: body.isRealised } : {}),
          ...(body.isReported !== undefined ? { isReported: body.isReported } : {}),
          ...(body.demandeur?.id_representant_legal !== undefined ? { idRepresentantLegal: body.demandeur.id_representant_legal } : {}),
          ...(body.demandeur?.id_signataire !== undefined ? { idSignataire: body.demandeur.id_signataire } : {}),
          ...(documents ? { documents } : {}),
        });
        return saved(tx, claims, row, Object.keys(body));
      });
      if (fired) await workflow.flushMails([fired]);
      return view(claims, scope, await load(scope, crfId));
    },

    /** The association saves one project's realised part; each line named must be one of the project's lines of the exercise. */
    async updateProjet(claims: AuthClaims, scope: DossierScope<'write'>, crfId: string, projetId: string, body: CrfProjetInput): Promise<CrfView> {
      const fired = await repository.transaction(async (tx) => {
        const row = await lockEditable(tx, scope, crfId);
        const part = row.projets.find((p) => p.projetId === projetId);
        if (!part) throw appError('PROJET_NOT_FOUND');
        const lines = asArray(part.financements);
        for (const f of body.financements ?? []) {
          const line = lines.find((l) => l.annee === f.annee && l.id_service_instructeur === f.id_service_instructeur);
          if (!line) throw invalid(CRF_MESSAGES.lineNotOfProjet(f.annee));
          line.montant_realise = f.montant_realise;
        }
        const evaluation = asObject(part.evaluation);
        const indicateurs = asArray(evaluation.indicateurs);
        for (const i of body.evaluation?.indicateurs ?? []) {
          const indicateur = indicateurs.find((x) => x.rang === i.rang);
          if (!indicateur) throw invalid(`Indicateur ${i.rang} : il n'existe pas dans ce projet.`);
          indicateur.realise = i.realise;
        }
        const d = body.description;
        // The realised dates may leave the dossier's years (an action put off), not end before they start.
        const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
        const debut = d?.date_debut !== undefined ? d.date_debut : day(part.dateDebut);
        const fin = d?.date_fin !== undefined ? d.date_fin : day(part.dateFin);
        if (debut && fin && fin < debut) throw invalid(SUBSIDY_MESSAGES.projectEndsBeforeStart);
        await repository.upsertProjet(tx, crfId, projetId, {
          ...(body.isRealised !== undefined ? { isRealised: body.isRealised } : {}),
          ...(body.isReported !== undefined ? { isReported: body.isReported } : {}),
          ...(d?.montant_realise !== undefined ? { montantRealise: d.montant_realise } : {}),
          ...(d?.date_debut !== undefined ? { dateDebut: d.date_debut === null ? null : new Date(d.date_debut) } : {}),
          ...(d?.date_fin !== undefined ? { dateFin: d.date_fin === null ? null : new Date(d.date_fin) } : {}),
          ...(d?.commentaire !== undefined ? { commentaire: d.commentaire } : {}),
          ...(body.moyens ? { moyens: merged(part.moyens, body.moyens) } : {}),
          ...(body.beneficiaire ? { beneficiaire: body.beneficiaire } : {}),
          evaluation: { ...evaluation, indicateurs, ...(body.evaluation?.commentaire !== undefined ? { commentaire: body.evaluation.commentaire } : {}) },
          financements: lines as object[],
        });
        return saved(tx, claims, row, Object.keys(body).map((k) => `projet.${k}`));
      });
      if (fired) await workflow.flushMails([fired]);
      return view(claims, scope, await load(scope, crfId));
    },

    /** The association transmits (2, 3 → 4) when nothing misses; the service is mailed, the other members notified. */
    async transmit(claims: AuthClaims, scope: DossierScope<'write'>, crfId: string): Promise<CrfView> {
      const fired = await repository.transaction(async (tx) => {
        await load(scope, crfId, tx);
        await repository.lock(tx, crfId);
        const row = await load(scope, crfId, tx);
        // A report the machine does not let go from here answers its own refusal (409 wrong state).
        if (row.etat === '2' || row.etat === '3') {
          const missing = missingBeforeTransmission(row, (await sourceOf(scope.dossierId, tx)).projets);
          if (missing.length > 0) throw appError('CRF_NOT_TRANSMITTABLE', { manquants: missing });
        }
        return workflow.fireIn(tx, { target: crfTarget, objectId: crfId, event: 'transmettre', claims });
      });
      await workflow.flushMails([fired]);
      return view(claims, scope, await load(scope, crfId));
    },

    /** The service receives the report (4 → 5) or sends it back with a comment (4 → 3); the members are notified and mailed. */
    async fireEvent(claims: AuthClaims, scope: DossierScope, crfId: string, body: CrfEvent): Promise<CrfView> {
      await load(scope, crfId);
      const fired = await repository.transaction(async (tx) => {
        const transition = await workflow.fireIn(tx, { target: crfTarget, objectId: crfId, event: body.event, claims, comment: body.comment || null });
        if (body.event === 'receptionner') await writeAllReceived(tx, scope.dossierId);
        return transition;
      });
      await workflow.flushMails([fired]);
      return view(claims, scope, await load(scope, crfId));
    },

    /**
     * The reports the caller's associations (those they are a member of) still owe: for each granted dossier (not deleted), each
     * finished exercise whose report is absent or not yet transmitted (states 1, 2, 3).
     */
    async missing(claims: AuthClaims): Promise<MissingCrf[]> {
      const dossiers = await repository.grantedDossiersOf(claims.userId, GRANTED_STATES);
      const year = currentYear();
      return dossiers.flatMap((d) =>
        exercisesOf(d)
          .filter((exercice) => exercice < year)
          .flatMap((exercice) => {
            const crf = d.crfs.find((c) => c.exercice === exercice);
            if (crf && !EDITABLE_CRF_STATES.includes(crf.etat as CrfState)) return [];
            return [{ id_dossier: d.id, id_fo: d.idFo, id_association: d.associationId, nom: d.nom, exercice, id_crf: crf?.id ?? null, etat: (crf?.etat as CrfState | undefined) ?? null, message: CRF_MESSAGES.notTransmitted(exercice) }];
          }),
      );
    },
  };
}
export type CrfService = ReturnType<typeof createCrfService>;
