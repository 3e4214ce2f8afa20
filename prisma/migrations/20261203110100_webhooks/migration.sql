-- Webhooks of the instructing services (docs/domain.md « Webhooks des services instructeurs »): the
-- URLs a service registered, one delivery per event and URL (written in the transaction of the state
-- change, with its job), and each attempt of a delivery (the log the service reads).
CREATE TABLE "service_webhooks" (
    "id" UUID NOT NULL,
    "service_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    -- The signing secret: kept to sign, answered once (creation, rotation), never shown again.
    "secret" TEXT NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "secret_rotated_at" TIMESTAMPTZ(3),

    CONSTRAINT "service_webhooks_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "service_webhooks_service_id_url_key" ON "service_webhooks"("service_id", "url");
ALTER TABLE "service_webhooks" ADD CONSTRAINT "service_webhooks_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "service_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    -- The event's id, the same for every URL it goes to: what receivers deduplicate on.
    "event_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "http_status" INTEGER,
    "last_error" TEXT,
    "duration_ms" INTEGER,
    -- PENDING: a lease while one instance sends it; FAILED: the next try (null: given up).
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('PENDING', 'SENT', 'FAILED'))
);
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_event_id_key" ON "webhook_deliveries"("webhook_id", "event_id");
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "service_webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "http_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_key" ON "webhook_attempts"("delivery_id", "attempt");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
