// What transmission checks (docs/domain.md « Dossiers de subvention », spec §4): the contract's
// missingForTransmission over the whole dossier — its full projects (each valid per checkProject),
// the enabled questions every dossier answers (the required ones answered in its customs) and the
// expected fields and documents its subvention links, shown or not by their conditions on the
// dossier and on each project. Read in the transaction that then fires the transitions.
import { asksSchema, missingForTransmission, toExpectedQuestion, type DossierView, type ExpectedItem, type Missing } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { listProjetRows, projetView } from '../projets/index.ts';
import type { DossierRepository } from './repository.ts';

interface ExpectedRow {
  code: string;
  label: string;
  enabled: boolean;
  part: string;
  obligatoire: boolean;
  asks: unknown;
  /** An expected field's kind of answer and options (answers.ts). */
  type?: string;
  meta?: unknown;
}

/** A link as the rules read it; conditions were checked when the subvention was written. */
export const toExpected = (row: ExpectedRow): ExpectedItem => {
  const asks = asksSchema.safeParse(row.asks);
  return {
    code: row.code, label: row.label, part: row.part, enabled: row.enabled, obligatoire: row.obligatoire, asks: asks.success ? asks.data : [],
    ...(row.type === undefined ? {} : { type: row.type, meta: (row.meta ?? null) as Record<string, unknown> | null }),
  };
};

/** What is still missing before the dossier may be transmitted (empty: transmissible). */
export async function missingBeforeTransmission(
  tx: DbTransaction,
  repository: DossierRepository,
  dossier: DossierView & { subventionId: string },
): Promise<Missing[]> {
  const projets = (await listProjetRows(tx, dossier.id)).map(projetView);
  const expected = await repository.expectedOf(tx, dossier.subventionId);
  return missingForTransmission(
    { ...dossier, projets },
    { questions: expected.questions.map(toExpectedQuestion), champs: expected.champs.map(toExpected), documents: expected.documents.map(toExpected) },
  );
}
