-- Subsidies (docs/domain.md « Dossiers de subvention »): the subsidy part of instructing services,
-- schemes and their campaigns, expected fields and documents, dossiers with their instructions,
-- documents, messages, shares and budgets, projects with their financing and budget lines.
-- Value lists are CHECK constraints (schema.prisma keeps them as text).

-- Instructing services: the subsidy part, nullable or defaulted so existing rows stay valid.
ALTER TABLE "service_accounts"
    ADD COLUMN "siren" TEXT,
    ADD COLUMN "adresse" JSONB,
    ADD COLUMN "telephone" TEXT,
    ADD COLUMN "site_internet" TEXT,
    ADD COLUMN "federation_sportive" TEXT,
    ADD COLUMN "niveau_territorial" TEXT,
    ADD COLUMN "zone_territoriale" TEXT,
    ADD COLUMN "code_territoire" TEXT,
    ADD COLUMN "profil" TEXT,
    ADD COLUMN "parent_id" UUID,
    ADD COLUMN "types_agrement" JSONB NOT NULL DEFAULT '[]',
    ADD COLUMN "bo" JSONB NOT NULL DEFAULT '{}',
    ADD CONSTRAINT "service_accounts_niveau_territorial_check" CHECK ("niveau_territorial" IN ('national', 'regional', 'departemental')),
    ADD CONSTRAINT "service_accounts_profil_check" CHECK ("profil" IN ('Administrateur local', 'Administrateur national')),
    ADD CONSTRAINT "service_accounts_parent_check" CHECK ("parent_id" <> "id");
CREATE INDEX "service_accounts_parent_id_idx" ON "service_accounts"("parent_id");
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "service_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Schemes and campaigns
CREATE TABLE "dispositifs" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "duree_pluriannuelle" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dispositifs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dispositifs_duree_pluriannuelle_check" CHECK ("duree_pluriannuelle" IN (1, 2))
);
CREATE UNIQUE INDEX "dispositifs_code_key" ON "dispositifs"("code");

CREATE TABLE "sous_dispositifs" (
    "id" UUID NOT NULL,
    "dispositif_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "date_debut" DATE,
    "date_fin" DATE,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "sous_dispositifs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sous_dispositifs_dates_check" CHECK ("date_fin" IS NULL OR "date_debut" IS NULL OR "date_debut" <= "date_fin")
);
CREATE UNIQUE INDEX "sous_dispositifs_dispositif_id_label_key" ON "sous_dispositifs"("dispositif_id", "label");

CREATE TABLE "service_dispositifs" (
    "service_id" UUID NOT NULL,
    "dispositif_id" UUID NOT NULL,

    CONSTRAINT "service_dispositifs_pkey" PRIMARY KEY ("service_id", "dispositif_id")
);
CREATE INDEX "service_dispositifs_dispositif_id_idx" ON "service_dispositifs"("dispositif_id");

CREATE TABLE "subventions" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "dispositif_id" UUID NOT NULL,
    "campagne_exercice" INTEGER NOT NULL,
    "type_projet" TEXT,
    "date_debut" DATE,
    "date_fin" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subventions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "subventions_dates_check" CHECK ("date_fin" IS NULL OR "date_debut" IS NULL OR "date_debut" <= "date_fin")
);
CREATE UNIQUE INDEX "subventions_code_key" ON "subventions"("code");
CREATE INDEX "subventions_dispositif_id_campagne_exercice_idx" ON "subventions"("dispositif_id", "campagne_exercice");
CREATE INDEX "subventions_campagne_exercice_active_idx" ON "subventions"("campagne_exercice", "active");

CREATE TABLE "subvention_sous_dispositifs" (
    "subvention_id" UUID NOT NULL,
    "sous_dispositif_id" UUID NOT NULL,
    "date_debut" DATE,
    "date_fin" DATE,

    CONSTRAINT "subvention_sous_dispositifs_pkey" PRIMARY KEY ("subvention_id", "sous_dispositif_id")
);
CREATE INDEX "subvention_sous_dispositifs_sous_dispositif_id_idx" ON "subvention_sous_dispositifs"("sous_dispositif_id");

CREATE TABLE "subvention_instructeurs" (
    "subvention_id" UUID NOT NULL,
    "service_id" UUID NOT NULL,
    "is_referent" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "subvention_instructeurs_pkey" PRIMARY KEY ("subvention_id", "service_id")
);
CREATE INDEX "subvention_instructeurs_service_id_idx" ON "subvention_instructeurs"("service_id");

-- Expected fields and documents, and their use by a subvention
CREATE TABLE "champs_attendus" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "label_code" TEXT,
    "type" TEXT NOT NULL,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "champs_attendus_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "champs_attendus_code_key" ON "champs_attendus"("code");

