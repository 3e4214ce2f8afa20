// Open data of granted subsidies (docs/domain.md « Données ouvertes des subventions accordées »):
// public, no sign-in, the granted instructions of one exercise in the SCDL « subventions » format
// (OpenDataFrance, version 2.1.1), as the law asks of subsidies above 23 000 € a year.
import { z } from 'zod';
import { defineRoute } from './http.ts';
import { MESSAGES } from './messages.ts';

/**
 * Subsidies are published above this yearly amount in euros (loi n° 2000-321 art. 10, décret
 * n° 2001-495 : « dont le montant annuel dépasse 23 000 euros »): a row of exactly 23 000 € is not.
 */
export const OPEN_DATA_THRESHOLD_EUROS = 23_000;

/** The instruction states of a granted subsidy: granted (6), paid or being paid (7-9), closed (10). */
export const GRANTED_STATES = ['6', '7', '8', '9', '10'] as const;

/** The SCDL schema version the file follows. */
export const SCDL_SUBVENTIONS_VERSION = '2.1.1';

/** The columns of the SCDL « subventions » schema 2.1.1, in its order (the file's header). */
export const SCDL_SUBVENTIONS_COLUMNS = [
  'nomAttribuant',
  'idAttribuant',
  'dateConvention',
  'referenceDecision',
  'nomBeneficiaire',
  'idBeneficiaire',
  'rnaBeneficiaire',
  'objet',
  'montant',
  'nature',
  'conditionsVersement',
  'datesPeriodeVersement',
  'idRAE',
  'notificationUE',
  'pourcentageSubvention',
  'dispositifAide',
] as const;
export type ScdlSubventionsColumn = (typeof SCDL_SUBVENTIONS_COLUMNS)[number];

/** How long a cache may keep the file, in seconds: granted subsidies change a few times a day at most. */
export const OPEN_DATA_MAX_AGE_SECONDS = 3_600;

const exercice = z.coerce
  .number<string>({ error: MESSAGES.badFormat('exercice') })
  .int(MESSAGES.badFormat('exercice'))
  .min(2000, MESSAGES.badFormat('exercice'))
  .max(2100, MESSAGES.badFormat('exercice'));

export const openDataRoutes = {
  subventionsCsv: defineRoute({
    method: 'GET', gateway: 'open-data', path: '/subventions.csv', access: 'public', rawResponse: true,
    summary:
      "Subventions accordées (états 6 à 10) d'un exercice au-delà de 23 000 € par an, au format SCDL « subventions » 2.1.1 (CSV, « , », UTF-8), envoyées au fil de l'eau ; publiques, mises en cache (`Cache-Control`, `ETag`, `Last-Modified`, 304 si inchangées)",
    query: z.object({ exercice: z.string({ error: MESSAGES.required('exercice') }).trim().min(1, MESSAGES.required('exercice')).pipe(exercice) }),
    errors: ['TOO_MANY_REQUESTS'],
    response: z.unknown(),
  }),
};
