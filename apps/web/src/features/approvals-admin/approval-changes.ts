// What the approvals' administration sends (spec §7: PATCH /agrements/{id} carries the differences
// only): the form's values as the contract's body, and the part of it that differs from the approval
// as read. Nothing differing gives an empty change, which the server answers with its own
// « Aucun changement n'a été détécté. ».
import type { AgrementBody, AgrementPatch, AgrementView } from '@portail/contract';

type Link = AgrementBody['champs_attendus'][number];

/** The approval's links to its expected fields or documents, as a body names them. */
export const linksOf = (items: AgrementView['champs_attendus'] | AgrementView['documents_attendus']): Link[] =>
  items.map((item) => ({ code: item.code, asks: item.asks, obligatoire: item.obligatoire }));

/** The body of the approval as read (the form's starting point). */
export function bodyOf(agrement: AgrementView): AgrementBody {
  return {
    code: agrement.code,
    type_agrement: agrement.type_agrement,
    service: agrement.service,
    campagne_exercice: agrement.campagne_exercice,
    code_service: agrement.code_service,
    active: agrement.active,
    champs_attendus: linksOf(agrement.champs_attendus),
    documents_attendus: linksOf(agrement.documents_attendus),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what `next` changes in `current` (a list of links is sent whole when it changes). */
export function changesOf(current: AgrementBody, next: AgrementBody): AgrementPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof AgrementBody)[]) {
    if (!same(current[key], next[key])) patch[key] = next[key];
  }
  return patch as AgrementPatch;
}
