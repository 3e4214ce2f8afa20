-- Registry search, word level.
--
-- The names holding every word of a term: a GIN index over the words of each live name
-- (nom_recherche is normalised: its words are separated by single spaces), so that an all-words
-- intersection is an exact intersection of the words' posting lists (a few milliseconds for words
-- held by tens of thousands of names), where trigram LIKE intersections cost tens of milliseconds
-- and more cold. No column and no trigger: the index follows every write to associations, and a
-- bulk loader rebuilds it with the other indexes. Prisma cannot declare an expression index: it
-- lives here only (schema.prisma says so beside the Association model).
CREATE INDEX "associations_nom_recherche_words_idx" ON "associations"
    USING GIN (string_to_array("nom_recherche", ' ')) WHERE "deleted_at" IS NULL;

-- The dictionary's correction reads the words at least as similar as a bound (GIN trigram,
-- similarity operators) instead of the nearest ones (GiST KNN): a few hundred posting entries
-- instead of a walk of most of the GiST tree for a short word, 1-2 ms instead of 20-40 ms at
-- 1.5 M associations.
DROP INDEX "association_search_words_word_idx";
CREATE INDEX "association_search_words_word_idx" ON "association_search_words" USING GIN ("word" gin_trgm_ops);
