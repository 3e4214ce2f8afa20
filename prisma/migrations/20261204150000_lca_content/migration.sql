-- The portal's content kept by the LCA administrators (apps/server/src/modules/lca/README.md): the
-- links of lca /urls and the document templates of lca /documents-modeles (their files in the file
-- storage, like the association documents').
CREATE TABLE "urls" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "libelle" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "rang" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "urls_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "urls_code_key" ON "urls"("code");

CREATE TABLE "documents_modeles" (
    "id" UUID NOT NULL,
    "libelle" TEXT NOT NULL,
    "nom" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "taille" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "uploaded_by" UUID,
    "date_chargement" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_modeles_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "documents_modeles_storage_key_key" ON "documents_modeles"("storage_key");
