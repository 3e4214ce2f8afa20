-- Pass'Sport (docs/domain.md « Pass'Sport »): exercises, beneficiaries with their codes, the
-- structures' dossiers (machine `pass_sport`, history in state_history), their inscriptions and the
-- affiliation certificates per federation.

-- An exercise: its id is the two digits (YY) that begin its beneficiaries' codes.
CREATE TABLE "psp_exercices" (
    "id" INTEGER NOT NULL,
    "annee" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "date_debut" DATE NOT NULL,
    "date_fin" DATE NOT NULL,

    CONSTRAINT "psp_exercices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "psp_exercices_id_check" CHECK ("id" BETWEEN 0 AND 99),
    CONSTRAINT "psp_exercices_dates_check" CHECK ("date_debut" <= "date_fin")
);
CREATE UNIQUE INDEX "psp_exercices_annee_key" ON "psp_exercices"("annee");

-- A beneficiary and the code the family gives the club: YY-XXXX-XXXX, letters A-Z without I and O.
-- Looked up by its code (unique index); listed by exercise, postcode and name (`nom_recherche`:
-- lower case without accents), which the two indexes serve in their order.
CREATE TABLE "psp_beneficiaires" (
    "id" UUID NOT NULL,
    "code_psp" TEXT NOT NULL,
    "exercice_id" INTEGER NOT NULL,
    "prenom" TEXT NOT NULL,
    "nom" TEXT NOT NULL,
    "nom_recherche" TEXT NOT NULL,
    "date_naissance" DATE,
    "code_postal" TEXT NOT NULL,
    "commune" TEXT NOT NULL,

    CONSTRAINT "psp_beneficiaires_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "psp_beneficiaires_code_psp_check" CHECK ("code_psp" ~ '^[0-9]{2}-[A-HJ-NP-Z]{4}-[A-HJ-NP-Z]{4}$'),
    CONSTRAINT "psp_beneficiaires_code_exercice_check" CHECK (substr("code_psp", 1, 2)::integer = "exercice_id")
);
CREATE UNIQUE INDEX "psp_beneficiaires_code_psp_key" ON "psp_beneficiaires"("code_psp");
CREATE INDEX "psp_beneficiaires_exercice_id_code_postal_nom_recherche_id_idx" ON "psp_beneficiaires"("exercice_id", "code_postal", "nom_recherche", "id");
CREATE INDEX "psp_beneficiaires_exercice_id_nom_recherche_id_idx" ON "psp_beneficiaires"("exercice_id", "nom_recherche", "id");
ALTER TABLE "psp_beneficiaires" ADD CONSTRAINT "psp_beneficiaires_exercice_id_fkey" FOREIGN KEY ("exercice_id") REFERENCES "psp_exercices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A structure's dossier. One live dossier per structure (SIRET): while it is not deleted (8, 9),
-- `live_id_siret` holds the SIRET under a unique index, so two creations at once cannot both live.
CREATE TABLE "psp_dossiers" (
    "id" UUID NOT NULL,
    "numero" SERIAL NOT NULL,
    "association_id" UUID NOT NULL,
    "id_siret" TEXT NOT NULL,
    "live_id_siret" TEXT,
    "nom" TEXT NOT NULL,
    "id_rib" UUID,
    "shared_with" UUID[],
    "federations" JSONB NOT NULL DEFAULT '[]',
    "service_id" UUID,
    "created_by_id" UUID,
    "etat" TEXT NOT NULL DEFAULT '1',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "psp_dossiers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "psp_dossiers_etat_check" CHECK ("etat" IN ('1', '2', '3', '4', '7', '8', '9')),
    CONSTRAINT "psp_dossiers_siret_check" CHECK ("id_siret" ~ '^[0-9]{14}$'),
    CONSTRAINT "psp_dossiers_live_check" CHECK ("live_id_siret" IS NULL OR "live_id_siret" = "id_siret")
);
CREATE UNIQUE INDEX "psp_dossiers_numero_key" ON "psp_dossiers"("numero");
CREATE UNIQUE INDEX "psp_dossiers_live_id_siret_key" ON "psp_dossiers"("live_id_siret");
CREATE INDEX "psp_dossiers_association_id_idx" ON "psp_dossiers"("association_id");
CREATE INDEX "psp_dossiers_id_siret_idx" ON "psp_dossiers"("id_siret");
ALTER TABLE "psp_dossiers" ADD CONSTRAINT "psp_dossiers_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "psp_dossiers" ADD CONSTRAINT "psp_dossiers_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A beneficiary registered by a dossier: 1 inscrit, 8 supprimé. A beneficiary stands in one
-- inscription at a time (`live_beneficiaire_id`, unique, emptied when the inscription is removed).
CREATE TABLE "psp_inscriptions" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "beneficiaire_id" UUID NOT NULL,
    "live_beneficiaire_id" UUID,
    "exercice_id" INTEGER NOT NULL,
    "federation_siren" TEXT,
    "id_etat" TEXT NOT NULL DEFAULT '1',
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "psp_inscriptions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "psp_inscriptions_id_etat_check" CHECK ("id_etat" IN ('1', '8')),
    CONSTRAINT "psp_inscriptions_live_check" CHECK (("live_beneficiaire_id" IS NULL) = ("id_etat" = '8') AND ("live_beneficiaire_id" IS NULL OR "live_beneficiaire_id" = "beneficiaire_id")),
    CONSTRAINT "psp_inscriptions_federation_check" CHECK ("federation_siren" IS NULL OR "federation_siren" ~ '^[0-9]{9}$')
);
CREATE UNIQUE INDEX "psp_inscriptions_live_beneficiaire_id_key" ON "psp_inscriptions"("live_beneficiaire_id");
CREATE INDEX "psp_inscriptions_dossier_id_created_at_idx" ON "psp_inscriptions"("dossier_id", "created_at");
CREATE INDEX "psp_inscriptions_beneficiaire_id_idx" ON "psp_inscriptions"("beneficiaire_id");
ALTER TABLE "psp_inscriptions" ADD CONSTRAINT "psp_inscriptions_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "psp_dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "psp_inscriptions" ADD CONSTRAINT "psp_inscriptions_beneficiaire_id_fkey" FOREIGN KEY ("beneficiaire_id") REFERENCES "psp_beneficiaires"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "psp_inscriptions" ADD CONSTRAINT "psp_inscriptions_exercice_id_fkey" FOREIGN KEY ("exercice_id") REFERENCES "psp_exercices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The affiliation certificate of an association to a federation, for an exercise (a past one is
-- accepted), with its file in the association's documents.
CREATE TABLE "psp_affiliations" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "siren_federation" TEXT NOT NULL,
    "nom_federation" TEXT NOT NULL,
    "exercice_id" INTEGER NOT NULL,
    "document_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "psp_affiliations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "psp_affiliations_siren_check" CHECK ("siren_federation" ~ '^[0-9]{9}$')
);
CREATE INDEX "psp_affiliations_association_id_siren_federation_idx" ON "psp_affiliations"("association_id", "siren_federation");
ALTER TABLE "psp_affiliations" ADD CONSTRAINT "psp_affiliations_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "psp_affiliations" ADD CONSTRAINT "psp_affiliations_exercice_id_fkey" FOREIGN KEY ("exercice_id") REFERENCES "psp_exercices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "psp_affiliations" ADD CONSTRAINT "psp_affiliations_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "association_documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
