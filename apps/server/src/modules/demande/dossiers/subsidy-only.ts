// Subsidy dossiers and approval dossiers share the dossiers table (docs/domain.md « Agréments »):
// what the subsidies' reads keep to, in a file of its own so every part of the module may import it.
/**
 * A subsidy dossier (service subvention): its campaign and scheme are set (CHECK of migration
 * 20261127110100; an approval dossier of the same table has neither, and is not read here).
 */
export type SubsidyOnly<R> = R & {
  subventionId: string;
  dispositifId: string;
} & (R extends { subvention: infer S } ? { subvention: NonNullable<S> } : unknown) & (R extends { dispositif: infer D } ? { dispositif: NonNullable<D> } : unknown);
export const SUBSIDY_DOSSIER = { service: 'subvention' } as const;
export function subsidyOnly<R extends { service: string }>(row: R | null): SubsidyOnly<R> | null {
  return row && row.service === SUBSIDY_DOSSIER.service ? (row as SubsidyOnly<R>) : null;
}
