// Display rules of the administrative file (docs/domain.md « Constantes et affichage »): dates DD/MM/YYYY, euros without decimals with
// thousands separators, IBAN grouped by four.
import { formatSiret, normaliseIban, type Etablissement } from '@portail/contract';

export { formatDate, formatIsoDay } from '../../lib/format/date.ts';
export { formatEuros } from '../../lib/format/euros.ts';

/** FR76 3000 6000 0112 3456 7890 189 */
export function formatIban(iban: string): string {
  return (normaliseIban(iban) || iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A count or a decimal figure in French (1 234,5), '—' when unknown. */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString('fr-FR');
}

/** An establishment as the forms offer it: its SIRET, sign and "(siège)". */
export function etablissementLabel(etablissements: readonly Etablissement[], siret: string): string {
  const e = etablissements.find((x) => x.siret === siret);
  return `${formatSiret(siret)}${e?.enseigne ? ` – ${e.enseigne}` : ''}${e?.est_siege ? ' (siège)' : ''}`;
}
