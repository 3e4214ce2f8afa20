-- Instruction of subsidy dossiers by their services (docs/domain.md « Instruction par les services »).

-- Payments recorded with the payment stages of an instruction (events mettre_en_paiement,
-- poursuivre_paiement, constater_paiement): one row per payment, tied to the history row of the
-- event that recorded it.
CREATE TABLE "dossier_paiements" (
    "id" UUID NOT NULL,
    "instruction_id" UUID NOT NULL,
    "history_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "montant" DECIMAL(15,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dossier_paiements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dossier_paiements_montant_check" CHECK ("montant" > 0)
);
CREATE INDEX "dossier_paiements_instruction_id_date_idx" ON "dossier_paiements"("instruction_id", "date");
CREATE UNIQUE INDEX "dossier_paiements_history_id_key" ON "dossier_paiements"("history_id");
ALTER TABLE "dossier_paiements" ADD CONSTRAINT "dossier_paiements_instruction_id_fkey" FOREIGN KEY ("instruction_id") REFERENCES "dossier_instructions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dossier_paiements" ADD CONSTRAINT "dossier_paiements_history_id_fkey" FOREIGN KEY ("history_id") REFERENCES "state_history"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The statut flag « incomplet » set by a service after transmission (spec §3, §4): what it asked,
-- when, and which service; cleared when the dossier is complete again.
ALTER TABLE "dossiers" ADD COLUMN "incomplet_commentaire" TEXT;
ALTER TABLE "dossiers" ADD COLUMN "incomplet_at" TIMESTAMPTZ(3);
ALTER TABLE "dossiers" ADD COLUMN "incomplet_service_id" UUID;
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_incomplet_service_id_fkey" FOREIGN KEY ("incomplet_service_id") REFERENCES "service_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The instructing services a sign-in account acts for: its own service, the services below it when
-- its profile is « Administrateur local », every service when « Administrateur national » (the same
-- reach as the services' administration, rds/services/service.ts).
CREATE FUNCTION "service_reach"(auth UUID) RETURNS SETOF UUID LANGUAGE sql STABLE AS $$
  WITH RECURSIVE own AS (
    SELECT id, profil FROM service_accounts WHERE auth_id = auth
  ), below AS (
    SELECT s.id FROM service_accounts s JOIN own o ON s.parent_id = o.id WHERE o.profil = 'Administrateur local'
    UNION
    SELECT s.id FROM service_accounts s JOIN below b ON s.parent_id = b.id
  )
  SELECT id FROM own
  UNION SELECT id FROM below
  UNION SELECT s.id FROM service_accounts s WHERE EXISTS (SELECT 1 FROM own WHERE profil = 'Administrateur national')
$$;
