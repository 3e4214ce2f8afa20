// A Pass'Sport dossier as the structure keeps it and the instructing service reads it: the
// structure, its federations, then the standing inscriptions (code, beneficiary, town, federation,
// exercise). Drawn by a PDF worker from the dossier's view (modules/psp/view.ts), the one the API answers.
import { formatSiret, type PspDossier } from '@portail/contract';
import { newDocument } from './cerfa.ts';
import { field, footers, frenchDate, section, table, titleBand } from './layout.ts';

/** What the worker receives for a Pass'Sport dossier (JSON text, `kind` first). */
export interface PassSportPdfData {
  kind: 'pass_sport';
  dossier: PspDossier;
}

export function renderPassSportPdf({ dossier }: PassSportPdfData): ReturnType<typeof newDocument> {
  const reference = `Dossier Pass'Sport n° ${dossier.numero}`;
  const doc = newDocument({ Title: reference, Author: dossier.structure.nom }, "Pass'Sport");
  footers(doc, reference);
  titleBand(doc, "Pass'Sport : inscriptions de la structure", dossier.structure.nom, reference);

  section(doc, '1. Structure');
  field(doc, 'Nom', dossier.structure.nom);
  field(doc, 'SIRET', formatSiret(dossier.structure.id_siret));
  field(doc, 'État du dossier', dossier.libelle_etat);
  field(doc, 'Créé le', frenchDate(dossier.created_at));

  section(doc, '2. Fédérations');
  if (dossier.federations.length === 0) field(doc, 'Fédérations', 'Aucune');
  else table(doc, [{ header: 'Fédération', share: 0.7 }, { header: 'SIREN', share: 0.3 }], dossier.federations.map((f) => ({ cells: [f.nom, f.siren] })));

  section(doc, `3. Inscriptions (${dossier.inscriptions.length})`);
  if (dossier.inscriptions.length === 0) field(doc, 'Inscriptions', 'Aucune');
  else {
    table(
      doc,
      [
        { header: 'Code', share: 0.18 },
        { header: 'Bénéficiaire', share: 0.3 },
        { header: 'Commune', share: 0.24 },
        { header: 'Fédération', share: 0.2 },
        { header: 'Exercice', share: 0.08 },
      ],
      dossier.inscriptions.map((i) => ({
        cells: [
          i.beneficiaire.id_psp,
          `${i.beneficiaire.prenom} ${i.beneficiaire.nom}`,
          `${i.beneficiaire.adresse.code_postal} ${i.beneficiaire.adresse.commune}`,
          i.federation.nom ?? '',
          String(dossier.exercices.find((e) => e.id === i.exercice_id)?.id_exercice ?? i.exercice_id),
        ],
      })),
    );
  }
  doc.end();
  return doc;
}