CREATE TABLE "documents_attendus" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "label_code" TEXT,
    "nature" TEXT NOT NULL,
    "meta" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "documents_attendus_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "documents_attendus_code_key" ON "documents_attendus"("code");

CREATE TABLE "subvention_champs_attendus" (
    "subvention_id" UUID NOT NULL,
    "champ_attendu_id" UUID NOT NULL,
    "part" TEXT NOT NULL,
    "asks" JSONB NOT NULL DEFAULT '[]',
    "obligatoire" BOOLEAN NOT NULL DEFAULT false,
    "rang" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "subvention_champs_attendus_pkey" PRIMARY KEY ("subvention_id", "champ_attendu_id", "part"),
    CONSTRAINT "subvention_champs_attendus_part_check" CHECK ("part" IN ('dossier', 'projet', 'crf')),
    CONSTRAINT "subvention_champs_attendus_asks_check" CHECK (jsonb_typeof("asks") = 'array')
);
CREATE INDEX "subvention_champs_attendus_champ_attendu_id_idx" ON "subvention_champs_attendus"("champ_attendu_id");

CREATE TABLE "subvention_documents_attendus" (
    "subvention_id" UUID NOT NULL,
    "document_attendu_id" UUID NOT NULL,
    "part" TEXT NOT NULL,
    "asks" JSONB NOT NULL DEFAULT '[]',
    "obligatoire" BOOLEAN NOT NULL DEFAULT false,
    "rang" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "subvention_documents_attendus_pkey" PRIMARY KEY ("subvention_id", "document_attendu_id", "part"),
    CONSTRAINT "subvention_documents_attendus_part_check" CHECK ("part" IN ('dossier', 'projet', 'crf')),
    CONSTRAINT "subvention_documents_attendus_asks_check" CHECK (jsonb_typeof("asks") = 'array')
);
CREATE INDEX "subvention_documents_attendus_document_attendu_id_idx" ON "subvention_documents_attendus"("document_attendu_id");

-- Dossiers. id_fo, the number people read, is drawn by next_dossier_id_fo(exercice): the exercise,
-- a dash and a six-digit number from one sequence (unique across years, gaps allowed).
CREATE SEQUENCE "dossier_id_fo_seq" AS BIGINT START 1;
CREATE FUNCTION "next_dossier_id_fo"(exercice INTEGER) RETURNS TEXT
    LANGUAGE sql VOLATILE
    AS $$ SELECT exercice::text || '-' || lpad(nextval('dossier_id_fo_seq')::text, 6, '0') $$;

CREATE TABLE "dossiers" (
    "id" UUID NOT NULL,
    "id_fo" TEXT NOT NULL,
    "step" INTEGER NOT NULL DEFAULT 0,
    "service" TEXT NOT NULL DEFAULT 'subvention',
    "statut" TEXT NOT NULL DEFAULT 'incomplet',
    "exercice" INTEGER NOT NULL,
    "exercice_fin" INTEGER,
    "subvention_id" UUID NOT NULL,
    "dispositif_id" UUID NOT NULL,
    "sous_dispositif_id" UUID,
    "renouvellement" BOOLEAN,
    "pluriannuel" BOOLEAN,
    "couplage_tca" BOOLEAN NOT NULL DEFAULT false,
    "customs" JSONB NOT NULL DEFAULT '[]',
    "donnees" JSONB NOT NULL DEFAULT '{}',
    "association_id" UUID NOT NULL,
    "id_siret" TEXT,
    "nom" TEXT,
    "enseigne" TEXT,
    "id_representant_legal" UUID,
    "id_signataire" UUID,
    "id_responsable" UUID,
    "id_rib" UUID,
    "attestation" JSONB,
    "created_by_id" UUID,
    "created_by_type" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dossiers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dossiers_step_check" CHECK ("step" BETWEEN 0 AND 4),
    CONSTRAINT "dossiers_service_check" CHECK ("service" = 'subvention'),
    CONSTRAINT "dossiers_statut_check" CHECK ("statut" IN ('incomplet', 'complet')),
    CONSTRAINT "dossiers_exercice_fin_check" CHECK ("exercice_fin" IS NULL OR "exercice_fin" >= "exercice"),
    CONSTRAINT "dossiers_created_by_type_check" CHECK ("created_by_type" IN ('association', 'service'))
);
CREATE UNIQUE INDEX "dossiers_id_fo_key" ON "dossiers"("id_fo");
CREATE INDEX "dossiers_association_id_exercice_idx" ON "dossiers"("association_id", "exercice");
CREATE INDEX "dossiers_subvention_id_sous_dispositif_id_idx" ON "dossiers"("subvention_id", "sous_dispositif_id");
CREATE INDEX "dossiers_id_siret_exercice_idx" ON "dossiers"("id_siret", "exercice");
CREATE INDEX "dossiers_created_by_id_idx" ON "dossiers"("created_by_id");

