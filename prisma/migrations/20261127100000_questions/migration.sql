-- Questions asked of every subsidy dossier (docs/domain.md « Dossiers de subvention », spec §5:
-- « Required questions are marked with a red asterisk and must all be answered before
-- transmission »), read by GET lca-server /questions?enabled. A dossier answers a question in its
-- customs, under the question's code. Reference content: seeded at start (missing codes only), an
-- administrator's later edits survive restarts. Disabled questions are neither shown nor required.
CREATE TABLE "questions" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'booleen',
    "obligatoire" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "rang" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "questions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "questions_type_check" CHECK ("type" IN ('booleen', 'texte'))
);
CREATE UNIQUE INDEX "questions_code_key" ON "questions"("code");
CREATE INDEX "questions_enabled_rang_idx" ON "questions"("enabled", "rang");
