-- Single-use, short-lived tickets for browser downloads of documents: the link carries a ticket
-- bound to one document and one user instead of the access token. Only its SHA-256 is stored.
CREATE TABLE "download_tickets" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "download_tickets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "download_tickets_token_hash_key" ON "download_tickets"("token_hash");
CREATE INDEX "download_tickets_expires_at_idx" ON "download_tickets"("expires_at");
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "association_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
