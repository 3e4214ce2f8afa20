// What the association types of a financial report, as strings where a person types numbers, and
// the bodies of PUT …/crf/{id} and PUT …/crf/{id}/projects/{id} read from it (checked with the
// contract's schemas before they go; field errors keyed like the form's fields). Pure.
import {
  CRF_DOCUMENT_CODES,
  crfInputSchema,
  crfProjetInputSchema,
  MESSAGES,
  SUBSIDY_MESSAGES,
  type CrfBudgetLines,
  type CrfInput,
  type CrfProjetInput,
  type CrfView,
} from '@portail/contract';
import { amountText, parseAmount } from '../../../lib/format/amount.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../../lib/forms/field-errors.ts';
import { accountsYears } from './crf-documents.ts';

type YesNo = '' | 'oui' | 'non';

export interface AttachedCrfDocument {
  uuid: string;
  nom?: string | undefined;
}

export interface CrfProjetDraft {
  id: string;
  isRealised: YesNo;
  montant_realise: string;
  commentaire: string;
  /** The realised amount of each financing line, in the order of the view's lines. */
  lines: string[];
  indicateurs: { rang: number; realise: string }[];
  date_debut: string;
  date_fin: string;
  moyens_commentaire: string;
  recrutement_specifique: YesNo;
  recrutement_nb_etpt: string;
  /** The publics the project reached (cloned from the dossier, corrected by the association). */
  beneficiaire: CrfView['projets'][number]['beneficiaire'];
}

/** Another funder of the action: what it was asked and what it gave, as typed. */
export interface CrfCofinancementDraft {
  financeur: string;
  montant: string;
  montant_obtenu: string;
}

export interface CrfDraft {
  montant_realise: string;
  commentaire: string;
  isRealised: YesNo;
  isReported: YesNo;
  realise: CrfBudgetLines;
  commentaire_ecarts: string;
  evaluation: string;
  id_representant_legal: string;
  id_signataire: string;
  documents: Partial<Record<string, AttachedCrfDocument>>;
  accountsYear: number;
  certifie: boolean;
  cofinancements: CrfCofinancementDraft[];
  projets: CrfProjetDraft[];
}

const yesNo = (value: boolean | null): YesNo => (value === null ? '' : value ? 'oui' : 'non');
const fromYesNo = (value: YesNo) => (value === '' ? null : value === 'oui');
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function draftOf(crf: CrfView, today: Date = new Date()): CrfDraft {
  const comptes = crf.documents.find((d) => d.code === CRF_DOCUMENT_CODES.comptesAnnuels);
  return {
    montant_realise: amountText(crf.description.montant_realise),
    commentaire: crf.description.commentaire ?? '',
    isRealised: yesNo(crf.isRealised),
    isReported: yesNo(crf.isReported),
    realise: crf.budgetCrf.realise,
    commentaire_ecarts: crf.budgetCrf.commentaire_ecarts ?? '',
    evaluation: crf.evaluation.commentaire ?? '',
    id_representant_legal: crf.demandeur.id_representant_legal ?? '',
    id_signataire: crf.demandeur.id_signataire ?? '',
    documents: Object.fromEntries(crf.documents.map((d) => [d.code, { uuid: d.uuid, nom: d.nom }])),
    // The previous year unless the accounts attached are of the one before (spec §9).
    accountsYear: comptes?.annee_validite ?? accountsYears(today)[0],
    certifie: crf.attestation?.certifie ?? false,
    cofinancements: crf.cofinancements.map((c) => ({ financeur: c.financeur, montant: amountText(c.montant), montant_obtenu: amountText(c.montant_obtenu) })),
    projets: crf.projets.map((p) => ({
      id: p.id,
      isRealised: yesNo(p.isRealised),
      montant_realise: amountText(p.description.montant_realise),
      commentaire: p.description.commentaire ?? '',
      lines: p.financements.map((f) => amountText(f.montant_realise)),
      indicateurs: p.evaluation.indicateurs.map((i) => ({ rang: i.rang, realise: i.realise == null ? '' : String(i.realise) })),
      date_debut: p.description.date_debut ?? '',
      date_fin: p.description.date_fin ?? '',
      moyens_commentaire: p.moyens.commentaire ?? '',
      recrutement_specifique: yesNo(p.moyens.recrutement_specifique),
      recrutement_nb_etpt: p.moyens.recrutement_nb_etpt == null ? '' : String(p.moyens.recrutement_nb_etpt),
      beneficiaire: p.beneficiaire,
    })),
  };
}

/** The field id each key of the form's errors leads to. */
export function crfFieldId(key: string): string {
  return `crf-${key.replace(/\./g, '-')}`;
}

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

