// An approval dossier (dossier de demande d'agrément) as a printable form: the approval asked for
// and its instructing service, the applicant and its people, the documents given for each expected
// document, the common approval criteria (TCA), the food-aid block (HAA type), the answers to the
// expected fields (those the dossier asks for, as its wizard: contract askedOfApproval), then the state. Drawn by a PDF worker from the dossier's view (module
// demande/agrements, `approvalDossiers.pdfData`), with the names the view gives as ids.
import { askedOfApproval, formatSiret, type ApprovalDossierDetail } from '@portail/contract';
import { newDocument } from './cerfa.ts';
import { field, footers, frenchDate, paragraph, section, table, titleBand } from './layout.ts';

/** What the worker receives for an approval dossier (JSON text, `kind` first). */
export interface ApprovalDossierPdfData {
  kind: 'agrement_dossier';
  dossier: ApprovalDossierDetail;
  /** The association's name and identifiers. */
  association: { nom: string; id_rna: string | null; id_siren: string | null };
  /** Person id → « Prénom Nom (fonction) ». */
  personnes: Record<string, string>;
  /** Document id → its file name. */
  documents: Record<string, string>;
}

type Doc = ReturnType<typeof newDocument>;

/** A free JSON value printed as text: scalars as they are, lists joined, objects as « clé : valeur ». */
function printed(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) return value.map(printed).filter(Boolean).join(', ');
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k} : ${printed(v)}`).join(' ; ');
  return String(value);
}

/** A free block (TCA, HAA) as a two-column table, one line per key. */
function block(doc: Doc, value: Record<string, unknown> | null) {
  const entries = Object.entries(value ?? {}).filter(([, v]) => printed(v) !== '');
  if (entries.length === 0) {
    field(doc, 'Renseigné', 'Non');
    return;
  }
  table(doc, [{ header: 'Rubrique', share: 0.35 }, { header: 'Réponse', share: 0.65 }], entries.map(([key, v]) => ({ cells: [key.replace(/_/g, ' '), printed(v)] })));
}

export function renderApprovalDossierPdf({ dossier, association, personnes, documents }: ApprovalDossierPdfData): Doc {
  const { agrement } = dossier;
  const expectedDocuments = askedOfApproval(agrement.documents_attendus, dossier);
  const expectedFields = askedOfApproval(agrement.champs_attendus, dossier);
  const reference = `Dossier n° ${dossier.id_fo}`;
  const doc = newDocument({ Title: `Demande d'agrément ${dossier.id_fo}`, Author: association.nom }, "Demande d'agrément");
  footers(doc, reference);
  titleBand(doc, "Dossier de demande d'agrément", `${agrement.type_agrement_label} - ${association.nom}`, reference);

  section(doc, "1. L'agrément demandé");
  field(doc, "Code de l'agrément", agrement.code);
  field(doc, "Type d'agrément", `${agrement.type_agrement} - ${agrement.type_agrement_label}`);
  if (agrement.categorie) field(doc, 'Catégorie', agrement.categorie);
  field(doc, 'Service instructeur', dossier.description.service_instructeur);
  field(doc, 'Campagne (exercice)', dossier.exercice);
  field(doc, 'État du dossier', dossier.etat_libelle);
  field(doc, 'Statut', dossier.statut === 'complet' ? 'Complet' : 'Incomplet');

  section(doc, '2. Le demandeur');
  field(doc, 'Association', association.nom);
  field(doc, 'Numéro RNA', association.id_rna);
  field(doc, 'SIREN', association.id_siren);
  field(doc, 'SIRET du siège demandeur', dossier.demandeur.id_siret ? formatSiret(dossier.demandeur.id_siret) : null);
  field(doc, 'Nom du demandeur', dossier.demandeur.nom);
  const person = (id: string | null) => (id ? (personnes[id] ?? 'Personne retirée du dossier') : null);
  field(doc, 'Représentant légal', person(dossier.demandeur.id_representant_legal));
  field(doc, 'Signataire', person(dossier.demandeur.id_signataire));
  field(doc, 'Personne responsable', person(dossier.demandeur.id_responsable));

  section(doc, '3. Pièces jointes');
  if (expectedDocuments.length === 0) field(doc, 'Documents attendus', 'Aucun');
  else {
    table(
      doc,
      [{ header: 'Document attendu', share: 0.45 }, { header: 'Obligatoire', share: 0.15 }, { header: 'Document joint', share: 0.4 }],
      expectedDocuments.map((expected) => {
        const given = dossier.documents.find((d) => d.code === expected.code);
        return { cells: [expected.label, expected.obligatoire ? 'Oui' : 'Non', given ? (documents[given.id_document] ?? 'Joint') : 'Non joint'] };
      }),
    );
  }

  section(doc, "4. Tronc commun d'agrément");
  block(doc, dossier.tca);
  if (dossier.haa || agrement.type_agrement === 'HAA') {
    section(doc, '5. Habilitation aide alimentaire');
    block(doc, dossier.haa);
  }

  section(doc, dossier.haa || agrement.type_agrement === 'HAA' ? '6. Informations complémentaires' : '5. Informations complémentaires');
  if (expectedFields.length === 0) field(doc, 'Champs attendus', 'Aucun');
  else {
    table(
      doc,
      [{ header: 'Champ', share: 0.45 }, { header: 'Réponse', share: 0.55 }],
      expectedFields.map((expected) => ({ cells: [`${expected.label}${expected.obligatoire ? ' *' : ''}`, printed(dossier.customs.find((c) => c.code === expected.code)?.value)] })),
    );
  }
  paragraph(doc, 'Mentions', "Les champs marqués d'un astérisque (*) sont obligatoires pour transmettre le dossier.");
  field(doc, 'Édité le', frenchDate(new Date()));
  doc.end();
  return doc;
}
