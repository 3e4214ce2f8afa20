// Dates of the administration screens: a day as the French read it, or « Non renseignée ».
export function formatDay(day: string | null | undefined): string {
  if (!day) return 'Non renseignée';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
