// A SIRET request in the layout of INSEE's form for registering an association in the SIRENE
// register: identification of the association, head office address (with its domiciliation),
// management address, activity, the documents joined, then the attestation. Drawn by a PDF worker
// from the request's view (modules/siret-requests/view.ts), the same the API answers.
import { formatSiret, SIRET_ADDRESS_LABELS, SIRET_DOCUMENT_LABELS, SIRET_DOCUMENT_TYPES, type SiretRequest, type StoredSiretAddress } from '@portail/contract';
import { newDocument } from './cerfa.ts';
import { field, footers, frenchDate, paragraph, section, table, titleBand } from './layout.ts';

/** What the worker receives for a SIRET request (JSON text). */
export interface SiretRequestPdfData {
  kind: 'demande_siret';
  demande: SiretRequest;
}

type Doc = ReturnType<typeof newDocument>;
const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');

/** The address record as the form's boxes, one line per field of §5. */
function addressTable(doc: Doc, address: StoredSiretAddress | null) {
  if (!address) {
    field(doc, 'Adresse', null);
    return;
  }
  const keys = Object.keys(SIRET_ADDRESS_LABELS) as (keyof typeof SIRET_ADDRESS_LABELS)[];
  table(
    doc,
    [{ header: 'Rubrique', share: 0.4 }, { header: 'Valeur', share: 0.6 }],
    keys.map((key) => ({ cells: [SIRET_ADDRESS_LABELS[key].replace(/^./, (c) => c.toUpperCase()), address[key] ?? ''] })),
  );
}

export function renderSiretRequestPdf({ demande }: SiretRequestPdfData): Doc {
  const numero = demande.identifiant.id_fo_fonctionnel;
  const reference = `Demande n° ${numero}`;
  const doc = newDocument({ Title: `Demande de numéro SIRET ${numero}`, Author: demande.identite.nom }, 'Inscription au répertoire SIRENE');
  footers(doc, reference);
  titleBand(doc, "Demande d'inscription d'une association au répertoire SIRENE", `Attribution d'un numéro SIRET - ${demande.identite.nom}`, reference);

  section(doc, "1. Identification de l'association");
  field(doc, 'Numéro RNA', demande.identite.id_rna);
  field(doc, 'Dénomination', demande.identite.nom);
  field(doc, 'Sigle', demande.identite.sigle);
  field(doc, 'Date de création', frenchDate(demande.identite.dateCreation));
  field(doc, 'Forme juridique', demande.identite.id_forme_juridique);
  field(doc, 'État de la demande', demande.description.libelle_etat);
  if (demande.description.siret_attribue) field(doc, 'SIRET attribué', formatSiret(demande.description.siret_attribue));
  if (demande.description.motif) field(doc, 'Motif', demande.description.motif);

  section(doc, '2. Adresse du siège');
  field(doc, "Domiciliation dans les locaux d'une entreprise", yesNo(demande.coordonnees.info_siege.domicile_entreprise));
  field(doc, 'Domiciliation provisoire chez le représentant légal', yesNo(demande.coordonnees.info_siege.domicile_provisoire_rl));
  addressTable(doc, demande.coordonnees.adresse_siege);

  section(doc, '3. Adresse de gestion (si différente du siège)');
  addressTable(doc, demande.coordonnees.adresse_gestion);

  section(doc, "4. Activité de l'association");
  field(doc, 'Objet social', [demande.activites.id_objet_social1, demande.activites.lib_objet_social1].filter(Boolean).join(' - ') || null);
  field(doc, "Famille d'activité", demande.activites.id_famille1);
  paragraph(doc, 'Objet', demande.activites.objet);

  section(doc, '5. Pièces jointes');
  table(
    doc,
    [{ header: 'Pièce', share: 0.45 }, { header: 'Document joint', share: 0.55 }],
    SIRET_DOCUMENT_TYPES.map((type) => {
      const document = demande.documents.find((d) => d.type === type);
      return { cells: [SIRET_DOCUMENT_LABELS[type], document ? (document.nom ?? 'Joint') : 'Manquant'] };
    }),
  );

  section(doc, '6. Attestation');
  field(doc, "Attestation sur l'honneur", demande.attestation ? 'Le demandeur certifie exactes les informations de la présente demande.' : 'Non signée');
  field(doc, 'Demande créée par', demande.createdBy.identifiant);
  field(doc, 'Date de création de la demande', frenchDate(demande.created_at));
  doc.end();
  return doc;
}
