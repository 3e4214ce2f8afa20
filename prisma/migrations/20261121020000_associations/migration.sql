-- Associations: registry, administrative file, members' links, documents; referentials.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "associations" (
    "id" UUID NOT NULL,
    "id_rna" TEXT,
    "id_siren" TEXT,
    "id_siret_siege" TEXT,
    "nom" TEXT NOT NULL,
    "sigle" TEXT,
    "nom_recherche" TEXT NOT NULL,
    "id_forme_juridique" TEXT,
    "regime" TEXT,
    "util_publique" BOOLEAN NOT NULL DEFAULT false,
    "date_publication_util_publique" DATE,
    "date_pub_registre" DATE,
    "tribunal_instance" TEXT,
    "numero_amalia" TEXT,
    "volume" TEXT,
    "folio" TEXT,
    "impots_commerciaux" BOOLEAN,
    "a_dons_subv_153000" BOOLEAN,
    "a_publication_comptes_jo" BOOLEAN,
    "a_commissaire_aux_comptes" BOOLEAN,
    "type_structure_sportive" TEXT,
    "date_creation" DATE,
    "adresse_siege" JSONB,
    "adresse_gestion" JSONB,
    "cp_siege" TEXT,
    "telephone" TEXT,
    "site_web" TEXT,
    "courriel" TEXT,
    "domaine" TEXT,
    "champ_action_territorial" TEXT,
    "objet" TEXT,
    "specificites" JSONB NOT NULL DEFAULT '{}',
    "agrement" JSONB,
    "commentaire" TEXT,
    "composition_reseau" JSONB NOT NULL DEFAULT '[]',
    "adherents_personnes_morales" JSONB NOT NULL DEFAULT '[]',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "associations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "associations_id_rna_key" ON "associations"("id_rna");
CREATE UNIQUE INDEX "associations_id_siren_key" ON "associations"("id_siren");
CREATE INDEX "associations_nom_recherche_idx" ON "associations" USING GIN ("nom_recherche" gin_trgm_ops);
CREATE INDEX "associations_cp_siege_idx" ON "associations"("cp_siege");

CREATE TABLE "etablissements" (
    "siret" TEXT NOT NULL,
    "association_id" UUID NOT NULL,
    "nic" TEXT NOT NULL,
    "enseigne" TEXT,
    "note" TEXT,
    "courriel" TEXT,
    "telephone" TEXT,
    "est_siege" BOOLEAN NOT NULL DEFAULT false,
    "actif" BOOLEAN NOT NULL DEFAULT true,
    "adresse" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "etablissements_pkey" PRIMARY KEY ("siret")
);
CREATE INDEX "etablissements_association_id_idx" ON "etablissements"("association_id");

CREATE TABLE "association_budgets" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "exercice_du" DATE,
    "exercice_au" DATE,
    "comptes" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "association_budgets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "association_budgets_association_id_annee_key" ON "association_budgets"("association_id", "annee");

CREATE TABLE "association_comptes" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "charges" INTEGER,
    "produits" INTEGER,
    "dons" INTEGER,
    "resultat" INTEGER,
    "subv" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "association_comptes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "association_comptes_association_id_annee_key" ON "association_comptes"("association_id", "annee");

CREATE TABLE "association_rhs" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "id_siret" TEXT NOT NULL,
    "nb_adherents" INTEGER,
    "nb_adherents_f" INTEGER,
    "nb_adherents_h" INTEGER,
    "nb_dirigeants" INTEGER,
    "nb_benevoles" INTEGER,
    "nb_salaries" INTEGER,
    "nb_salaries_etpt" DECIMAL(10,2),
    "nb_volontaires" INTEGER,
    "cumul_top_5_salaires" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "association_rhs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "association_rhs_association_id_annee_id_siret_key" ON "association_rhs"("association_id", "annee", "id_siret");

CREATE TABLE "ribs" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "id_siret" TEXT NOT NULL,
    "titulaire" TEXT NOT NULL,
    "banque" TEXT,
    "domiciliation" TEXT,
    "iban" TEXT NOT NULL,
    "bic" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ribs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ribs_id_siret_iban_key" ON "ribs"("id_siret", "iban");
