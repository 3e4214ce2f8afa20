-- The approvals' catalogue (docs/domain.md « Agréments »): an approval a service instructs for a
-- campaign, its type an option of the referential types-agrement, and the expected fields and
-- documents of its dossiers. The expected items' definitions are shared with the subsidies and
-- told apart by their `service` (the same word as dossiers.service).
ALTER TABLE "champs_attendus" ADD COLUMN "service" TEXT NOT NULL DEFAULT 'subvention';
ALTER TABLE "champs_attendus" ADD CONSTRAINT "champs_attendus_service_check" CHECK ("service" IN ('subvention', 'agrement'));
ALTER TABLE "documents_attendus" ADD COLUMN "service" TEXT NOT NULL DEFAULT 'subvention';
ALTER TABLE "documents_attendus" ADD CONSTRAINT "documents_attendus_service_check" CHECK ("service" IN ('subvention', 'agrement'));

CREATE TABLE "agrements" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "type_agrement" TEXT NOT NULL,
    "service_id" UUID NOT NULL,
    "campagne_exercice" INTEGER NOT NULL,
    "code_service" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agrements_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "agrements_code_campagne_exercice_key" ON "agrements"("code", "campagne_exercice");
CREATE INDEX "agrements_service_id_idx" ON "agrements"("service_id");
CREATE INDEX "agrements_campagne_exercice_active_idx" ON "agrements"("campagne_exercice", "active");
ALTER TABLE "agrements" ADD CONSTRAINT "agrements_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "agrement_champs_attendus" (
    "agrement_id" UUID NOT NULL,
    "champ_attendu_id" UUID NOT NULL,
    "asks" JSONB NOT NULL DEFAULT '[]',
    "obligatoire" BOOLEAN NOT NULL DEFAULT false,
    "rang" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "agrement_champs_attendus_pkey" PRIMARY KEY ("agrement_id", "champ_attendu_id"),
    CONSTRAINT "agrement_champs_attendus_asks_check" CHECK (jsonb_typeof("asks") = 'array')
);
CREATE INDEX "agrement_champs_attendus_champ_attendu_id_idx" ON "agrement_champs_attendus"("champ_attendu_id");
ALTER TABLE "agrement_champs_attendus" ADD CONSTRAINT "agrement_champs_attendus_agrement_id_fkey" FOREIGN KEY ("agrement_id") REFERENCES "agrements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agrement_champs_attendus" ADD CONSTRAINT "agrement_champs_attendus_champ_attendu_id_fkey" FOREIGN KEY ("champ_attendu_id") REFERENCES "champs_attendus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "agrement_documents_attendus" (
    "agrement_id" UUID NOT NULL,
    "document_attendu_id" UUID NOT NULL,
    "asks" JSONB NOT NULL DEFAULT '[]',
    "obligatoire" BOOLEAN NOT NULL DEFAULT false,
    "rang" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "agrement_documents_attendus_pkey" PRIMARY KEY ("agrement_id", "document_attendu_id"),
    CONSTRAINT "agrement_documents_attendus_asks_check" CHECK (jsonb_typeof("asks") = 'array')
);
CREATE INDEX "agrement_documents_attendus_document_attendu_id_idx" ON "agrement_documents_attendus"("document_attendu_id");
ALTER TABLE "agrement_documents_attendus" ADD CONSTRAINT "agrement_documents_attendus_agrement_id_fkey" FOREIGN KEY ("agrement_id") REFERENCES "agrements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agrement_documents_attendus" ADD CONSTRAINT "agrement_documents_attendus_document_attendu_id_fkey" FOREIGN KEY ("document_attendu_id") REFERENCES "documents_attendus"("id") ON DELETE CASCADE ON UPDATE CASCADE;
