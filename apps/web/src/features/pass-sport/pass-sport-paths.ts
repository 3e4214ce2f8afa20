// Where Pass'Sport's pages live (docs/domain.md « Pass'Sport »): the structure's page under its
// SIRET (without it, the user's first establishment), the administration's page.
import type { UserAssociationLink } from '@portail/contract';

export const PASS_SPORT_PATH = '/associations/pass-sport';
export const PASS_SPORT_ADMIN_PATH = '/administration/psp';

export const passSportPath = (idSiret: string | null) => (idSiret ? `/associations/${idSiret}/pass-sport` : PASS_SPORT_PATH);

/** The structure of a link: its secondary establishment, else its head office. */
export const structureOfLink = (link: UserAssociationLink | undefined): string | null =>
  (link?.type === 'Etablissement secondaire' ? link.id_siret : null) ?? link?.siegeSiret ?? link?.id_siret ?? null;
