// The open data of granted subsidies (docs/domain.md « Données ouvertes des subventions accordées »):
// each published grant as a record of the SCDL « subventions » schema, and the file's validators
// (ETag, Last-Modified) so that a cache or a harvester asks again for nothing when nothing changed.
import { createHash } from 'node:crypto';
import { SCDL_SUBVENTIONS_VERSION, type ScdlSubventionsColumn } from '@portail/contract';
import type { GrantRow, OpenDataRepository } from './repository.ts';

/** Rows read per query while the file is written. */
const DEFAULT_BATCH = 1_000;
/** The schema's bound on `objet`. */
const OBJET_MAX_LENGTH = 256;

export type ScdlRecord = Record<ScdlSubventionsColumn, string>;

/**
 * One grant as the schema's record. What the portal does not hold is written as the schema says:
 * paid in money (`nature`), no RAE number, not notified to the European Commission, one beneficiary
 * for the whole amount (`pourcentageSubvention` 1). The payment period is the payments' (one date
 * for a single payment), the exercise's year before any payment.
 */
export function scdlRecord(row: GrantRow, exercice: number): ScdlRecord {
  const period =
    row.paiements === 0 || !row.premier_paiement || !row.dernier_paiement
      ? `${exercice}-01-01/${exercice}-12-31`
      : row.paiements === 1 ? row.premier_paiement : `${row.premier_paiement}/${row.dernier_paiement}`;
  return {
    nomAttribuant: row.nom_attribuant,
    idAttribuant: row.id_attribuant,
    dateConvention: row.date_decision,
    referenceDecision: row.id_fo,
    nomBeneficiaire: row.nom_beneficiaire,
    idBeneficiaire: row.id_siret && /^\d{14}$/.test(row.id_siret) ? row.id_siret : '',
    // The schema's RNA is W and nine digits: an older RNA with a letter is left out (the SIRET names the beneficiary).
    rnaBeneficiaire: row.id_rna && /^W\d{9}$/.test(row.id_rna) ? row.id_rna : '',
    objet: (row.objet ?? row.libelle_subvention).slice(0, OBJET_MAX_LENGTH),
    montant: row.montant,
    nature: 'aide en numéraire',
    conditionsVersement: row.paiements > 1 ? 'échelonné' : 'unique',
    datesPeriodeVersement: period,
    idRAE: '',
    notificationUE: 'non',
    pourcentageSubvention: '1',
    dispositifAide: row.dispositif,
  };
}

export function createOpenDataService(repository: OpenDataRepository, { batch = DEFAULT_BATCH }: { batch?: number } = {}) {
  return {
    /** What the file of the exercise depends on: a strong ETag and the last change (null: no row). */
    async validators(exercice: number) {
      const { count, changed_at } = await repository.fingerprint(exercice);
      const tag = createHash('sha256').update(`${SCDL_SUBVENTIONS_VERSION}|${exercice}|${count}|${changed_at?.getTime() ?? 0}`).digest('base64url').slice(0, 27);
      return { etag: `"${tag}"`, lastModified: changed_at };
    },

    /** The records of the exercise, batch by batch (keyset on the instruction's id). */
    async *records(exercice: number): AsyncGenerator<ScdlRecord[]> {
      let after: string | null = null;
      for (;;) {
        const rows = await repository.page(exercice, after, batch);
        if (rows.length > 0) yield rows.map((row) => scdlRecord(row, exercice));
        if (rows.length < batch) return;
        after = rows.at(-1)!.id;
      }
    },
  };
}
export type OpenDataService = ReturnType<typeof createOpenDataService>;
