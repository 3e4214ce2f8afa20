-- Pass'Sport affiliation certificates: one per association, federation and exercise (a new upload
-- replaces it), and their documents filed under the association file's type for them (AFFIL,
-- referential types-documents) instead of a code no referential knows.
UPDATE "association_documents" d SET "type" = 'AFFIL'
  WHERE d."type" = 'AFF' AND EXISTS (SELECT 1 FROM "psp_affiliations" a WHERE a."document_id" = d."id");
-- Duplicates of before: the newest is kept.
DELETE FROM "psp_affiliations" a USING "psp_affiliations" b
  WHERE a."association_id" = b."association_id" AND a."siren_federation" = b."siren_federation" AND a."exercice_id" = b."exercice_id"
    AND (a."created_at", a."id") < (b."created_at", b."id");
DROP INDEX "psp_affiliations_association_id_siren_federation_idx";
CREATE UNIQUE INDEX "psp_affiliations_association_id_siren_federation_exercice_id_key" ON "psp_affiliations"("association_id", "siren_federation", "exercice_id");
