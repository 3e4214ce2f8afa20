// The window of a campaign (docs/domain.md « Dispositifs et subventions », « Dossiers de subvention »):
// a campaign is open only when active and between its dates, and a sub-scheme, which has dates of its
// own, only between those too (an absent date leaves that side open). The server refuses creation,
// the wizard's choice of the scheme and the first transmission outside it; the directory says so.
// Days are civil days in Paris (YYYY-MM-DD), both ends included.
import { ROLE_SETS } from '../roles.ts';
import { SUBSIDY_MESSAGES } from './messages.ts';

export interface CampaignDates {
  active: boolean;
  date_debut: string | null;
  date_fin: string | null;
}

export interface SubSchemeDates {
  label: string;
  date_debut: string | null;
  date_fin: string | null;
}

export type CampaignWindow =
  | { open: true; closes: string | null }
  | { open: false; reason: 'inactive' }
  | { open: false; reason: 'not_yet'; opens: string; sousDispositif: string | null }
  | { open: false; reason: 'ended'; ended: string; sousDispositif: string | null };

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The civil day in Paris of an instant, YYYY-MM-DD. */
export const parisDay = (now: Date): string => PARIS_DAY.format(now);

/** DD/MM/YYYY of a YYYY-MM-DD day (spec §9). */
export const frenchDay = (day: string): string => day.split('-').reverse().join('/');

/** Whether the campaign (and the sub-scheme chosen, if any) takes dossiers on `today` (YYYY-MM-DD, Paris). */
export function campaignWindow(campaign: CampaignDates, sousDispositif: SubSchemeDates | null, today: string): CampaignWindow {
  if (!campaign.active) return { open: false, reason: 'inactive' };
  for (const [dates, label] of [[campaign, null], ...(sousDispositif ? [[sousDispositif, sousDispositif.label] as const] : [])] as const) {
    if (dates.date_debut && today < dates.date_debut) return { open: false, reason: 'not_yet', opens: dates.date_debut, sousDispositif: label };
    if (dates.date_fin && today > dates.date_fin) return { open: false, reason: 'ended', ended: dates.date_fin, sousDispositif: label };
  }
  const ends = [campaign.date_fin, sousDispositif?.date_fin ?? null].filter((d): d is string => d !== null).sort();
  return { open: true, closes: ends[0] ?? null };
}

/** The French refusal of a closed window (creation, step 0, transmission). */
export function campaignClosedMessage(window: Exclude<CampaignWindow, { open: true }>): string {
  if (window.reason === 'inactive') return SUBSIDY_MESSAGES.subventionInactive;
  if (window.reason === 'not_yet') return SUBSIDY_MESSAGES.campaignNotYetOpen(frenchDay(window.opens), window.sousDispositif);
  return SUBSIDY_MESSAGES.campaignEnded(frenchDay(window.ended), window.sousDispositif);
}

/** What the directory shows of a campaign: « Campagne ouverte jusqu'au … », « Campagne close », « Ouvre le … ». */
export function campaignWindowLabel(window: CampaignWindow): string {
  if (window.open) return window.closes ? `Campagne ouverte jusqu’au ${frenchDay(window.closes)}` : 'Campagne ouverte';
  if (window.reason === 'not_yet') return `Ouvre le ${frenchDay(window.opens)}`;
  return 'Campagne close';
}

/**
 * Who sees inactive campaigns (not yet published, or withdrawn): the scheme administrators and the
 * instructing services. For anyone else an inactive campaign does not exist: 404 on read and on
 * creation alike, so neither route tells whether such a code exists.
 */
export const seesInactiveCampaigns = (roles: readonly string[]) =>
  roles.some((role) => role.startsWith('rds.') || (ROLE_SETS.schemeAdmins as readonly string[]).includes(role));

/** The window as the contract's views carry it (rds-routes.ts campaignWindowViewSchema). */
export function campaignWindowView(window: CampaignWindow): { ouverte: boolean; libelle: string; ouvre_le: string | null } {
  return { ouverte: window.open, libelle: campaignWindowLabel(window), ouvre_le: !window.open && window.reason === 'not_yet' ? window.opens : null };
}

/**
 * Why a campaign or sub-scheme read from the API takes no dossier (its `fenetre`: « Campagne close »,
 * « Ouvre le … »), or null when it does or says nothing (the client checks before sending, as the server does).
 */
export function closedWindowLabel(item: object): string | null {
  if (!('fenetre' in item)) return null;
  const window = (item as { fenetre: { ouverte: boolean; libelle: string } | undefined }).fenetre;
  return window && !window.ouverte ? window.libelle : null;
}
