-- Financial reports (compte rendu financier, Cerfa 15059) of granted subsidy dossiers, one per
-- dossier and exercise (docs/domain.md « Comptes rendus financiers »). Their state is the `crf`
-- machine's; its history goes to state_history (machine 'crf', object_id = crfs.id).
CREATE TABLE "crfs" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "exercice" INTEGER NOT NULL,
    "etat" TEXT NOT NULL DEFAULT '1',
    "montant_realise" DECIMAL(15,2),
    "commentaire" TEXT,
    "moyens" JSONB NOT NULL DEFAULT '{}',
    "beneficiaire" JSONB NOT NULL DEFAULT '[]',
    "evaluation" JSONB NOT NULL DEFAULT '{}',
    "cofinancements" JSONB NOT NULL DEFAULT '[]',
    "budget_prevu" JSONB NOT NULL DEFAULT '{}',
    "budget_realise" JSONB NOT NULL DEFAULT '{}',
    "commentaire_ecarts" TEXT,
    "customs" JSONB NOT NULL DEFAULT '[]',
    "attestation" JSONB,
    "is_realised" BOOLEAN,
    "is_reported" BOOLEAN,
    "id_representant_legal" UUID,
    "id_signataire" UUID,
    "documents" JSONB NOT NULL DEFAULT '[]',
    "updated_by_id" UUID,
    "updated_by_type" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crfs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "crfs_etat_check" CHECK ("etat" IN ('1', '2', '3', '4', '5')),
    CONSTRAINT "crfs_updated_by_type_check" CHECK ("updated_by_type" IS NULL OR "updated_by_type" IN ('association', 'service')),
    CONSTRAINT "crfs_montant_realise_check" CHECK ("montant_realise" IS NULL OR "montant_realise" >= 0)
);
CREATE UNIQUE INDEX "crfs_dossier_id_exercice_key" ON "crfs"("dossier_id", "exercice");
CREATE INDEX "crfs_association_id_etat_idx" ON "crfs"("association_id", "etat");
ALTER TABLE "crfs" ADD CONSTRAINT "crfs_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "crfs" ADD CONSTRAINT "crfs_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The realised part of each project of the dossier in a report: what was done, for whom, and the
-- realised amount of each financing line of the exercise ([{ annee, id_service_instructeur, montant_realise }]).
CREATE TABLE "crf_projets" (
    "crf_id" UUID NOT NULL,
    "projet_id" UUID NOT NULL,
    "is_realised" BOOLEAN,
    "is_reported" BOOLEAN,
    "montant_realise" DECIMAL(15,2),
    "date_debut" DATE,
    "date_fin" DATE,
    "commentaire" TEXT,
    "moyens" JSONB NOT NULL DEFAULT '{}',
    "beneficiaire" JSONB NOT NULL DEFAULT '[]',
    "evaluation" JSONB NOT NULL DEFAULT '{}',
    "financements" JSONB NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crf_projets_pkey" PRIMARY KEY ("crf_id", "projet_id"),
    CONSTRAINT "crf_projets_montant_realise_check" CHECK ("montant_realise" IS NULL OR "montant_realise" >= 0)
);
CREATE INDEX "crf_projets_projet_id_idx" ON "crf_projets"("projet_id");
ALTER TABLE "crf_projets" ADD CONSTRAINT "crf_projets_crf_id_fkey" FOREIGN KEY ("crf_id") REFERENCES "crfs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "crf_projets" ADD CONSTRAINT "crf_projets_projet_id_fkey" FOREIGN KEY ("projet_id") REFERENCES "projets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
