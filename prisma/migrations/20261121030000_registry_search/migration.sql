-- Registry search (GET /proxy-asso/association/search): bounded, index-ordered candidate scans.

-- Names starting with the term, read in index order (LIKE 'term%' as a range, any database collation).
CREATE INDEX "associations_nom_recherche_prefix_idx" ON "associations"("nom_recherche" text_pattern_ops);

-- Nearest names by trigram word similarity (KNN: ORDER BY term <<-> nom_recherche LIMIT n).
-- COLLATE "C" lets queries choose between this index and the GIN one: expressions written on
-- (nom_recherche COLLATE "C") match only this index, plain ones only the GIN index.
CREATE INDEX "associations_nom_recherche_knn_idx" ON "associations" USING GIST ("nom_recherche" COLLATE "C" gist_trgm_ops);
