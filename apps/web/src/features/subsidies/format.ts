// Display formats of the subsidy screens (spec §9): the portal's shared ones.
export { formatIsoDay as formatDay } from '../../lib/format/date.ts';
export { formatEuros } from '../../lib/format/euros.ts';
