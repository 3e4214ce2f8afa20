// Display formats of the subsidy screens (spec §9): the portal's shared ones.
export { formatIsoDay as formatDay } from '../../lib/format/date.ts';
export { formatEuros } from '../../lib/format/euros.ts';

/** A RIB as a choice in a list: its holder and the end of its IBAN (the whole number is not shown). */
export const ribLabel = (rib: { titulaire: string; iban: string }) => `${rib.titulaire} – IBAN …${rib.iban.replace(/\s/g, '').slice(-4)}`;