CREATE INDEX "ribs_association_id_idx" ON "ribs"("association_id");

CREATE TABLE "representants_legaux" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "id_siret" TEXT,
    "civilite" TEXT,
    "nom" TEXT,
    "prenom" TEXT,
    "fonction" TEXT,
    "courriel" TEXT,
    "telephone" TEXT,
    "valideur_cec" BOOLEAN NOT NULL DEFAULT false,
    "est_representant_legal" BOOLEAN NOT NULL DEFAULT true,
    "publication_internet" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "representants_legaux_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "representants_legaux_association_id_idx" ON "representants_legaux"("association_id");
CREATE INDEX "representants_legaux_courriel_idx" ON "representants_legaux"("courriel");

CREATE TABLE "association_agrements" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "numero" TEXT,
    "niveau" TEXT,
    "attributeur" TEXT,
    "origine_instructeur" TEXT,
    "date_attribution" DATE,
    "date_validite" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "association_agrements_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "association_agrements_association_id_idx" ON "association_agrements"("association_id");

CREATE TABLE "reseaux_affiliation" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "nom" TEXT NOT NULL,
    "objet" TEXT,
    "numero" TEXT,
    "id_siren" TEXT,
    "adresse" TEXT,
    "nb_licencies" INTEGER,
    "nb_licencies_f" INTEGER,
    "nb_licencies_h" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reseaux_affiliation_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "reseaux_affiliation_association_id_idx" ON "reseaux_affiliation"("association_id");

CREATE TABLE "association_documents" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "id_siret" TEXT,
    "type" TEXT NOT NULL,
    "etat" TEXT NOT NULL DEFAULT 'courant',
    "origine" TEXT NOT NULL DEFAULT 'LCA',
    "annee_validite" INTEGER,
    "nom" TEXT NOT NULL,
    "commentaire" TEXT,
    "mime_type" TEXT NOT NULL,
    "taille" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "uploaded_by" UUID,
    "date_chargement" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "association_documents_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "association_documents_storage_key_key" ON "association_documents"("storage_key");
CREATE INDEX "association_documents_association_id_type_idx" ON "association_documents"("association_id", "type");

CREATE TABLE "user_associations" (
    "id" UUID NOT NULL,
    "association_user_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "id_siret" TEXT,
    "type" TEXT NOT NULL,
    "fonction" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_associations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "user_associations_association_user_id_association_id_key" ON "user_associations"("association_user_id", "association_id");
CREATE INDEX "user_associations_association_id_idx" ON "user_associations"("association_id");

CREATE TABLE "referentiels" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "categorie" TEXT,
    "label" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "referentiels_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "referentiels_type_key" ON "referentiels"("type");

CREATE TABLE "referentiel_options" (
    "referentiel_id" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "label_recherche" TEXT NOT NULL,
    "meta" JSONB,
    "rang" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "referentiel_options_pkey" PRIMARY KEY ("referentiel_id", "value")
);
CREATE INDEX "referentiel_options_referentiel_id_rang_idx" ON "referentiel_options"("referentiel_id", "rang");

ALTER TABLE "etablissements" ADD CONSTRAINT "etablissements_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "association_budgets" ADD CONSTRAINT "association_budgets_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "association_comptes" ADD CONSTRAINT "association_comptes_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "association_rhs" ADD CONSTRAINT "association_rhs_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ribs" ADD CONSTRAINT "ribs_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "representants_legaux" ADD CONSTRAINT "representants_legaux_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "association_agrements" ADD CONSTRAINT "association_agrements_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reseaux_affiliation" ADD CONSTRAINT "reseaux_affiliation_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "association_documents" ADD CONSTRAINT "association_documents_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_associations" ADD CONSTRAINT "user_associations_association_user_id_fkey" FOREIGN KEY ("association_user_id") REFERENCES "association_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_associations" ADD CONSTRAINT "user_associations_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "referentiel_options" ADD CONSTRAINT "referentiel_options_referentiel_id_fkey" FOREIGN KEY ("referentiel_id") REFERENCES "referentiels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
