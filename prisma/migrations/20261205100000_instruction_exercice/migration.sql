-- The work list's search by exercise (GET /lca-server/demande/instructeur/dossiers?exercices=…, its
-- counts and exports): the exercise is the dossier's, so a service's search read every instruction
-- of the service in the asked states, then each one's dossier, to keep those of the exercise (at a
-- million dossiers, 1 400 instructions and as many dossiers for 289 rows). Each instruction carries
-- a copy of its dossier's exercise, kept by the database whoever writes: set when the instruction is
-- created, followed when the dossier's exercise changes. The index reads a service's instructions of
-- an exercise and a state in the list's order.
ALTER TABLE "dossier_instructions" ADD COLUMN "exercice" INTEGER;
UPDATE "dossier_instructions" i SET "exercice" = d."exercice" FROM "dossiers" d WHERE d."id" = i."dossier_id";

CREATE FUNCTION dossier_instructions_exercice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.exercice := (SELECT d.exercice FROM dossiers d WHERE d.id = NEW.dossier_id);
  RETURN NEW;
END;
$$;
CREATE TRIGGER "dossier_instructions_exercice" BEFORE INSERT OR UPDATE OF "dossier_id", "exercice" ON "dossier_instructions"
  FOR EACH ROW EXECUTE FUNCTION dossier_instructions_exercice();

CREATE FUNCTION dossiers_exercice_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dossier_instructions SET exercice = NEW.exercice WHERE dossier_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "dossiers_exercice_follow" AFTER UPDATE OF "exercice" ON "dossiers"
  FOR EACH ROW WHEN (OLD."exercice" IS DISTINCT FROM NEW."exercice") EXECUTE FUNCTION dossiers_exercice_follow();

CREATE INDEX "dossier_instructions_service_id_exercice_etat_updated_at_id_idx" ON "dossier_instructions"("service_id", "exercice", "etat", "updated_at", "id");
