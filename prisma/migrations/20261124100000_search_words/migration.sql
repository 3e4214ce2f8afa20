-- Registry search: dictionary of the distinct words of live associations' nom_recherche (nom and
-- sigle, what name search matches), with the number of live associations whose name holds each.
-- The search corrects a term's words against it (a word absent from it is replaced by its nearest
-- word by trigram similarity) before the main query. A few hundred thousand rows at 1.5 M
-- associations.
CREATE TABLE "association_search_words" (
    "word" TEXT NOT NULL,
    "associations" INTEGER NOT NULL,

    CONSTRAINT "association_search_words_pkey" PRIMARY KEY ("word")
);

-- Nearest words of a misspelt one (KNN: ORDER BY word <-> term LIMIT n).
CREATE INDEX "association_search_words_word_idx" ON "association_search_words" USING GIST ("word" gist_trgm_ops);

-- The distinct words of a name (split on anything but letters and digits).
CREATE FUNCTION "association_name_words"(name TEXT) RETURNS SETOF TEXT
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(name, '[^[:alnum:]]+') AS w WHERE w <> ''
$$;

-- Keeps the dictionary in step with every write to associations: creation, rename (nom_recherche),
-- deletion (row deleted, or deleted_at set) and restoration. A bulk loader may set
-- `portail.search_words = 'deferred'` on its session and call association_search_words_rebuild()
-- afterwards instead.
CREATE FUNCTION "association_search_words_sync"() RETURNS TRIGGER
    LANGUAGE plpgsql AS $$
DECLARE
  old_words TEXT[] := '{}';
  new_words TEXT[] := '{}';
BEGIN
  IF current_setting('portail.search_words', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    old_words := ARRAY(SELECT association_name_words(OLD.nom_recherche));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    new_words := ARRAY(SELECT association_name_words(NEW.nom_recherche));
  END IF;
  -- Rows are locked in word order, so that concurrent writers cannot deadlock on them.
  INSERT INTO "association_search_words" AS d ("word", "associations")
  SELECT w, 1 FROM unnest(new_words) AS w WHERE NOT (w = ANY(old_words)) ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "associations" = d."associations" + 1;
  PERFORM 1 FROM "association_search_words"
   WHERE "word" = ANY(old_words) AND NOT ("word" = ANY(new_words)) ORDER BY "word" FOR UPDATE;
  UPDATE "association_search_words" SET "associations" = "associations" - 1
   WHERE "word" = ANY(old_words) AND NOT ("word" = ANY(new_words));
  DELETE FROM "association_search_words" WHERE "word" = ANY(old_words) AND "associations" <= 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER "associations_search_words" AFTER INSERT OR DELETE OR UPDATE OF "nom_recherche", "deleted_at"
    ON "associations" FOR EACH ROW EXECUTE FUNCTION "association_search_words_sync"();

CREATE FUNCTION "association_search_words_truncate"() RETURNS TRIGGER
    LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "association_search_words";
  RETURN NULL;
END
$$;

CREATE TRIGGER "associations_search_words_truncate" AFTER TRUNCATE
    ON "associations" FOR EACH STATEMENT EXECUTE FUNCTION "association_search_words_truncate"();

-- Recomputes the whole dictionary from the live associations (after a bulk load); returns its size.
CREATE FUNCTION "association_search_words_rebuild"() RETURNS BIGINT
    LANGUAGE plpgsql AS $$
DECLARE
  size BIGINT;
BEGIN
  LOCK TABLE "association_search_words" IN EXCLUSIVE MODE;
  DELETE FROM "association_search_words";
  INSERT INTO "association_search_words" ("word", "associations")
  SELECT w, count(*)::int FROM "associations" a CROSS JOIN LATERAL association_name_words(a."nom_recherche") AS w
   WHERE a."deleted_at" IS NULL GROUP BY w;
  GET DIAGNOSTICS size = ROW_COUNT;
  RETURN size;
END
$$;

SELECT "association_search_words_rebuild"();
