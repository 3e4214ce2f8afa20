-- Food aid (HAA, habilitation aide alimentaire; docs/domain.md « Aide alimentaire : sites et adresses »):
-- the association's addresses (geocoded by the national address API, or only the commune's INSEE code
-- when it did not answer) and its distribution sites, each run by one of its establishments or by a
-- member association of its network.
CREATE TABLE "haa_adresses" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "cplt" TEXT,
    "num_voie" TEXT,
    "voie" TEXT,
    "bp" TEXT,
    "cp" TEXT NOT NULL,
    "commune" TEXT NOT NULL,
    "cedex" TEXT,
    "code_insee" TEXT,
    -- Longitude and latitude (WGS 84); null when the address could not be located.
    "geo_x" DOUBLE PRECISION,
    "geo_y" DOUBLE PRECISION,
    "pays" TEXT NOT NULL DEFAULT 'FRANCE',
    "geocodage" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "haa_adresses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "haa_adresses_geocodage_check" CHECK ("geocodage" IN ('adresse', 'commune-hors-ligne', 'non-localisee'))
);
CREATE INDEX "haa_adresses_association_id_cp_idx" ON "haa_adresses"("association_id", "cp");
ALTER TABLE "haa_adresses" ADD CONSTRAINT "haa_adresses_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "haa_sites" (
    "id" UUID NOT NULL,
    "association_id" UUID NOT NULL,
    "type_membre" TEXT NOT NULL,
    "nature_activite" TEXT NOT NULL,
    -- One of the association's establishments (type_membre 'etablissement').
    "membre_siret_id" TEXT,
    -- A member association of its network (type_membre 'association'): checked when written.
    "membre_reseau_id" UUID,
    -- A legal representative of the association.
    "responsable_id" UUID,
    "itinerant" BOOLEAN NOT NULL DEFAULT false,
    -- [{ jour, plages: [{ debut, fin }] }] and [{ debut, fin, motif }], checked by the contract.
    "horaire_ouverture" JSONB NOT NULL DEFAULT '[]',
    "periode_fermeture" JSONB NOT NULL DEFAULT '[]',
    -- An address in use cannot be deleted (RESTRICT); an itinerant site may have none.
    "adresse_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "haa_sites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "haa_sites_type_membre_check" CHECK ("type_membre" IN ('association', 'etablissement')),
    CONSTRAINT "haa_sites_membre_check" CHECK (("type_membre" = 'etablissement' AND "membre_siret_id" IS NOT NULL AND "membre_reseau_id" IS NULL) OR ("type_membre" = 'association' AND "membre_reseau_id" IS NOT NULL AND "membre_siret_id" IS NULL)),
    CONSTRAINT "haa_sites_adresse_check" CHECK ("itinerant" OR "adresse_id" IS NOT NULL)
);
CREATE INDEX "haa_sites_association_id_idx" ON "haa_sites"("association_id");
CREATE INDEX "haa_sites_adresse_id_idx" ON "haa_sites"("adresse_id");
ALTER TABLE "haa_sites" ADD CONSTRAINT "haa_sites_association_id_fkey" FOREIGN KEY ("association_id") REFERENCES "associations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "haa_sites" ADD CONSTRAINT "haa_sites_adresse_id_fkey" FOREIGN KEY ("adresse_id") REFERENCES "haa_adresses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
