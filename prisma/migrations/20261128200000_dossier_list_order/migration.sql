-- The dossier list of an association (GET /lca-server/demande/dossiers for a member: its
-- association's live dossiers, most recently changed first, 20 a page, and their count).
--
-- With only (association_id, exercice), both statements read every dossier of the association from
-- the table, one page per dossier once the table is large (an association's dossiers are written
-- over the years, scattered): ~4 000 pages for an association of 4 400 dossiers among 1 M, 10 to
-- 100 ms a list on a busy machine. This index gives the page in its order (updated_at desc, then
-- id, the list's tie-break) from its first entries, ~20 rows read, and, holding deleted_at, the
-- count by an index-only scan: under 1 ms each, whatever the association's size.
CREATE INDEX "dossiers_association_id_updated_at_id_deleted_at_idx" ON "dossiers"("association_id", "updated_at" DESC, "id", "deleted_at");
