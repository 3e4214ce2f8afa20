// The questions asked of every subsidy dossier, seeded at start-up in every environment (reference
// content, like the referentials): each code missing from the database is inserted; a question
// already there is left as administrators left it (label, required, enabled, rank).
import { createQuestionRepository } from './repository.ts';

/** The database client, as the repository takes it (the seed itself writes no query). */
type Database = Parameters<typeof createQuestionRepository>[0];

export const DEFAULT_QUESTIONS = [
  {
    code: 'contrat_engagement_republicain',
    label: "L'association respecte-t-elle le contrat d'engagement républicain ?",
    type: 'booleen', obligatoire: true, rang: 1,
  },
  {
    code: 'seuil_dons_subventions',
    label: "L'association a-t-elle reçu plus de 153 000 € de dons ou de subventions publiques au cours du dernier exercice clos ?",
    type: 'booleen', obligatoire: true, rang: 2,
  },
  {
    code: 'autres_financeurs',
    label: "Le projet est-il également présenté à d'autres financeurs publics ? Lesquels ?",
    type: 'texte', obligatoire: false, rang: 3,
  },
] as const;

/** Inserts the default questions whose code is missing; the codes inserted. */
export function seedQuestions(db: Database): Promise<string[]> {
  return createQuestionRepository(db).insertMissing(DEFAULT_QUESTIONS);
}
