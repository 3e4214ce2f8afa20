// The financial report in the layout of the national form (Cerfa 15059, « compte rendu financier de
// subvention »): identification, the action carried out per project (realised amounts per
// financing line, indicators, beneficiaries), the planned vs realised budget of the exercise with
// the explanation of the gaps, the other funders, then the attestation. Drawn by a PDF worker from
// the report's view (crf/view.ts), the same the API answers; the totals by the contract's budget
// calculation.
import { computeSubsidyBudgetTotals, type CrfBudgetLines, type CrfView } from '@portail/contract';
import { CHARGE_LABELS, FIXED_LABELS, newDocument, OWN_LABELS, PRODUCT_LABELS } from './cerfa.ts';
import { field, footers, frenchDate, money, paragraph, section, subsection, table, titleBand, type Row } from './layout.ts';

/** What the worker receives for a report (JSON text): the view, and what names the association and its signatories. */
export interface CrfPdfData {
  kind: 'crf';
  crf: CrfView;
  association: { nom: string; idRna: string | null; idSiren: string | null; idSiret: string | null };
  /** « Civilité Prénom Nom » of the legal representative and the signatory, when named. */
  representant: string | null;
  signataire: string | null;
}

type Doc = ReturnType<typeof newDocument>;
const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Oui' : 'Non');
const percent = (realised: number, planned: number) => (planned > 0 ? `${Math.round((realised / planned) * 100)} %` : '');

/** Planned and realised, account by account, charges then produits (Cerfa 15059 tableau 1). */
function budgetTable(doc: Doc, prevu: CrfBudgetLines, realise: CrfBudgetLines) {
  const line = (label: string, p: number, r: number): Row => ({ cells: [label, money(p), money(r), percent(r, p)] });
  const pick = (lines: Record<string, number | undefined> | undefined, code: string) => lines?.[code] ?? 0;
  const charges = [
    ...Object.entries(CHARGE_LABELS).map(([code, label]) => line(label, pick(prevu.charges.comptes, code), pick(realise.charges.comptes, code))),
    ...Object.entries(FIXED_LABELS).map(([code, label]) => line(label, pick(prevu.charges.charges_fixes, code), pick(realise.charges.charges_fixes, code))),
  ];
  const produits = [
    ...Object.entries(PRODUCT_LABELS).map(([code, label]) => line(label, pick(prevu.produits.comptes, code), pick(realise.produits.comptes, code))),
    ...Object.entries(OWN_LABELS).map(([code, label]) => line(label, pick(prevu.produits.ressources_propres, code), pick(realise.produits.ressources_propres, code))),
  ];
  const p = computeSubsidyBudgetTotals(prevu);
  const r = computeSubsidyBudgetTotals(realise);
  const columns = (first: string) => [
    { header: first, share: 0.52 },
    { header: 'Prévision', share: 0.18, align: 'right' as const },
    { header: 'Réalisation', share: 0.18, align: 'right' as const },
    { header: '%', share: 0.12, align: 'right' as const },
  ];
  subsection(doc, 'Charges');
  table(doc, columns('Charges'), [
    ...charges,
    { ...line('Total des charges', p.charges, r.charges), bold: true, shaded: true },
    line('86 - Emplois des contributions volontaires en nature', p.contributions_charges, r.contributions_charges),
    { ...line('TOTAL', p.total_charges, r.total_charges), bold: true, shaded: true },
  ], 8);
  subsection(doc, 'Produits');
  table(doc, columns('Produits'), [
    ...produits,
    { ...line('Total des produits', p.produits, r.produits), bold: true, shaded: true },
    line('87 - Contributions volontaires en nature', p.contributions_produits, r.contributions_produits),
    { ...line('TOTAL', p.total_produits, r.total_produits), bold: true, shaded: true },
  ], 8);
}