CREATE TABLE "dossier_instructions" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "service_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "etat" TEXT NOT NULL DEFAULT 'A',
    "is_referent" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" UUID,
    "created_by_type" TEXT NOT NULL,
    "complet" BOOLEAN NOT NULL DEFAULT false,
    "crf_recus" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dossier_instructions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dossier_instructions_etat_check" CHECK ("etat" IN ('A', 'B', 'C', 'D', '2', '3', '4', '6', '7', '8', '9', '10', '11', '12')),
    CONSTRAINT "dossier_instructions_created_by_type_check" CHECK ("created_by_type" IN ('association', 'service'))
);
CREATE UNIQUE INDEX "dossier_instructions_dossier_id_service_id_key" ON "dossier_instructions"("dossier_id", "service_id");
CREATE INDEX "dossier_instructions_service_id_etat_idx" ON "dossier_instructions"("service_id", "etat");
CREATE INDEX "dossier_instructions_association_id_etat_idx" ON "dossier_instructions"("association_id", "etat");

CREATE TABLE "dossier_documents" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dossier_documents_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "dossier_documents_dossier_id_code_document_id_key" ON "dossier_documents"("dossier_id", "code", "document_id");
CREATE INDEX "dossier_documents_document_id_idx" ON "dossier_documents"("document_id");

CREATE TABLE "dossier_messages" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "author_id" UUID,
    "service_id" UUID,
    "direction" TEXT NOT NULL,
    "texte" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dossier_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dossier_messages_direction_check" CHECK ("direction" IN ('vers_service', 'vers_association'))
);
CREATE INDEX "dossier_messages_dossier_id_created_at_idx" ON "dossier_messages"("dossier_id", "created_at");

CREATE TABLE "dossier_shares" (
    "dossier_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dossier_shares_pkey" PRIMARY KEY ("dossier_id", "user_id")
);
CREATE INDEX "dossier_shares_user_id_idx" ON "dossier_shares"("user_id");

CREATE TABLE "dossier_budgets" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "exercice_du" DATE,
    "exercice_au" DATE,
    "charges" JSONB NOT NULL DEFAULT '{}',
    "produits" JSONB NOT NULL DEFAULT '{}',
    "contributions" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dossier_budgets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "dossier_budgets_dossier_id_annee_key" ON "dossier_budgets"("dossier_id", "annee");

-- Projects
CREATE TABLE "projets" (
    "id" UUID NOT NULL,
    "dossier_id" UUID NOT NULL,
    "rang_dossier" INTEGER NOT NULL,
    "numero_projet" TEXT,
    "intitule" TEXT,
    "recurrence" TEXT,
    "periode" TEXT NOT NULL DEFAULT 'Annuel',
    "date_debut" DATE,
    "date_fin" DATE,
    "objectifs" TEXT,
    "description" TEXT,
    "exercice" INTEGER NOT NULL,
    "exercice_fin" INTEGER NOT NULL,
    "id_responsable" UUID,
    "demandeur_id_siret" TEXT,
    "territoires" JSONB NOT NULL DEFAULT '{}',
    "beneficiaire" JSONB NOT NULL DEFAULT '[]',
    "moyens" JSONB NOT NULL DEFAULT '{}',
    "evaluation" JSONB NOT NULL DEFAULT '{}',
    "cofinancements" JSONB NOT NULL DEFAULT '[]',
    "customs" JSONB NOT NULL DEFAULT '[]',
    "need_validation" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "projets_periode_check" CHECK ("periode" IN ('Annuel', 'Pluriannuel')),
    CONSTRAINT "projets_exercice_fin_check" CHECK ("exercice_fin" >= "exercice"),
    CONSTRAINT "projets_rang_dossier_check" CHECK ("rang_dossier" >= 1)
);
CREATE UNIQUE INDEX "projets_dossier_id_rang_dossier_key" ON "projets"("dossier_id", "rang_dossier");

