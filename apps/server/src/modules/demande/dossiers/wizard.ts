// The wizard's steps 0-4 (spec §4, docs/domain.md « Dossiers de subvention »): what each step
// checks against the association file and writes on the dossier. Step 3 needs a complete dossier.
import {
  allowedEndYears,
  answerDefinitions,
  campaignClosedMessage,
  checkAnswers,
  checkStep,
  chosenEndYear,
  DOSSIER_MESSAGES,
  SUBSIDY_MESSAGES,
  toExpectedQuestion,
  type DureePluriannuelle,
  type dossierStepSchema,
} from '@portail/contract';
import type { z } from 'zod';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import { windowOf } from './campaign.ts';
import { toExpected } from './transmission.ts';
import type { DossierData, DossierRepository, DossierRow } from './repository.ts';

export type StepInput = z.infer<typeof dossierStepSchema>;

const bad = (motif: string) => appError('DOSSIER_INPUT_INVALID', { motif });
const dureeOf = (value: number | null): DureePluriannuelle | null => (value === 1 || value === 2 ? value : null);


/**
 * The subvention × sub-scheme × exercise of step 0 (or of creation): a campaign the association side
 * sees (an inactive one answers 404, as on read), open today (its dates and its sub-scheme's), the
 * campaign's own exercise, a sub-scheme of it (required when it has any), no twin. `exercice` null:
 * the campaign's.
 */
export async function checkScheme(
  tx: DbTransaction,
  repository: DossierRepository,
  input: { code: string; sousDispositifId: string | null; exercice: number | null; idSiret: string },
  exceptId?: string,
) {
  const found = await repository.findSubventionByCode(input.code);
  if (!found || !found.active) throw appError('SUBVENTION_NOT_FOUND');
  const exercice = input.exercice ?? found.campagneExercice;
  // Checked once held: a sub-scheme removed or a twin created meanwhile is seen (holdCampaign).
  await repository.holdCampaign(tx, { subventionId: found.id, exercice, idSiret: input.idSiret });
  const subvention = await repository.findSubventionByCode(input.code);
  if (!subvention || !subvention.active) throw appError('SUBVENTION_NOT_FOUND');
  if (input.sousDispositifId && !subvention.sousDispositifs.some((s) => s.sousDispositifId === input.sousDispositifId)) {
    throw bad(DOSSIER_MESSAGES.sousDispositifNotOfSubvention);
  }
  if (!input.sousDispositifId && subvention.sousDispositifs.length > 0) throw bad(SUBSIDY_MESSAGES.sousDispositifRequired);
  const window = windowOf(subvention, input.sousDispositifId);
  if (!window.open) throw appError('CAMPAIGN_CLOSED', { motif: campaignClosedMessage(window) });
  // The dossier's year is its campaign's (its number too: 2026-…).
  if (exercice !== subvention.campagneExercice) throw bad(SUBSIDY_MESSAGES.exerciceNotCampaign(subvention.campagneExercice));
  const twin = await repository.findTwin({ subventionId: subvention.id, sousDispositifId: input.sousDispositifId, exercice, idSiret: input.idSiret }, exceptId, tx);
  if (twin) throw dossierExists(twin);
  return { ...subvention, exercice };
}

/** The refusal of a second dossier for the same campaign, SIRET and year: it names the existing one, so the client can link to it. */
const dossierExists = (twin: { id: string; idFo: string }) => appError('DOSSIER_EXISTS').withDetails({ id_dossier: twin.id, id_fo: twin.idFo });

/** The establishment must be the association's (active), and visible to a secondary-establishment member. */
export async function checkEstablishment(repository: DossierRepository, associationId: string, siret: string, callerSiret: string | null) {
  const etablissement = await repository.establishment(associationId, siret);
  if (!etablissement || !etablissement.actif || (callerSiret !== null && callerSiret !== siret)) throw bad(DOSSIER_MESSAGES.siretNotOfAssociation);
  return etablissement;
}

