-- Audit trail (append-only, hash-chained per association), per-user notifications, and the
-- single-use links of join mails (« Je ne connais pas cette personne »).

CREATE TABLE "audit_entries" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "actor_id" UUID,
    "actor_email" TEXT,
    "entity" TEXT NOT NULL,
    "entity_id" TEXT,
    "action" TEXT NOT NULL,
    "id_siret" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "audit_entries_association_id_seq_key" ON "audit_entries"("association_id", "seq");
CREATE INDEX "audit_entries_actor_id_created_at_idx" ON "audit_entries"("actor_id", "created_at");
CREATE INDEX "audit_entries_association_id_entity_action_created_at_idx" ON "audit_entries"("association_id", "entity", "action", "created_at");

-- The application only inserts: updates, deletes and truncation are refused by the database itself.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "audit_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();

-- One row per association chain: locked (FOR UPDATE) by each append, so appends to one chain are
-- serialised and appends to different chains never wait on each other.
CREATE TABLE "audit_chain_heads" (
    "association_id" UUID NOT NULL,
    "last_seq" INTEGER NOT NULL,
    "last_hash" TEXT NOT NULL,

    CONSTRAINT "audit_chain_heads_pkey" PRIMARY KEY ("association_id")
);

CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" INTEGER NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "notifications_user_id_read_at_idx" ON "notifications"("user_id", "read_at");
CREATE INDEX "notifications_association_id_idx" ON "notifications"("association_id");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "membership_report_tokens" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "link_id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "association_user_id" UUID NOT NULL,
    "recipient" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_report_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "membership_report_tokens_token_hash_key" ON "membership_report_tokens"("token_hash");
CREATE INDEX "membership_report_tokens_link_id_idx" ON "membership_report_tokens"("link_id");
CREATE INDEX "membership_report_tokens_association_id_created_at_idx" ON "membership_report_tokens"("association_id", "created_at");
