// A project as the editor holds it (the part the API takes), laid on its dossier (realignProject:
// period, one financing line per year and service, one budget per year), a new one with its
// recurrence from the dossier's renewal answer, and the checks run before sending (the server's
// own: checkProject, the scheme's required fields, the title) keyed as the server keys its fields.
import {
  checkProject,
  checkProjectLines,
  cofinancementLineSchema,
  dossierEndYear,
  MESSAGES,
  realignProject,
  recurrenceOfDossier,
  territoireLineSchema,
  type Dossier,
  type Projet,
  type Subvention,
  type SubsidyBudget,
} from '@portail/contract';
import type { ZodType } from 'zod';
import { customValue } from '../../expected-items.ts';

/** The part of a project the editor sends (the server sets id, rang and number). */
export type ProjectDraft = Omit<Projet, 'id' | 'need_validation' | 'description'> & {
  id?: string;
  description: Omit<Projet['description'], 'rang_dossier' | 'numero_projet'> & { rang_dossier?: number; numero_projet?: string | null };
};

const emptyBudget = (annee: number): SubsidyBudget => ({ annee, exerciceDu: null, exerciceAu: null, charges: { comptes: {}, charges_fixes: {} }, produits: { comptes: {}, ressources_propres: {} }, contributions: {} });

/** The project laid on the dossier's years: period, one financing line per year and service, one budget per year. */
export function alignOnDossier(projet: ProjectDraft, dossier: Dossier, subvention: Subvention): ProjectDraft {
  const services = subvention.instructeurs.map((i) => i.service.id);
  const aligned = realignProject(
    { exercice: dossier.description.exercice, exercice_fin: dossier.description.exercice_fin, pluriannuel: dossier.description.pluriannuel },
    { periode: projet.description.periode, exercice: projet.description.exercice, exercice_fin: projet.description.exercice_fin },
    services,
    subvention.dispositif.duree_pluriannuelle,
  );
  return {
    ...projet,
    description: {
      ...projet.description,
      // Not answered for this project: the dossier's answer to « renouvellement ».
      recurrence: projet.description.recurrence ?? recurrenceOfDossier(dossier.description.renouvellement),
      periode: aligned.periode,
      exercice: aligned.exercice,
      exercice_fin: aligned.exercice_fin,
    },
    financements: aligned.financements.map(
      (line) =>
        projet.financements.find((f) => f.annee === line.annee && f.id_service_instructeur === line.id_service_instructeur) ?? {
          ...line,
          montant_demande: null,
          montant_propose: null,
          montant_accorde: null,
        },
    ),
    budgets: aligned.budgets.map(({ annee }) => projet.budgets.find((b) => b.annee === annee) ?? emptyBudget(annee)),
  };
}

export function newProject(dossier: Dossier, subvention: Subvention): ProjectDraft {
  return alignOnDossier(
    {
      description: {
        intitule: '',
        recurrence: recurrenceOfDossier(dossier.description.renouvellement),
        periode: dossier.description.pluriannuel ? 'Pluriannuel' : 'Annuel',
        date_debut: null,
        date_fin: null,
        objectifs: '',
        description: '',
        exercice: dossier.description.exercice,
        exercice_fin: dossier.description.exercice_fin ?? dossier.description.exercice,
        id_responsable: dossier.demandeur.id_responsable,
        demandeur_id_siret: dossier.demandeur.id_siret,
      },
      territoires: { commentaire: '', territoires: [] },
      beneficiaire: [],
      moyens: { commentaire: null, recrutement_specifique: false, recrutement_nb_etpt: null },
      evaluation: { indicateurs: [], commentaire: '' },
      financements: [],
      cofinancements: [],
      budgets: [],
      customs: [],
    },
    dossier,
    subvention,
  );
}

/** The draft key of a project of the dossier (a new one: « nouveau »). */
export const projectDraftKey = (stepKey: string, id: string | undefined) => `${stepKey}:projet-${id ?? 'nouveau'}`;

/**
 * The key of a problem of checkProject (indicators named by rank) as the editor keys its fields
 * (by position in the list, as the API's own field errors do).
 */
export function problemKey(field: string): string {
  const indicator = /^evaluation\.indicateurs\.(\d+)(\.intitule)?$/.exec(field);
  if (!indicator) return field;
  const index = Number(indicator[1]) - 1;
  return indicator[2] ? `evaluation.indicateurs.${index}.intitule` : `evaluation.indicateurs.${index}.prevu_min`;
}

/** The years a project of the dossier runs within (its dates are checked against them). */
export const dossierYears = (dossier: Dossier, subvention: Subvention) => ({
  exercice: dossier.description.exercice,
  exercice_fin: dossierEndYear(dossier.description, subvention.dispositif.duree_pluriannuelle),
});

/** The first problem of each field of a list line the line's schema refuses, keyed `prefix.field`. */
function lineProblems(schema: ZodType, line: unknown, prefix: string, found: Record<string, string>) {
  const parsed = schema.safeParse(line);
  for (const issue of parsed.error?.issues ?? []) found[[prefix, ...issue.path.map(String)].join('.')] ??= issue.message;
}

/**
 * What stops the project from being sent, by field key (the spec's §5 rules, as the server applies
 * them): dates within the dossier's years (`years`), each line once.
 */
export function projectProblems(
  projet: ProjectDraft,
  fields: readonly { code: string; label: string; required: boolean }[],
  years?: { exercice: number; exercice_fin: number },
): Record<string, string> {
  const found: Record<string, string> = {};
  if (!projet.description.intitule?.trim()) found['description.intitule'] = MESSAGES.pleaseFill('intitulé');
  for (const p of [...checkProject(projet, years), ...checkProjectLines(projet)]) found[problemKey(p.field)] ??= p.message;
  projet.beneficiaire.forEach((b, index) => {
    if (!b.lib_statut?.trim()) found[`beneficiaire.${index}.lib_statut`] = MESSAGES.pleaseFill(`public bénéficiaire ${index + 1}`);
  });
  // Territories and co-funders: the contract's schemas of a line, as the server checks them, the line numbered.
  projet.territoires.territoires.forEach((t, index) => lineProblems(territoireLineSchema(index + 1), t, `territoires.territoires.${index}`, found));
  projet.cofinancements.forEach((c, index) => lineProblems(cofinancementLineSchema(index + 1), c, `cofinancements.${index}`, found));
  for (const f of fields) if (f.required && (customValue(projet.customs, f.code) ?? '') === '') found[`custom-${f.code}`] = MESSAGES.pleaseFill(f.label);
  return found;
}

/** The id of the input of a field key in the editor of project `idp` (where the error summary leads). */
export function projectFieldId(idp: string, key: string): string {
  if (key.startsWith('description.')) return `${idp}-${key.slice('description.'.length)}`;
  if (key === 'moyens.recrutement_nb_etpt') return `${idp}-etpt`;
  if (key === 'evaluation.commentaire') return `${idp}-evaluation`;
  if (key.startsWith('custom-')) return `${idp}-${key}`;
  return `${idp}-${key.replace(/\./g, '-')}`;
}

/** A server field key as the editor keys it (`body.` already gone): indicators by rank become positions. */
export function projectKeyOfServer(key: string): string {
  return problemKey(key);
}
