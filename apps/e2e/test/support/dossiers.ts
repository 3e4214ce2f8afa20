// Dossiers of a journey's own: copies of a demo dossier for the journey's association, written
// straight into the database (jsonb_populate_record over the source row, its ids and owners
// replaced), so that journeys running in parallel on the same database never move the same
// dossier, nor the demo dossiers other journeys read.
import type pg from 'pg';

export interface DossierCopy {
  id: string;
  idFo: string;
}

export interface DossierCopyOptions {
  /** The campaign's label without its year, e.g. « ANS Part territoriale »: the demo dossier of that campaign is copied. */
  campaign: string;
  /** The state of each instruction copied, by its service's name; the other services' instructions are left out. */
  etats: Record<string, string>;
  /**
   * The association file's rows the copy points to (demandeur, RIB, and the documents by their type,
   * read from the association): given for a dossier the member will edit and transmit again; without
   * it, the copy's demandeur rows are empty and it holds no document.
   */
  withFile?: boolean;
  /** What the copy asks of some services, on each of its financing lines (euros). */
  demande?: Record<string, number>;
}

/** One row of `table` as `alias` with the keys of the jsonb `changes` replaced. */
const copyOf = (table: string, alias: string, changes: string) =>
  `SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(${alias}) || ${changes})).*`;

/**
 * A copy of the oldest demo dossier of `campaign` (its row, the listed instructions, its projects
 * with their financing lines and budgets, its own budgets, and with `withFile` its documents), for
 * `association`, in one transaction.
 */
export async function copyDemoDossier(
  pool: pg.Pool,
  association: { id: string; nom: string; siretSiege: string },
  { campaign, etats, withFile = false, demande = {} }: DossierCopyOptions,
): Promise<DossierCopy> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const source = await client.query<{ id: string }>(
      `SELECT d.id FROM dossiers d JOIN subventions s ON s.id = d.subvention_id
       WHERE s.label LIKE $1 || ' %' AND d.deleted_at IS NULL ORDER BY d.created_at LIMIT 1`,
      [campaign],
    );
    const sourceId = source.rows[0]?.id;
    if (!sourceId) throw new Error(`Aucun dossier de démonstration pour « ${campaign} ».`);
    const file = withFile
      ? (
          await client.query<{ representant: string | null; rib: string | null }>(
            `SELECT (SELECT id FROM representants_legaux WHERE association_id = $1 ORDER BY created_at LIMIT 1) AS representant,
                    (SELECT id FROM ribs WHERE association_id = $1 ORDER BY created_at LIMIT 1) AS rib`,
            [association.id],
          )
        ).rows[0]!
      : { representant: null, rib: null };
    if (withFile && (!file.representant || !file.rib)) throw new Error('L’association du parcours n’a ni représentant légal ni RIB.');

    const copy = await client.query<{ id: string; id_fo: string }>(
      `INSERT INTO dossiers ${copyOf('dossiers', 'd', "jsonb_build_object('id', gen_random_uuid(), 'id_fo', next_dossier_id_fo(d.exercice), 'association_id', $2::uuid, 'id_siret', $3::text, 'nom', $4::text, 'created_by_id', NULL, 'id_representant_legal', $5::uuid, 'id_signataire', $5::uuid, 'id_responsable', $5::uuid, 'id_rib', $6::uuid, 'incomplet_commentaire', NULL, 'incomplet_at', NULL, 'incomplet_service_id', NULL, 'created_at', now(), 'updated_at', now())")}
       FROM dossiers d WHERE d.id = $1 RETURNING id, id_fo`,
      [sourceId, association.id, association.siretSiege, association.nom, file.representant, file.rib],
    );
    const { id, id_fo: idFo } = copy.rows[0]!;
    const instructions = await client.query(
      `INSERT INTO dossier_instructions ${copyOf('dossier_instructions', 'i', "jsonb_build_object('id', gen_random_uuid(), 'dossier_id', $2::uuid, 'association_id', $3::uuid, 'created_by_id', NULL, 'etat', ($4::jsonb ->> sa.nom), 'created_at', now(), 'updated_at', now())")}
       FROM dossier_instructions i JOIN service_accounts sa ON sa.id = i.service_id WHERE i.dossier_id = $1 AND $4::jsonb ? sa.nom`,
      [sourceId, id, association.id, JSON.stringify(etats)],
    );
    if (instructions.rowCount !== Object.keys(etats).length) throw new Error(`Instructions copiées : ${instructions.rowCount} sur ${Object.keys(etats).length}.`);
    // Projects, then their lines and budgets through the pairs (source project, copy).
    await client.query('CREATE TEMP TABLE projet_pairs (source_id uuid, copy_id uuid) ON COMMIT DROP');
    await client.query('INSERT INTO projet_pairs SELECT p.id, gen_random_uuid() FROM projets p WHERE p.dossier_id = $1', [sourceId]);
    await client.query(
      `INSERT INTO projets ${copyOf('projets', 'p', "jsonb_build_object('id', pp.copy_id, 'dossier_id', $1::uuid, 'id_responsable', $2::uuid, 'demandeur_id_siret', $3::text, 'created_at', now(), 'updated_at', now())")}
       FROM projets p JOIN projet_pairs pp ON pp.source_id = p.id`,
      [id, file.representant, association.siretSiege],
    );
    await client.query(
      `INSERT INTO projet_financements ${copyOf('projet_financements', 'f', "jsonb_build_object('id', gen_random_uuid(), 'projet_id', pp.copy_id, 'montant_propose', NULL, 'montant_accorde', NULL, 'montant_demande', COALESCE(($1::jsonb ->> sa.nom)::numeric, f.montant_demande), 'updated_at', now())")}
       FROM projet_financements f JOIN projet_pairs pp ON pp.source_id = f.projet_id JOIN service_accounts sa ON sa.id = f.service_id`,
      [JSON.stringify(demande)],
    );
    await client.query(
      `INSERT INTO projet_budgets ${copyOf('projet_budgets', 'b', "jsonb_build_object('id', gen_random_uuid(), 'projet_id', pp.copy_id, 'updated_at', now())")}
       FROM projet_budgets b JOIN projet_pairs pp ON pp.source_id = b.projet_id`,
    );
    await client.query(
      `INSERT INTO dossier_budgets ${copyOf('dossier_budgets', 'b', "jsonb_build_object('id', gen_random_uuid(), 'dossier_id', $2::uuid, 'updated_at', now())")}
       FROM dossier_budgets b WHERE b.dossier_id = $1`,
      [sourceId, id],
    );
    // The documents: the association's own of the same type as each document the demo dossier holds.
    if (withFile) {
      await client.query(
        `INSERT INTO dossier_documents (id, dossier_id, document_id, code, created_at)
         SELECT DISTINCT ON (dd.code) gen_random_uuid(), $2::uuid, mine.id, dd.code, now()
         FROM dossier_documents dd
         JOIN association_documents theirs ON theirs.id = dd.document_id
         JOIN association_documents mine ON mine.association_id = $3::uuid AND mine.type = theirs.type
         WHERE dd.dossier_id = $1 ORDER BY dd.code, mine.date_chargement DESC`,
        [sourceId, id, association.id],
      );
    }
    await client.query('COMMIT');
    return { id, idFo };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
