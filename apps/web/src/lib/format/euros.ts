// Amounts shown in whole euros with French separators (docs/domain.md, display rules): 12 345 €.
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function formatEuros(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : EUROS.format(Math.round(amount));
}