function amount(value: string, key: string, label: string, errors: FieldErrors): number | null {
  const parsed = parseAmount(value);
  if (Number.isNaN(parsed)) errors[key] = MESSAGES.badFormat(label);
  return parsed === null || Number.isNaN(parsed) ? null : parsed;
}

/**
 * The report's body and each project's, or the problems found (keys: `montant_realise`,
 * `cofinancements.<i>.<field>`, `projets.<i>.lines.<j>`, `projets.<i>.montant_realise`,
 * `projets.<i>.indicateurs.<j>`, `projets.<i>.date_fin`, `projets.<i>.recrutement_nb_etpt`,
 * `projets.<i>.beneficiaire.<j>.<field>`).
 */
export function crfBodies(crf: CrfView, draft: CrfDraft): Checked<{ crf: CrfInput; projets: { id: string; body: CrfProjetInput }[] }> {
  const errors: FieldErrors = {};
  const montant = amount(draft.montant_realise, 'montant_realise', 'montant réalisé', errors);
  const attached = Object.entries(draft.documents).filter((entry): entry is [string, AttachedCrfDocument] => entry[1] !== undefined);
  const raw: CrfInput = {
    description: { montant_realise: montant, commentaire: orNull(draft.commentaire) },
    isRealised: fromYesNo(draft.isRealised),
    isReported: fromYesNo(draft.isReported),
    budgetCrf: { realise: draft.realise, commentaire_ecarts: orNull(draft.commentaire_ecarts) },
    evaluation: { commentaire: orNull(draft.evaluation) },
    demandeur: { id_representant_legal: orNull(draft.id_representant_legal), id_signataire: orNull(draft.id_signataire) },
    documents: attached.map(([code, d]) => ({ code, uuid: d.uuid, ...(code === CRF_DOCUMENT_CODES.comptesAnnuels ? { annee_validite: draft.accountsYear } : {}) })),
    cofinancements: draft.cofinancements.map((c, i) => ({
      financeur: c.financeur.trim(),
      montant: amount(c.montant, `cofinancements.${i}.montant`, 'montant sollicité', errors),
      montant_obtenu: amount(c.montant_obtenu, `cofinancements.${i}.montant_obtenu`, 'montant obtenu', errors),
    })),
    attestation: draft.certifie ? { ...crf.attestation, certifie: true, date: crf.attestation?.date ?? new Date().toISOString() } : { certifie: false },
  };
  const projets = draft.projets.map((p, i) => {
    const view = crf.projets.find((v) => v.id === p.id)!;
    const body: CrfProjetInput = {
      isRealised: fromYesNo(p.isRealised),
      description: {
        montant_realise: amount(p.montant_realise, `projets.${i}.montant_realise`, 'montant réalisé du projet', errors),
        date_debut: orNull(p.date_debut),
        date_fin: orNull(p.date_fin),
        commentaire: orNull(p.commentaire),
      },
      moyens: {
        commentaire: orNull(p.moyens_commentaire),
        recrutement_specifique: fromYesNo(p.recrutement_specifique),
        recrutement_nb_etpt: p.recrutement_specifique === 'oui' ? amount(p.recrutement_nb_etpt, `projets.${i}.recrutement_nb_etpt`, 'ETPT', errors) : null,
      },
      beneficiaire: p.beneficiaire,
      financements: view.financements.map((f, j) => ({
        annee: f.annee,
        id_service_instructeur: f.id_service_instructeur,
        montant_realise: amount(p.lines[j] ?? '', `projets.${i}.lines.${j}`, 'montant réalisé', errors),
      })),
      evaluation: {
        indicateurs: p.indicateurs.map((ind, j) => ({ rang: ind.rang, realise: amount(ind.realise, `projets.${i}.indicateurs.${j}`, 'valeur réalisée', errors) })),
      },
    };
    // As the server says it (crf/service.ts): the realised dates may not end before they start.
    if (p.date_debut && p.date_fin && p.date_fin < p.date_debut) errors[`projets.${i}.date_fin`] = SUBSIDY_MESSAGES.projectEndsBeforeStart;
    return { id: p.id, body };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = crfInputSchema.safeParse(raw);
  if (!checked.success) return { ok: false, errors: issuesToFieldErrors(checked.error) };
  for (const [i, p] of projets.entries()) {
    const one = crfProjetInputSchema.safeParse(p.body);
    if (!one.success) return { ok: false, errors: Object.fromEntries(Object.entries(issuesToFieldErrors(one.error)).map(([k, m]) => [`projets.${i}.${k}`, m])) };
  }
  return { ok: true, body: { crf: checked.data, projets } };
}
