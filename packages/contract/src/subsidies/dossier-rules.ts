// Rules of the dossier wizard and of transmission (docs/domain.md « Dossiers de subvention »): what
// each step needs, and what is still missing before the association may transmit.
import { checkAnswers, type AnswerDefinition } from './answers.ts';
import { evaluateAsks, type AskContext, type ExpectedItem } from './asks.ts';
import { SUBSIDY_MESSAGES } from './messages.ts';
import { checkProject } from './projet-rules.ts';
import type { Dossier } from './schemas.ts';

type DossierForRules = Pick<Dossier, 'identifiant' | 'description' | 'demandeur' | 'projets' | 'documents' | 'attestation'>;

/**
 * Whether the wizard may go on to `step`. Step 3 (and 4) needs the end year, the multi-year and
 * renewal answers and the statut « complet » (spec §4), with the message of the specification.
 */
export function checkStep(dossier: Pick<Dossier, 'description'>, step: number): { ok: true } | { ok: false; message: string } {
  if (step < 3) return { ok: true };
  const d = dossier.description;
  const complete = d.exercice_fin !== null && d.pluriannuel !== null && d.renouvellement !== null && d.statut === 'complet';
  return complete ? { ok: true } : { ok: false, message: SUBSIDY_MESSAGES.dossierIncomplete };
}

export interface ExpectedQuestion {
  code: string;
  label: string;
  obligatoire: boolean;
  /** booleen or texte (questions-routes.ts): the answer is checked by it. */
  type?: string;
}

export interface Missing {
  kind: 'etape' | 'demandeur' | 'attestation' | 'projet' | 'question' | 'champ' | 'document' | 'reponse';
  code: string;
  label: string;
}

const answered = (customs: readonly { code: string; value: unknown }[], code: string) =>
  customs.some((c) => c.code === code && c.value !== null && c.value !== undefined && c.value !== '' && !(Array.isArray(c.value) && c.value.length === 0));

/**
 * What the customs may answer: the dossier's, the questions and the expected fields of part dossier;
 * a project's, the expected fields of part projet.
 */
export function answerDefinitions(expected: { questions: readonly ExpectedQuestion[]; champs: readonly ExpectedItem[] }): { dossier: AnswerDefinition[]; projet: AnswerDefinition[] } {
  const champ = (part: string) =>
    expected.champs.filter((c) => c.part === part).map((c) => ({ code: c.code, label: c.label, type: c.type ?? 'text', meta: c.meta ?? null }));
  return {
    dossier: [...expected.questions.map((q) => ({ code: q.code, label: q.label, type: q.type ?? 'text' })), ...champ('dossier')],
    projet: champ('projet'),
  };
}

/** The scopes conditions read: the dossier itself, its description and demandeur. */
export const dossierAskContext = (dossier: DossierForRules, extra: Record<string, unknown> = {}): AskContext => ({
  scopes: { dossier, description: dossier.description, demandeur: dossier.demandeur, ...extra },
  tca: dossier.description.couplage_tca,
});

/**
 * What is missing before transmission: the complete wizard, the applicant, at least one valid
 * project, the attestation, the required questions (answered in the dossier's customs), the
 * required expected fields shown for the dossier (dossier customs) and for each project (its
 * customs), and the required expected documents shown (attached by code). Empty: transmissible.
 */
export function missingForTransmission(
  dossier: DossierForRules,
  expected: { questions: readonly ExpectedQuestion[]; champs: readonly ExpectedItem[]; documents: readonly ExpectedItem[] },
  extraScopes: Record<string, unknown> = {},
): Missing[] {
  const missing: Missing[] = [];
  const step = checkStep(dossier, 3);
  if (!step.ok) missing.push({ kind: 'etape', code: 'statut', label: step.message });
  const { demandeur } = dossier;
  for (const [code, label] of [
    ['id_siret', "l'établissement demandeur"],
    ['id_representant_legal', 'le représentant légal'],
    ['id_signataire', 'le signataire'],
    ['id_rib', 'le RIB'],
  ] as const) {
    if (!demandeur[code]) missing.push({ kind: 'demandeur', code, label });
  }
  if (dossier.projets.length === 0) missing.push({ kind: 'projet', code: 'projets', label: 'au moins un projet' });
  const period = { exercice: dossier.description.exercice, exercice_fin: dossier.description.exercice_fin ?? dossier.description.exercice };
  for (const projet of dossier.projets) {
    if (checkProject(projet, period).length > 0)
      missing.push({ kind: 'projet', code: projet.id, label: `le projet ${projet.description.rang_dossier} à compléter` });
  }
  if (!dossier.attestation?.certifie) missing.push({ kind: 'attestation', code: 'attestation', label: "l'attestation sur l'honneur" });

  const customs = dossier.description.customs;
  for (const question of expected.questions) {
    if (question.obligatoire && !answered(customs, question.code)) missing.push({ kind: 'question', code: question.code, label: question.label });
  }
  // Stored answers are checked again by their type: a value written before a rule existed is not sent.
  const definitions = answerDefinitions(expected);
  const invalid = (list: readonly { code: string }[], defs: readonly AnswerDefinition[], suffix: string) => {
    const problems = checkAnswers(list as { code: string; value: unknown }[], defs);
    for (const key of Object.keys(problems)) {
      const code = key.slice('customs.'.length);
      missing.push({ kind: 'reponse', code, label: `${SUBSIDY_MESSAGES.invalidAnswer(defs.find((d) => d.code === code)?.label ?? code)}${suffix}` });
    }
  };
  invalid(customs, definitions.dossier, '');
  for (const projet of dossier.projets) invalid(projet.customs ?? [], definitions.projet, ` (projet ${projet.description.rang_dossier})`);
  const context = dossierAskContext(dossier, extraScopes);
  const required = (item: ExpectedItem, ctx: AskContext) => item.enabled && item.obligatoire && evaluateAsks(item.asks, ctx);
  for (const champ of expected.champs) {
    if (champ.part === 'dossier' && required(champ, context) && !answered(customs, champ.code))
      missing.push({ kind: 'champ', code: champ.code, label: champ.label });
    if (champ.part !== 'projet') continue;
    for (const projet of dossier.projets) {
      const projectContext = { ...context, scopes: { ...context.scopes, projet } };
      if (required(champ, projectContext) && !answered(projet.customs, champ.code))
        missing.push({ kind: 'champ', code: champ.code, label: `${champ.label} (projet ${projet.description.rang_dossier})` });
    }
  }
  const attached = new Set(dossier.documents.map((d) => d.code));
  for (const document of expected.documents) {
    if (document.part === 'dossier' && required(document, context) && !attached.has(document.code))
      missing.push({ kind: 'document', code: document.code, label: document.label });
  }
  return missing;
}
