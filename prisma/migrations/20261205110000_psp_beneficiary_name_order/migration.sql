-- Pass'Sport's beneficiaries listed by the beginning of their name (`nom_recherche LIKE 'mar%'`,
-- ordered by it): under the database's linguistic collation a btree cannot turn the prefix into a
-- range, and the list read the whole exercise to keep 50 rows (0.7 s at 200 000 beneficiaries).
-- The column holds lower case without accents: in byte order (COLLATE "C") the prefix is a range of
-- the same two indexes, which keep serving ORDER BY nom_recherche, id. The indexes are rebuilt, the
-- table is not rewritten.
ALTER TABLE "psp_beneficiaires" ALTER COLUMN "nom_recherche" TYPE TEXT COLLATE "C";
