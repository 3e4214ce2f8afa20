-- The dossier list of an instructing agent (GET /lca-server/demande/dossiers for a service user:
-- the dossiers its service received, or that the agent created, most recently changed first, 20 a
-- page, and their count).
--
-- The service's instructions are read by (service_id) and each dossier by its id for its change date:
-- one table page each, ~15 000 pages for a service of 7 300 dossiers among 1 M, ~110 ms for the page
-- and as much for the count. With the instruction's reach columns and the dossier's date and deletion
-- in these two indexes, both are index-only scans: ~17 ms each.
CREATE INDEX "dossier_instructions_service_reach_idx" ON "dossier_instructions"("service_id", "dossier_id", "etat", "created_by_id", "created_by_type");
CREATE INDEX "dossiers_id_updated_at_deleted_at_idx" ON "dossiers"("id", "updated_at", "deleted_at");
