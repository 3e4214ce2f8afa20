-- Rate limits shared by every instance and kept across restarts (issue 7 §2), and the outbox's
-- sealed secrets (§4): token-bearing links are stored redacted, their real text encrypted aside.

-- One row per limited key (route and IP, route and account, login failures): the current window's
-- count, and for sign-in the end of the short wait imposed after repeated failures.
CREATE TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);
-- The purge deletes expired rows.
CREATE INDEX "rate_limit_counters_expires_at_idx" ON "rate_limit_counters"("expires_at");

-- The mail as sent (text and html with their live links), AES-256-GCM encrypted; erased once the
-- mail is sent or given up, while "text"/"html" keep the redacted copy shown in the outbox.
ALTER TABLE "mail_outbox" ADD COLUMN "sealed" TEXT;
