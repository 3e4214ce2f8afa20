// What a dossier's instruction states allow on its projects (docs/domain.md « Dossiers de
// subvention »): pure functions over the instruction rows. Who reaches the dossier at all, and on
// which side, is the `dossier` scope's resolver (dossiers/policy.ts: the service side reads only);
// this says whether the reached dossier may change now.

/** The association edits its dossier while it is being entered or was sent back: A and C. */
export const ASSOCIATION_EDIT_STATES: ReadonlySet<string> = new Set(['A', 'C']);

export type Side = 'association' | 'service';

/** Whether the caller's side may change the dossier's projects: the association side, every instruction in A or C. */
export function mayEditProjects(side: Side, instructions: readonly { etat: string }[]): boolean {
  return side === 'association' && instructions.length > 0 && instructions.every((i) => ASSOCIATION_EDIT_STATES.has(i.etat));
}
