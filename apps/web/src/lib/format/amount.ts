// Amounts typed by a person in French (« 1 500,50 », « 1500 € »), read as numbers.

/** A French decimal typed by a person (« 1 500,50 ») as a number; NaN when unreadable, null when empty. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** An amount as a person types it back (« 1500,5 »), empty for none. */
export const amountText = (amount: number | null | undefined) => (amount == null ? '' : String(amount).replace('.', ','));
