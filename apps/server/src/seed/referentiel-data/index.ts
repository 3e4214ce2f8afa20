// Every referential seeded at start-up, in the order of REFERENTIEL_TYPES (contract).
import { decoupageAdministratifSources } from './decoupage-administratif.ts';
import { federationsSportivesSource } from './federations-sportives.ts';
import { formesJuridiquesSource } from './formes-juridiques.ts';
import { listesMetierSources } from './listes-metier.ts';
import { paysSource } from './pays.ts';
import { typesDocumentsSource } from './types-documents.ts';
import { typesVoieSource } from './types-voie.ts';
import type { ReferentielSource } from '../../modules/declaration/index.ts';

export const REFERENTIEL_SOURCES: ReferentielSource[] = [
  ...decoupageAdministratifSources,
  formesJuridiquesSource,
  paysSource,
  typesVoieSource,
  federationsSportivesSource,
  typesDocumentsSource,
  ...listesMetierSources,
];