/** The fields of the step and the copy `complet` of the instructions, after the step's checks. */
export async function planStep(
  tx: DbTransaction,
  repository: DossierRepository,
  row: DossierRow,
  input: StepInput,
  callerSiret: string | null,
): Promise<{ data: DossierData; complet?: boolean }> {
  const step = Math.max(row.step, input.step);
  switch (input.step) {
    case 0: {
      const code = input.code_subvention ?? row.subvention.code;
      const sousDispositifId = input.id_sous_type_dispositif === undefined ? row.sousDispositifId : input.id_sous_type_dispositif;
      const subvention = await checkScheme(tx, repository, { code, sousDispositifId, exercice: input.exercice ?? null, idSiret: row.idSiret ?? '' }, row.id);
      const { exercice } = subvention;
      // Another exercise or scheme: the end year follows, within the new span.
      const duree = dureeOf(subvention.dispositif.dureePluriannuelle);
      const exerciceFin = row.pluriannuel ? (chosenEndYear({ exercice, exercice_fin: row.exerciceFin, pluriannuel: true }, duree) ?? allowedEndYears(exercice, duree)[0]!) : row.exerciceFin === null ? null : exercice;
      return { data: { step, subventionId: subvention.id, dispositifId: subvention.dispositifId, sousDispositifId, exercice, exerciceFin } };
    }
    case 1: {
      const d = input.demandeur;
      const etablissement = await checkEstablishment(repository, row.associationId, d.id_siret, callerSiret);
      const people = [d.id_representant_legal, d.id_signataire, d.id_responsable].filter((id): id is string => id !== null);
      const found = new Set((await repository.representants(row.associationId, people)).map((r) => r.id));
      if (people.some((id) => !found.has(id))) throw bad(DOSSIER_MESSAGES.personNotRepresentant);
      if (d.id_rib) {
        const rib = await repository.rib(row.associationId, d.id_rib);
        if (!rib || rib.idSiret !== d.id_siret) throw bad(DOSSIER_MESSAGES.ribNotOfEstablishment);
      }
      if (d.id_siret !== row.idSiret) {
        await repository.holdCampaign(tx, { subventionId: row.subventionId, exercice: row.exercice, idSiret: d.id_siret });
        const twin = await repository.findTwin({ subventionId: row.subventionId, sousDispositifId: row.sousDispositifId, exercice: row.exercice, idSiret: d.id_siret }, row.id, tx);
        if (twin) throw dossierExists(twin);
      }
      return {
        data: {
          step,
          idSiret: d.id_siret,
          nom: d.nom ?? etablissement.association.nom,
          enseigne: d.enseigne ?? etablissement.enseigne,
          idRepresentantLegal: d.id_representant_legal,
          idSignataire: d.id_signataire,
          idResponsable: d.id_responsable,
          idRib: d.id_rib,
        },
      };
    }
    case 2: {
      // A multi-year dossier ends within its scheme's span (§9); an end year left out takes the span's first.
      const duree = dureeOf(row.dispositif.dureePluriannuelle);
      const allowed = allowedEndYears(row.exercice, duree);
      const kept = row.exerciceFin !== null && allowed.includes(row.exerciceFin) ? row.exerciceFin : null;
      const exerciceFin = chosenEndYear({ exercice: row.exercice, exercice_fin: input.exercice_fin ?? kept, pluriannuel: input.pluriannuel }, duree);
      if (exerciceFin === null) throw bad(SUBSIDY_MESSAGES.endYearOutOfSpan(allowed));
      if (input.customs !== undefined) {
        // Each answer by its type; an unknown code is refused (answers.ts).
        const expected = await repository.expectedOf(tx, row.subventionId);
        const problems = checkAnswers(input.customs, answerDefinitions({ questions: expected.questions.map(toExpectedQuestion), champs: expected.champs.map(toExpected) }).dossier);
        if (Object.keys(problems).length > 0) throw appError('VALIDATION_ERROR', { fields: problems });
      }
      return {
        data: {
          step,
          renouvellement: input.renouvellement,
          pluriannuel: input.pluriannuel,
          exerciceFin,
          ...(input.couplage_tca === undefined ? {} : { couplageTca: input.couplage_tca }),
          ...(input.customs === undefined ? {} : { customs: input.customs as never }),
          statut: 'complet',
        },
      };
    }
    case 3: {
      const check = checkStep({ description: { exercice_fin: row.exerciceFin, pluriannuel: row.pluriannuel, renouvellement: row.renouvellement, statut: row.statut } } as never, 3);
      if (!check.ok) throw appError('DOSSIER_INCOMPLETE');
      return { data: { step } };
    }
    case 4: {
      const check = checkStep({ description: { exercice_fin: row.exerciceFin, pluriannuel: row.pluriannuel, renouvellement: row.renouvellement, statut: row.statut } } as never, 4);
      if (!check.ok) throw appError('DOSSIER_INCOMPLETE');
      const attestation = { ...input.attestation, date: input.attestation.date ?? new Date().toISOString() };
      // The wizard is done once the attestation is certified: the machine's fact `complete`.
      return { data: { step: 4, attestation: attestation as never }, complet: input.attestation.certifie === true };
    }
  }
}
