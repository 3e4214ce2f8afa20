-- Approval dossiers (docs/domain.md « Agréments »): the same dossiers table as the subsidies'
-- (service = 'agrement'), naming an approval of the catalogue instead of a campaign; their state is
-- the agrement_dossier machine's (etat_agrement, on the dossier row the workflow engine locks), their
-- instructing service the approval's (copied when created); the tca and haa blocks as data.
-- A granted approval written on the association's file names the dossier it came from.
ALTER TABLE "dossiers" DROP CONSTRAINT "dossiers_service_check";
ALTER TABLE "dossiers" ALTER COLUMN "subvention_id" DROP NOT NULL;
ALTER TABLE "dossiers" ALTER COLUMN "dispositif_id" DROP NOT NULL;
ALTER TABLE "dossiers" ADD COLUMN "agrement_id" UUID;
ALTER TABLE "dossiers" ADD COLUMN "agrement_service_id" UUID;
ALTER TABLE "dossiers" ADD COLUMN "etat_agrement" TEXT;
ALTER TABLE "dossiers" ADD COLUMN "tca" JSONB;
ALTER TABLE "dossiers" ADD COLUMN "haa" JSONB;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_service_check" CHECK (
  ("service" = 'subvention' AND "subvention_id" IS NOT NULL AND "dispositif_id" IS NOT NULL AND "agrement_id" IS NULL AND "etat_agrement" IS NULL)
  OR ("service" = 'agrement' AND "agrement_id" IS NOT NULL AND "agrement_service_id" IS NOT NULL AND "etat_agrement" IS NOT NULL AND "subvention_id" IS NULL)
);
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_etat_agrement_check" CHECK ("etat_agrement" IS NULL OR "etat_agrement" IN ('1', '2', '4', '5', '6', '7'));
CREATE INDEX "dossiers_agrement_id_idx" ON "dossiers"("agrement_id");
CREATE INDEX "dossiers_agrement_service_id_etat_agrement_idx" ON "dossiers"("agrement_service_id", "etat_agrement");
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_agrement_id_fkey" FOREIGN KEY ("agrement_id") REFERENCES "agrements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_agrement_service_id_fkey" FOREIGN KEY ("agrement_service_id") REFERENCES "service_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "association_agrements" ADD COLUMN "dossier_id" UUID;
CREATE UNIQUE INDEX "association_agrements_dossier_id_key" ON "association_agrements"("dossier_id");
ALTER TABLE "association_agrements" ADD CONSTRAINT "association_agrements_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
