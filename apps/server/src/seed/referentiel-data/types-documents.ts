// Document types of an association's file and of its requests (codes used by the SIRET request:
// REC, STC, LDC). Written by hand; meta.categorie says where the document belongs.
import type { ReferentielSource, SeedOption } from '../../modules/declaration/index.ts';

type Categorie = 'Demande' | 'Projet' | 'Agrément' | 'Association';

const DOCUMENTS: [code: string, label: string, categorie: Categorie][] = [
  ['STC', 'Statuts', 'Association'],
  ['LDC', 'Liste des dirigeants', 'Association'],
  ['REC', 'Récépissé de déclaration', 'Association'],
  ['PV', "Procès-verbal d'assemblée générale", 'Association'],
  ['RIB', "Relevé d'identité bancaire", 'Association'],
  ['RAPACT', "Rapport d'activité", 'Association'],
  ['CPTE', 'Comptes annuels', 'Association'],
  ['RCAC', 'Rapport du commissaire aux comptes', 'Association'],
  ['BUDG', 'Budget prévisionnel', 'Demande'],
  ['POUV', 'Pouvoir donné au signataire', 'Demande'],
  ['ATTSUB', "Attestation sur l'honneur", 'Demande'],
  ['PROJ', 'Présentation du projet', 'Projet'],
  ['BUDGPROJ', 'Budget du projet', 'Projet'],
  ['CRF', 'Compte rendu financier', 'Projet'],
  ['ATTAG', "Arrêté d'agrément", 'Agrément'],
  ['AFFIL', "Attestation d'affiliation", 'Agrément'],
  ['RI', 'Règlement intérieur', 'Agrément'],
  ['AUTRE', 'Autre document', 'Association'],
];

export function typeDocumentOptions(): SeedOption[] {
  return DOCUMENTS.map(([value, label, categorie]) => ({ value, label, meta: { categorie } }));
}

export const typesDocumentsSource: ReferentielSource = {
  type: 'types-documents',
  label: 'Types de documents',
  categorie: 'Documents',
  load: typeDocumentOptions,
};