CREATE TABLE "projet_financements" (
    "id" UUID NOT NULL,
    "projet_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "service_id" UUID NOT NULL,
    "montant_demande" DECIMAL(15,2),
    "montant_propose" DECIMAL(15,2),
    "montant_accorde" DECIMAL(15,2),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projet_financements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "projet_financements_montants_check" CHECK (
        ("montant_demande" IS NULL OR "montant_demande" >= 0) AND
        ("montant_propose" IS NULL OR "montant_propose" >= 0) AND
        ("montant_accorde" IS NULL OR "montant_accorde" >= 0))
);
CREATE UNIQUE INDEX "projet_financements_projet_id_annee_service_id_key" ON "projet_financements"("projet_id", "annee", "service_id");
CREATE INDEX "projet_financements_service_id_annee_idx" ON "projet_financements"("service_id", "annee");

CREATE TABLE "projet_budgets" (
    "id" UUID NOT NULL,
    "projet_id" UUID NOT NULL,
    "annee" INTEGER NOT NULL,
    "exercice_du" DATE,
    "exercice_au" DATE,
    "charges" JSONB NOT NULL DEFAULT '{}',
    "produits" JSONB NOT NULL DEFAULT '{}',
    "contributions" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projet_budgets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "projet_budgets_projet_id_annee_key" ON "projet_budgets"("projet_id", "annee");

-- Foreign keys
ALTER TABLE "sous_dispositifs" ADD CONSTRAINT "sous_dispositifs_dispositif_id_fkey" FOREIGN KEY ("dispositif_id") REFERENCES "dispositifs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "service_dispositifs" ADD CONSTRAINT "service_dispositifs_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "service_dispositifs" ADD CONSTRAINT "service_dispositifs_dispositif_id_fkey" FOREIGN KEY ("dispositif_id") REFERENCES "dispositifs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subventions" ADD CONSTRAINT "subventions_dispositif_id_fkey" FOREIGN KEY ("dispositif_id") REFERENCES "dispositifs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "subvention_sous_dispositifs" ADD CONSTRAINT "subvention_sous_dispositifs_subvention_id_fkey" FOREIGN KEY ("subvention_id") REFERENCES "subventions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_sous_dispositifs" ADD CONSTRAINT "subvention_sous_dispositifs_sous_dispositif_id_fkey" FOREIGN KEY ("sous_dispositif_id") REFERENCES "sous_dispositifs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_instructeurs" ADD CONSTRAINT "subvention_instructeurs_subvention_id_fkey" FOREIGN KEY ("subvention_id") REFERENCES "subventions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_instructeurs" ADD CONSTRAINT "subvention_instructeurs_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_champs_attendus" ADD CONSTRAINT "subvention_champs_attendus_subvention_id_fkey" FOREIGN KEY ("subvention_id") REFERENCES "subventions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_champs_attendus" ADD CONSTRAINT "subvention_champs_attendus_champ_attendu_id_fkey" FOREIGN KEY ("champ_attendu_id") REFERENCES "champs_attendus"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_documents_attendus" ADD CONSTRAINT "subvention_documents_attendus_subvention_id_fkey" FOREIGN KEY ("subvention_id") REFERENCES "subventions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "subvention_documents_attendus" ADD CONSTRAINT "subvention_documents_attendus_document_attendu_id_fkey" FOREIGN KEY ("document_attendu_id") REFERENCES "documents_attendus"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_subvention_id_fkey" FOREIGN KEY ("subvention_id") REFERENCES "subventions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_dispositif_id_fkey" FOREIGN KEY ("dispositif_id") REFERENCES "dispositifs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_sous_dispositif_id_fkey" FOREIGN KEY ("sous_dispositif_id") REFERENCES "sous_dispositifs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "dossier_instructions" ADD CONSTRAINT "dossier_instructions_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_instructions" ADD CONSTRAINT "dossier_instructions_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossier_instructions" ADD CONSTRAINT "dossier_instructions_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossier_documents" ADD CONSTRAINT "dossier_documents_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_documents" ADD CONSTRAINT "dossier_documents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "association_documents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "dossier_messages" ADD CONSTRAINT "dossier_messages_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_messages" ADD CONSTRAINT "dossier_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "dossier_messages" ADD CONSTRAINT "dossier_messages_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "dossier_shares" ADD CONSTRAINT "dossier_shares_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_shares" ADD CONSTRAINT "dossier_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_budgets" ADD CONSTRAINT "dossier_budgets_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "projets" ADD CONSTRAINT "projets_dossier_id_fkey" FOREIGN KEY ("dossier_id") REFERENCES "dossiers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "projet_financements" ADD CONSTRAINT "projet_financements_projet_id_fkey" FOREIGN KEY ("projet_id") REFERENCES "projets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "projet_financements" ADD CONSTRAINT "projet_financements_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "projet_budgets" ADD CONSTRAINT "projet_budgets_projet_id_fkey" FOREIGN KEY ("projet_id") REFERENCES "projets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
