-- The SIRET of an instructing service: the open data of granted subsidies names the attributing
-- body by it (SCDL « subventions », column idAttribuant; docs/domain.md « Données ouvertes »).
ALTER TABLE "service_accounts" ADD COLUMN "siret" TEXT;
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_siret_check" CHECK ("siret" ~ '^[0-9]{14}$');
