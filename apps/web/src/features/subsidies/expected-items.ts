// The scheme's expected fields and documents a dossier shows (spec §5: shown by their conditions,
// required ones with a red asterisk), and the documents' progress. Reads the contract's rules
// (selectExpected, dossierAskContext): the server applies the same ones at transmission. Pure.
import { dossierAskContext, selectExpected, type Dossier, type Subvention } from '@portail/contract';

type DossierForAsks = Pick<Dossier, 'identifiant' | 'description' | 'demandeur' | 'projets' | 'documents' | 'attestation'>;
type ExpectedDocument = Subvention['documents_attendus'][number];
type ExpectedField = Subvention['champs_attendus'][number];

export function shownDocuments(subvention: Pick<Subvention, 'documents_attendus'>, dossier: DossierForAsks) {
  return selectExpected(
    subvention.documents_attendus.filter((d) => d.part === 'dossier'),
    dossierAskContext(dossier),
  );
}

export function shownDossierFields(subvention: Pick<Subvention, 'champs_attendus'>, dossier: DossierForAsks) {
  return selectExpected(
    subvention.champs_attendus.filter((f) => f.part === 'dossier'),
    dossierAskContext(dossier),
  );
}

export function shownProjectFields(
  subvention: Pick<Subvention, 'champs_attendus'>,
  dossier: DossierForAsks,
  projet: unknown,
): (ExpectedField & { required: boolean })[] {
  const context = dossierAskContext(dossier, { projet });
  return selectExpected(
    subvention.champs_attendus.filter((f) => f.part === 'projet'),
    context,
  );
}

export interface DocumentProgress {
  attached: number;
  total: number;
  /** 0-100, over the documents shown (all of them when none is required). */
  percent: number;
}

/** How many of the shown documents are attached. */
export function documentProgress(shown: readonly Pick<ExpectedDocument, 'code'>[], attachedCodes: readonly string[]): DocumentProgress {
  const attachedSet = new Set(attachedCodes);
  const attached = shown.filter((d) => attachedSet.has(d.code)).length;
  const total = shown.length;
  return { attached, total, percent: total === 0 ? 100 : Math.round((attached / total) * 100) };
}

/** The answer a dossier (or project) gives to an expected field. */
export function customValue(customs: readonly { code: string; value: unknown }[], code: string): unknown {
  return customs.find((c) => c.code === code)?.value;
}

/** The customs with one answer replaced (removed when empty). */
export function withCustom(customs: readonly { code: string; value: unknown }[], code: string, value: unknown) {
  const rest = customs.filter((c) => c.code !== code);
  return value === '' || value === null || value === undefined ? rest : [...rest, { code, value }];
}
