// The contract's view of a financial report (subsidies/crf-routes.ts): its parts, what the crf
// machine lets the caller do, and the mode forced by its editability (spec §2).
import { CRF_DOCUMENT_STATES, crfMachine, optionsOf, type CrfBudgetLines, type CrfState, type CrfView, type MachineActor } from '@portail/contract';
import type { DossierScope } from '../../../http/resource-scope.ts';
import { budgetLines } from '../projets/index.ts';
import type { CrfRow, CrfSourceRow } from './repository.ts';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());
const day = (value: Date | null) => (value === null ? null : value.toISOString().slice(0, 10));

const moyensOf = (value: unknown) => {
  const m = asObject(value);
  return {
    commentaire: (m.commentaire as string | null | undefined) ?? null,
    recrutement_specifique: (m.recrutement_specifique as boolean | null | undefined) ?? null,
    recrutement_nb_etpt: (m.recrutement_nb_etpt as number | null | undefined) ?? null,
  };
};
const evaluationOf = (value: unknown) => {
  const e = asObject(value);
  return {
    indicateurs: asArray(e.indicateurs).map((i) => ({
      rang: Number(i.rang), intitule: (i.intitule as string | null) ?? null, prevu_min: (i.prevu_min as number | null) ?? null, prevu_max: (i.prevu_max as number | null) ?? null, realise: (i.realise as number | null) ?? null,
    })),
    commentaire: (e.commentaire as string | null | undefined) ?? null,
  };
};
const beneficiaireOf = (value: unknown) =>
  asArray(value).map((b) => ({
    id_statut: (b.id_statut as string | null) ?? null, lib_statut: (b.lib_statut as string | null) ?? null,
    id_tranche_age: (b.id_tranche_age as string | null) ?? null, lib_tranche_age: (b.lib_tranche_age as string | null) ?? null,
    id_genre: (b.id_genre as string | null) ?? null, lib_genre: (b.lib_genre as string | null) ?? null, nombre: (b.nombre as number | null) ?? null,
  }));
/** A stored budget's lines with the empty groups by default, read as a project's budget is. */
const budgetOf = (value: unknown): CrfBudgetLines => {
  const b = asObject(value);
  return budgetLines({ charges: b.charges, produits: b.produits, contributions: b.contributions }) as CrfBudgetLines;
};

/** How the crf machine's guards see the report. */
export const crfSubject = (row: Pick<CrfRow, 'etat' | 'associationId' | 'serviceId'>) => ({ state: row.etat, associationId: row.associationId, serviceId: row.serviceId });

/** The caller as the machine sees them on this dossier (its association, or the services it reaches). */
export const crfActor = (userId: string, roles: readonly string[], scope: Pick<DossierScope, 'side' | 'associationId' | 'serviceIds'>): MachineActor => ({
  id: userId, roles, associationIds: scope.side === 'association' ? [scope.associationId] : [], serviceIds: scope.serviceIds,
});

export interface CrfViewInput {
  row: CrfRow;
  /** The dossier's projects (rank, title) and their lines, for the granted amounts. */
  source: CrfSourceRow;
  actor: MachineActor;
  side: 'association' | 'service';
  documentNames: ReadonlyMap<string, string>;
  updatedByName: string | null;
  sentBackComment: string | null;
}

export function toCrfView({ row, source, actor, side, documentNames, updatedByName, sentBackComment }: CrfViewInput): CrfView {
  const options = optionsOf(crfMachine, crfSubject(row), actor);
  const etat = row.etat as CrfState;
  const granted = new Map(source.projets.flatMap((p) => p.financements.filter((f) => f.annee === row.exercice).map((f) => [`${p.id}:${f.annee}:${f.serviceId}`, num(f.montantAccorde)] as const)));
  const projets = source.projets.flatMap((projet) => {
    const part = row.projets.find((p) => p.projetId === projet.id);
    if (!part) return [];
    return [{
      id: projet.id,
      rang_dossier: projet.rangDossier,
      intitule: projet.intitule,
      isRealised: part.isRealised,
      isReported: part.isReported,
      description: { montant_realise: num(part.montantRealise), date_debut: day(part.dateDebut), date_fin: day(part.dateFin), commentaire: part.commentaire },
      moyens: moyensOf(part.moyens),
      beneficiaire: beneficiaireOf(part.beneficiaire),
      evaluation: evaluationOf(part.evaluation),
      financements: asArray(part.financements).map((f) => ({
        annee: Number(f.annee),
        id_service_instructeur: String(f.id_service_instructeur),
        montant_accorde: granted.get(`${projet.id}:${Number(f.annee)}:${String(f.id_service_instructeur)}`) ?? null,
        montant_realise: (f.montant_realise as number | null) ?? null,
      })),
    }];
  });
  const financements = projets.flatMap((p) => p.financements.map((f) => ({ projet: p.id, ...f })));
  // The service reads the documents once the report was transmitted to it (CRF_DOCUMENT_STATES).
  const documentsShown = side === 'association' || CRF_DOCUMENT_STATES.includes(etat);
  return {
    id: row.id,
    identifiant: { id_dossier: row.dossierId, id_fo: row.dossier.idFo },
    exercice: row.exercice,
    etat,
    etat_libelle: crfMachine.states[etat].label,
    description: { montant_accorde: financements.reduce((sum, f) => sum + (f.montant_accorde ?? 0), 0), montant_realise: num(row.montantRealise), commentaire: row.commentaire },
    moyens: moyensOf(row.moyens),
    beneficiaire: beneficiaireOf(row.beneficiaire),
    evaluation: evaluationOf(row.evaluation),
    financements,
    cofinancements: asArray(row.cofinancements).map((c) => ({ financeur: String(c.financeur), montant: (c.montant as number | null) ?? null, montant_obtenu: (c.montant_obtenu as number | null) ?? null })),
    budgetCrf: { prevu: budgetOf(row.budgetPrevu), realise: budgetOf(row.budgetRealise), commentaire_ecarts: row.commentaireEcarts },
    customs: asArray(row.customs).map((c) => ({ code: String(c.code), value: c.value })),
    projets,
    attestation: row.attestation === null ? null : (row.attestation as CrfView['attestation']),
    isRealised: row.isRealised,
    isReported: row.isReported,
    demandeur: { id_representant_legal: row.idRepresentantLegal, id_signataire: row.idSignataire },
    documents: documentsShown
      ? asArray(row.documents).map((d) => ({ code: String(d.code), uuid: String(d.uuid), annee_validite: (d.annee_validite as number | null) ?? null, ...(documentNames.has(String(d.uuid)) ? { nom: documentNames.get(String(d.uuid))! } : {}) }))
      : [],
    updatedBy: row.updatedById ? { id: row.updatedById, identifiant: updatedByName, type: (row.updatedByType ?? 'association') as 'association' | 'service' } : null,
    ...(etat === '3' && sentBackComment ? { commentaire: sentBackComment } : {}),
    mode: options.actions.includes('modifier') ? 'edit' : 'read',
    options: { events: [...options.events].sort(), actions: [...options.actions].sort() },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
