-- Requests for a SIRET number (demande de numéro SIRET, docs/domain.md « Demande de numéro SIRET »).
-- Their state is the `demande_siret` machine's; its history goes to state_history (machine
-- 'demande_siret', object_id = demandes_siret.id). One live request per association: while a request
-- is not rejected (REJ), `live_association_id` holds its association under a unique constraint, so
-- two requests created at once cannot both live; a rejection empties it.
CREATE TABLE "demandes_siret" (
    "id" UUID NOT NULL,
    "numero" SERIAL NOT NULL,
    "annee" INTEGER NOT NULL,
    "association_id" UUID NOT NULL,
    "live_association_id" UUID,
    "created_by_id" UUID,
    "etat" TEXT NOT NULL DEFAULT 'ECS',
    "step" INTEGER NOT NULL DEFAULT 0,
    "attestation" BOOLEAN NOT NULL DEFAULT false,
    "identite" JSONB NOT NULL DEFAULT '{}',
    "activites" JSONB NOT NULL DEFAULT '{}',
    "coordonnees" JSONB NOT NULL DEFAULT '{}',
    "documents" JSONB NOT NULL DEFAULT '[]',
    "siret_attribue" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "demandes_siret_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "demandes_siret_etat_check" CHECK ("etat" IN ('ECS', 'AEM', 'INV', 'ENCT', 'RGEN', 'ACC', 'REJ', 'REF')),
    CONSTRAINT "demandes_siret_live_check" CHECK ("live_association_id" IS NULL OR "live_association_id" = "association_id"),
    CONSTRAINT "demandes_siret_siret_check" CHECK ("siret_attribue" IS NULL OR "siret_attribue" ~ '^[0-9]{14}$')
);
CREATE UNIQUE INDEX "demandes_siret_numero_key" ON "demandes_siret"("numero");
CREATE UNIQUE INDEX "demandes_siret_live_association_id_key" ON "demandes_siret"("live_association_id");
CREATE INDEX "demandes_siret_association_id_idx" ON "demandes_siret"("association_id");
CREATE INDEX "demandes_siret_created_by_id_etat_idx" ON "demandes_siret"("created_by_id", "etat");
CREATE INDEX "demandes_siret_etat_created_at_idx" ON "demandes_siret"("etat", "created_at");
ALTER TABLE "demandes_siret" ADD CONSTRAINT "demandes_siret_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "demandes_siret" ADD CONSTRAINT "demandes_siret_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
