-- Sign-in attempts whose password is being checked, apart from the failures: only failures make
-- anybody wait; attempts in flight only keep a burst from checking more passwords than the free
-- failures left. An attempt whose instance died before its outcome stops counting at pending_until.
ALTER TABLE "rate_limit_counters" ADD COLUMN "pending" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "rate_limit_counters" ADD COLUMN "pending_until" TIMESTAMPTZ(3);
