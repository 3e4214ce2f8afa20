-- The instructing services' work list (GET /lca-server/demande/instructeur/dossiers, docs/domain.md
-- « Listes de travail »): one row per instruction, most recently changed (or created) first, read a
-- page at a time by keyset ((sort column, id) past the cursor). Per service, the service's
-- instructions in that order, read backwards or forwards; for the osiris list, every instruction in
-- that order. A page reads its rows and stops: O(page) whatever the table's size.
CREATE INDEX "dossier_instructions_service_id_updated_at_id_idx" ON "dossier_instructions"("service_id", "updated_at", "id");
CREATE INDEX "dossier_instructions_service_id_created_at_id_idx" ON "dossier_instructions"("service_id", "created_at", "id");
CREATE INDEX "dossier_instructions_updated_at_id_idx" ON "dossier_instructions"("updated_at", "id");
CREATE INDEX "dossier_instructions_created_at_id_idx" ON "dossier_instructions"("created_at", "id");

-- The list's « last change » is the instruction's: the state machine moves it with a bare UPDATE of
-- its state column (workflow/repository.ts), so the date follows the state here, whoever writes it.
CREATE FUNCTION dossier_instructions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER "dossier_instructions_touch" BEFORE UPDATE OF "etat" ON "dossier_instructions"
  FOR EACH ROW WHEN (OLD."etat" IS DISTINCT FROM NEW."etat") EXECUTE FUNCTION dossier_instructions_touch();
