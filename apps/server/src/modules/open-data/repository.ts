// Data access of the open data of granted subsidies: one row per granted instruction (a service's
// grant to a dossier) whose amount granted for the exercise passes the legal threshold, read by
// keyset batches (the instruction's id) so that the file is written as the rows come.
import { GRANTED_STATES, OPEN_DATA_THRESHOLD_EUROS } from '@portail/contract';
import { Prisma, type Database } from '../../db/prisma.ts';

/** One published grant, as SQL gives it (amounts and dates as text: no float, no time zone). */
export interface GrantRow {
  id: string;
  nom_attribuant: string;
  id_attribuant: string;
  /** The day of the grant (YYYY-MM-DD, in Paris). */
  date_decision: string;
  id_fo: string;
  nom_beneficiaire: string;
  id_siret: string | null;
  id_rna: string | null;
  objet: string | null;
  libelle_subvention: string;
  /** Granted for the exercise, two decimals. */
  montant: string;
  paiements: number;
  premier_paiement: string | null;
  dernier_paiement: string | null;
  dispositif: string;
}

/** What the file depends on: its rows' count and their last change, for the ETag and Last-Modified. */
export interface GrantsFingerprint {
  count: number;
  changed_at: Date | null;
}

/**
 * The published instructions of the exercise: granted (states 6-10), dossier not deleted, a service
 * with a SIRET (the schema requires the attributing body's), above the threshold. The amount is the
 * service's granted financing lines of that year only (a multi-year dossier is published per year).
 */
function grantsFrom(exercice: number) {
  return Prisma.sql`
    FROM dossier_instructions i
    JOIN dossiers d ON d.id = i.dossier_id
    JOIN associations a ON a.id = d.association_id
    JOIN service_accounts sa ON sa.id = i.service_id
    JOIN subventions s ON s.id = d.subvention_id
    JOIN dispositifs dp ON dp.id = d.dispositif_id
    CROSS JOIN LATERAL (
      SELECT sum(f.montant_accorde) AS montant, max(f.updated_at) AS changed_at
      FROM projet_financements f JOIN projets p ON p.id = f.projet_id
      WHERE p.dossier_id = d.id AND f.service_id = i.service_id AND f.annee = ${exercice}::int
    ) g
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n, min(pay.date) AS premier, max(pay.date) AS dernier, max(pay.created_at) AS changed_at
      FROM dossier_paiements pay WHERE pay.instruction_id = i.id
    ) pay ON TRUE
    WHERE i.etat = ANY(${[...GRANTED_STATES]}::text[]) AND d.deleted_at IS NULL AND sa.siret IS NOT NULL
      AND g.montant > ${OPEN_DATA_THRESHOLD_EUROS}::numeric`;
}

export function createOpenDataRepository(reader: Database) {
  return {
    async fingerprint(exercice: number): Promise<GrantsFingerprint> {
      const [row] = await reader.$queryRaw<GrantsFingerprint[]>`
        SELECT count(*)::int AS count,
               greatest(max(i.updated_at), max(d.updated_at), max(a.updated_at), max(sa.updated_at), max(g.changed_at), max(pay.changed_at)) AS changed_at
        ${grantsFrom(exercice)}`;
      return row ?? { count: 0, changed_at: null };
    },

    /** The rows after `after` (an instruction id), in id order, `limit` at most. */
    page: (exercice: number, after: string | null, limit: number) =>
      reader.$queryRaw<GrantRow[]>`
        SELECT i.id::text, sa.nom AS nom_attribuant, sa.siret AS id_attribuant,
               -- The grant's day (the last move to 6 « Accordé »); a row written without the engine, its last change.
               to_char(COALESCE((SELECT max(h.created_at) FROM state_history h
                 WHERE h.machine = 'dossier_instruction' AND h.object_id = i.id AND h.to_state = '6'), i.updated_at) AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS date_decision,
               d.id_fo, COALESCE(d.nom, a.nom) AS nom_beneficiaire, d.id_siret, a.id_rna,
               (SELECT string_agg(p.intitule, ' ; ' ORDER BY p.rang_dossier) FROM projets p
                 WHERE p.dossier_id = d.id AND p.intitule IS NOT NULL AND p.intitule <> '') AS objet,
               s.label AS libelle_subvention, to_char(g.montant, 'FM999999999999990.00') AS montant,
               COALESCE(pay.n, 0) AS paiements, pay.premier::text AS premier_paiement, pay.dernier::text AS dernier_paiement,
               dp.code AS dispositif
        ${grantsFrom(exercice)} ${after ? Prisma.sql`AND i.id > ${after}::uuid` : Prisma.empty}
        ORDER BY i.id LIMIT ${limit}`,
  };
}
export type OpenDataRepository = ReturnType<typeof createOpenDataRepository>;
