-- The instructing service a financial report goes to (the dossier's referent service when it was
-- created): the machine's service-side guard and the mails read it from the report's own row, the
-- one the workflow engine locks (docs/domain.md « Comptes rendus financiers »).
ALTER TABLE "crfs" ADD COLUMN "service_id" UUID NOT NULL;
CREATE INDEX "crfs_service_id_etat_idx" ON "crfs"("service_id", "etat");
ALTER TABLE "crfs" ADD CONSTRAINT "crfs_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
