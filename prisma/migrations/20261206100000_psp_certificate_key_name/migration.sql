-- PostgreSQL cut the unique index's generated name at 63 characters ("…_exercice_id_ke"): it gets a
-- name of its own, the one schema.prisma now gives it (map), so that schema and database agree.
ALTER INDEX "psp_affiliations_association_id_siren_federation_exercice_id_ke" RENAME TO "psp_affiliations_asso_federation_exercice_key";
