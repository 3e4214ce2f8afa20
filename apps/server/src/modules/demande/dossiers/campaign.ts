// The campaign rules of a dossier (docs/domain.md « Dossiers de subvention »): the window of its
// campaign and sub-scheme on the day in Paris (contract campaignWindow), read from the rows.
import { campaignWindow, parisDay, type CampaignWindow } from '@portail/contract';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** A campaign as the repository reads it (dates of the campaign, and of each sub-scheme in it). */
export interface CampaignRow {
  active: boolean;
  dateDebut: Date | null;
  dateFin: Date | null;
  sousDispositifs: { sousDispositifId: string; dateDebut: Date | null; dateFin: Date | null; sousDispositif: { label: string } }[];
}

/** Whether the campaign, and the sub-scheme chosen in it, take dossiers now. */
export function windowOf(campaign: CampaignRow, sousDispositifId: string | null, now: Date = new Date()): CampaignWindow {
  const link = sousDispositifId ? campaign.sousDispositifs.find((s) => s.sousDispositifId === sousDispositifId) : undefined;
  return campaignWindow(
    { active: campaign.active, date_debut: day(campaign.dateDebut), date_fin: day(campaign.dateFin) },
    link ? { label: link.sousDispositif.label, date_debut: day(link.dateDebut), date_fin: day(link.dateFin) } : null,
    parisDay(now),
  );
}
