-- History of the state machines (contract machines/): one row per transition of a dossier
-- instruction, CRF, SIRET request or Pass'Sport dossier, written in the transition's transaction.
-- No foreign key: the history outlives what it describes, like the audit trail.
CREATE TABLE "state_history" (
    "id" UUID NOT NULL,
    "machine" TEXT NOT NULL,
    "object_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "from_state" TEXT NOT NULL,
    "to_state" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "actor_id" UUID,
    "actor_email" TEXT,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "state_history_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "state_history_machine_object_id_created_at_idx" ON "state_history"("machine", "object_id", "created_at");
CREATE INDEX "state_history_association_id_created_at_idx" ON "state_history"("association_id", "created_at");
