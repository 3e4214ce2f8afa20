// Display formats of the subsidy screens (spec §9): euros without decimals, YYYY-MM-DD days as DD/MM/YYYY.
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function formatEuros(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : EUROS.format(Math.round(amount));
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
