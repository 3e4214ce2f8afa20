// Display rules of the administrative file (docs/domain.md « Constantes et affichage »): dates DD/MM/YYYY, euros without decimals with
// thousands separators, IBAN grouped by four.
import { formatSiret, normaliseIban, type Etablissement } from '@portail/contract';

export { formatDate } from '../../lib/format/date.ts';

const EUROS = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 12 345 € (French separators, no decimals). */
export function formatEuros(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : EUROS.format(Math.round(amount));
}

/** FR76 3000 6000 0112 3456 7890 189 */
export function formatIban(iban: string): string {
  return (normaliseIban(iban) || iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A YYYY-MM-DD (or ISO) date as DD/MM/YYYY, without time-zone shifts. */
export function formatIsoDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
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
