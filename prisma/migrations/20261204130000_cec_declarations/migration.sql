-- CEC declarations (docs/domain.md « Déclarations CEC »): the validation campaigns (« sessions »),
-- the back office's missions (api-dab-server), the volunteers' declarations of hours an association's
-- CEC validators decide on, and the log of those decisions.
CREATE TABLE "cec_sessions" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "libelle" TEXT NOT NULL,
    "annee_activite" INTEGER NOT NULL,
    "date_debut" DATE NOT NULL,
    "date_fin" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cec_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cec_sessions_dates_check" CHECK ("date_debut" <= "date_fin")
);
CREATE UNIQUE INDEX "cec_sessions_session_id_key" ON "cec_sessions"("session_id");

CREATE TABLE "missions" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "libelle" TEXT NOT NULL,
    "description" TEXT,
    "domaine" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "missions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "missions_code_key" ON "missions"("code");

CREATE TABLE "cec_declarations" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "etab_siret" TEXT NOT NULL,
    "session_id" UUID NOT NULL,
    "mission_id" UUID,
    "benevole_civilite" TEXT,
    "benevole_nom" TEXT NOT NULL,
    "benevole_prenom" TEXT NOT NULL,
    "benevole_courriel" TEXT,
    "heures" INTEGER NOT NULL,
    "date_debut" DATE NOT NULL,
    "date_fin" DATE NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'En attente de décision',
    "motif_refus_id" INTEGER,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by_id" UUID,
    "decided_by_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cec_declarations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cec_declarations_status_check" CHECK ("status" IN ('En attente de décision', 'Validée', 'Refusée', 'Non traitée')),
    -- A refusal has its reason (0-3), nothing else has one.
    CONSTRAINT "cec_declarations_motif_check" CHECK (("status" = 'Refusée') = ("motif_refus_id" IS NOT NULL) AND ("motif_refus_id" IS NULL OR "motif_refus_id" BETWEEN 0 AND 3)),
    CONSTRAINT "cec_declarations_heures_check" CHECK ("heures" > 0)
);
CREATE INDEX "cec_declarations_association_id_etab_siret_idx" ON "cec_declarations"("association_id", "etab_siret");
CREATE INDEX "cec_declarations_session_id_idx" ON "cec_declarations"("session_id");
ALTER TABLE "cec_declarations" ADD CONSTRAINT "cec_declarations_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "cec_declarations" ADD CONSTRAINT "cec_declarations_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "cec_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "cec_declarations" ADD CONSTRAINT "cec_declarations_mission_id_fkey" FOREIGN KEY ("mission_id") REFERENCES "missions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "cec_declaration_logs" (
    "id" UUID NOT NULL,
    "declaration_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "etab_siret" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "motif_refus_id" INTEGER,
    "actor_id" UUID,
    "actor_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cec_declaration_logs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "cec_declaration_logs_association_id_created_at_idx" ON "cec_declaration_logs"("association_id", "created_at");
ALTER TABLE "cec_declaration_logs" ADD CONSTRAINT "cec_declaration_logs_declaration_id_fkey" FOREIGN KEY ("declaration_id") REFERENCES "cec_declarations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
