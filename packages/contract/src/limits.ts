// Business constants and limits (docs/domain.md « Constantes et affichage »), written once: the server's schemas, the client's forms
// and the messages read them from here (test/limits.test.ts pins them to the spec). This file
// imports nothing so that every other contract file may import it.

/** Password minimum length (docs/domain.md « Champs », « Constantes et affichage »). */
export const PASSWORD_MIN_LENGTH = 12;

/** Upload limit: 15728640 bytes, 15 MB (docs/domain.md « Constantes et affichage »). */
export const UPLOAD_MAX_BYTES = 15_728_640;

/**
 * Text lengths of the siret-request pre-fill (docs/domain.md « Constantes et affichage »): an acronym over 20 characters is cut to 17
 * plus '...'; the others are cut to their length.
 */
export const TEXT_LIMITS = {
  acronym: 20,
  acronymCut: 17,
  name: 120,
  object: 260,
  complement: 35,
  street: 30,
  postalBox: 7,
} as const;

/** Alsace-Moselle registry references (docs/domain.md « Champs », « Constantes et affichage »): Amalia 13-14 characters, volume and folio 3. */
export const AMALIA_LENGTH = { min: 13, max: 14 } as const;
export const VOLUME_LENGTH = 3;
export const FOLIO_LENGTH = 3;

/** Donations and subsidies threshold in euros (docs/domain.md « Constantes et affichage », the a_dons_subv_153000 flag). */
export const DONATION_THRESHOLD = 153_000;

/**
 * Largest amount in whole euros of a budget line (our bound, the spec gives none): 10^12 keeps the
 * totals of every line exact in a double; budget lines are stored as JSON numbers.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * Amounts kept in whole-euro integer columns (account summaries, top salaries): the bound of a
 * PostgreSQL `integer`, so that a larger figure is refused with a message instead of failing at write.
 */
export const MAX_STORED_EUROS = 2_147_483_647;

/** The association registry search (association-search.ts): term length, page size, counted matches. */
export const ASSOCIATION_SEARCH = {
  minLength: 3,
  maxLength: 200,
  defaultLimit: 20,
  maxLimit: 50,
  /**
   * A name search counts its matches up to this number only; beyond it `total` is this number and
   * `total_exact` false (shown as "1000+"), and pages stop there: refine the search instead.
   */
  countCap: 1000,
} as const;

/**
 * What any request may carry, checked at the edge for every route before a schema or the database
 * sees it (docs/security.md « Entrées refusées à l'entrée ») and by the free-form value block
 * (input-checks.ts `freeJson`):
 * - no text (query string, path, JSON string or key, multipart field or file name) holds a NUL
 *   character (PostgreSQL refuses 0x00) or half of a UTF-16 surrogate pair (not valid UTF-8, nor
 *   valid JSON for PostgreSQL);
 * - a JSON body nests objects and arrays `bodyMaxDepth` deep at most, counted on its text before it
 *   is parsed, so nothing recursive ever meets a deeper one;
 * - a free-form value (a custom answer, a co-financing line, a service's `bo`...) nests
 *   `freeValueMaxDepth` deep at most and weighs `freeValueMaxBytes` at most once written as JSON.
 */
export const INPUT_LIMITS = {
  bodyMaxDepth: 32,
  freeValueMaxDepth: 8,
  freeValueMaxBytes: 65_536,
} as const;

/**
 * What one subsidy dossier may hold (our bounds; the spec gives none), so that no member can make
 * a dossier whose reading or PDF takes the portal's time (docs/domain.md « Dossiers de subvention »):
 * projects per dossier, lines per project, and the length of every free text. The schemas of the
 * project and dossier routes read them; the server refuses more in French (400, or 409 for a project
 * beyond the count).
 */
/**
 * The instructing services' work list (subsidies/worklist-routes.ts): page sizes, the opaque cursor's
 * length, how many dossiers one bulk action moves, and the export's batch (rows read from the
 * database at a time, so that a million rows never sit in memory).
 */
export const WORKLIST_LIMITS = {
  defaultPageSize: 50,
  maxPageSize: 200,
  cursorLength: 512,
  searchQuery: 100,
  bulkMax: 500,
  exportBatch: 2_000,
} as const;

export const DOSSIER_LIMITS = {
  projetsPerDossier: 20,
  /** Lines of one project: one financing line per year and service, one budget per year, and the lists. */
  financementsPerProjet: 30,
  budgetsPerProjet: 5,
  beneficiairesPerProjet: 30,
  indicateursPerProjet: 20,
  cofinancementsPerProjet: 30,
  territoiresPerProjet: 100,
  /** Answers to the expected fields and questions, of the dossier or of one project. */
  customs: 100,
  /** Free texts, in characters: a project's objectives and description, comments, short labels, codes. */
  longText: 10_000,
  comment: 5_000,
  label: 250,
  code: 100,
  /** A message between the association and a service. */
  message: 5_000,
  /** Dossiers named beside the caller's total of unread messages (the dashboard's links); the total counts them all. */
  unreadDossiersListed: 20,
  /** A written answer to an expected field or a question (text, e-mail, web address). */
  answer: 5_000,
} as const;