/** The PDF of the report, drawn in one synchronous pass from its view; the stream is sent as it is read. */
export function renderCrfPdf(data: CrfPdfData): Doc {
  const { crf, association } = data;
  const reference = `Dossier ${crf.identifiant.id_fo} - exercice ${crf.exercice}`;
  const doc = newDocument({ Title: `Compte rendu financier ${crf.identifiant.id_fo} ${crf.exercice}`, Author: association.nom }, 'Cerfa 15059');
  footers(doc, reference);
  titleBand(doc, 'Compte rendu financier de subvention', `Formulaire Cerfa n° 15059 - ${association.nom}`, reference);

  section(doc, "1. Identification de l'association");
  field(doc, 'Nom', association.nom);
  field(doc, 'Numéro RNA', association.idRna);
  field(doc, 'Numéro SIREN', association.idSiren);
  field(doc, 'SIRET', association.idSiret);
  field(doc, 'Représentant légal', data.representant);
  field(doc, 'Signataire', data.signataire);
  field(doc, 'Exercice', crf.exercice);
  field(doc, 'État', crf.etat_libelle);

  section(doc, "2. Bilan qualitatif de l'action");
  field(doc, "L'action a-t-elle été réalisée ?", yesNo(crf.isRealised));
  field(doc, 'Subvention reportée sur l’exercice suivant', yesNo(crf.isReported));
  field(doc, 'Montant de la subvention accordée', money(crf.description.montant_accorde));
  field(doc, 'Montant de la subvention utilisée', money(crf.description.montant_realise));
  paragraph(doc, 'Commentaire', crf.description.commentaire);
  for (const projet of crf.projets) {
    subsection(doc, `Projet ${projet.rang_dossier} - ${projet.intitule ?? 'sans intitulé'}`);
    field(doc, 'Réalisé', yesNo(projet.isRealised));
    field(doc, 'Dates de réalisation', projet.description.date_debut || projet.description.date_fin ? `du ${frenchDate(projet.description.date_debut)} au ${frenchDate(projet.description.date_fin)}` : null);
    field(doc, 'Coût réalisé', money(projet.description.montant_realise));
    paragraph(doc, 'Écarts et commentaire', projet.description.commentaire);
    if (projet.financements.length > 0) {
      table(doc, [
        { header: 'Année', share: 0.2 },
        { header: 'Montant accordé', share: 0.4, align: 'right' },
        { header: 'Montant réalisé', share: 0.4, align: 'right' },
      ], projet.financements.map((f) => ({ cells: [String(f.annee), money(f.montant_accorde), money(f.montant_realise)] })));
    }
    if (projet.evaluation.indicateurs.length > 0) {
      table(doc, [
        { header: 'Indicateur', share: 0.55 },
        { header: 'Prévu', share: 0.25, align: 'right' },
        { header: 'Réalisé', share: 0.2, align: 'right' },
      ], projet.evaluation.indicateurs.map((i) => ({ cells: [i.intitule ?? `Indicateur ${i.rang}`, `${i.prevu_min ?? ''} - ${i.prevu_max ?? ''}`, i.realise === null ? '' : String(i.realise)] })));
    }
    const publics = projet.beneficiaire.map((b) => [b.lib_statut, b.lib_tranche_age, b.lib_genre, b.nombre === null ? null : `${b.nombre}`].filter(Boolean).join(', ')).filter(Boolean);
    if (publics.length > 0) paragraph(doc, 'Bénéficiaires', publics.join(' ; '));
    paragraph(doc, "Commentaire de l'évaluation", projet.evaluation.commentaire);
  }

  section(doc, "3. Tableau de synthèse : budget prévisionnel et réalisé de l'exercice");
  budgetTable(doc, crf.budgetCrf.prevu, crf.budgetCrf.realise);
  paragraph(doc, 'Explication des écarts', crf.budgetCrf.commentaire_ecarts);
  if (crf.cofinancements.length > 0) {
    subsection(doc, 'Autres financeurs');
    table(doc, [
      { header: 'Financeur', share: 0.5 },
      { header: 'Sollicité', share: 0.25, align: 'right' },
      { header: 'Obtenu', share: 0.25, align: 'right' },
    ], crf.cofinancements.map((c) => ({ cells: [c.financeur, money(c.montant), money(c.montant_obtenu)] })));
  }

  section(doc, '4. Attestation');
  paragraph(doc, '-', `Je soussigné(e), ${data.signataire ?? 'le signataire'}, certifie exactes les informations du présent compte rendu.`);
  const att = crf.attestation ?? { certifie: false };
  field(doc, 'Attestation', att.certifie ? 'Certifiée sur l’honneur' : 'Non encore certifiée');
  field(doc, 'Fait à', typeof att.lieu === 'string' ? att.lieu : null);
  field(doc, 'Le', frenchDate(typeof att.date === 'string' ? att.date : null));
  doc.end();
  return doc;
}
