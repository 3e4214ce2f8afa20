// The subsidy dossier in the layout of the national request form (Cerfa 12156): identification of
// the association, its representatives, the dossier's budget, each project (description, means,
// evaluation, budget, amounts requested), then the sworn statement and the bank details. Amounts
// and totals come from the same views as the API (projets/view.ts: the contract's calculation).
import PDFDocument from 'pdfkit';
import { dossierInstructionMachine, SANS_OBJET } from '@portail/contract';
import { budgetView, projetView, type BudgetLike } from '../projets/view.ts';
import { field, fonts, footers, frenchDate, MARGIN, money, orDash, paragraph, section, subsection, table, titleBand, type Row } from './layout.ts';
import type { PdfData, PersonRow } from './repository.ts';

export const CHARGE_LABELS: Record<string, string> = {
  '60': '60 - Achats',
  '61': '61 - Services extérieurs',
  '62': '62 - Autres services extérieurs',
  '63': '63 - Impôts et taxes',
  '64': '64 - Charges de personnel',
  '65': '65 - Autres charges de gestion courante',
  '66': '66 - Charges financières',
  '67': '67 - Charges exceptionnelles',
  '68': '68 - Dotation aux amortissements',
  '69': '69 - Impôts sur les bénéfices ; participation',
};
export const PRODUCT_LABELS: Record<string, string> = {
  '70': '70 - Ventes, prestations de services',
  '71': '71 - Production stockée',
  '72': '72 - Production immobilisée',
  '73': '73 - Dotations et produits de tarification',
  '74': "74 - Subventions d'exploitation",
  '75': '75 - Autres produits de gestion courante',
  '76': '76 - Produits financiers',
  '77': '77 - Produits exceptionnels',
  '78': '78 - Reprises sur amortissements et provisions',
  '79': '79 - Transferts de charges',
};
export const FIXED_LABELS: Record<string, string> = {
  charges_fixes_fonctionnement: 'Charges fixes de fonctionnement',
  frais_financiers: 'Frais financiers',
  autres_charges: 'Autres charges',
};
export const OWN_LABELS: Record<string, string> = {
  fonds_propres: 'Fonds propres',
  cotisations_dons: 'Cotisations, dons manuels ou legs',
  autres_ressources: 'Autres ressources propres',
};

type Doc = InstanceType<typeof PDFDocument>;

const personName = (p: PersonRow | undefined) => (p ? [p.civilite, p.prenom, p.nom].filter(Boolean).join(' ') : null);
const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 'Oui' : 'Non');

function address(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  const street = [a.num_voie, a.repet_voie, a.type_voie, a.voie].filter(Boolean).join(' ');
  const parts = [street, a.cplt_1, a.bp ? `BP ${String(a.bp)}` : null, [a.cp, a.commune].filter(Boolean).join(' ')].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function person(doc: Doc, title: string, p: PersonRow | undefined) {
  subsection(doc, title);
  field(doc, 'Nom et prénom', personName(p));
  field(doc, 'Fonction', p?.fonction);
  field(doc, 'Téléphone', p?.telephone);
  field(doc, 'Courriel', p?.courriel);
}

/** One year's budget as the form's two-sided table: charges on the left, produits on the right. */
function budgetTable(doc: Doc, row: BudgetLike) {
  const b = budgetView(row);
  const charges = b.charges.comptes as Record<string, number | undefined>;
  const fixed = b.charges.charges_fixes as Record<string, number | undefined>;
  const produits = b.produits.comptes as Record<string, number | undefined>;
  const own = b.produits.ressources_propres as Record<string, number | undefined>;
  const left = [
    ...Object.entries(CHARGE_LABELS).map(([code, label]) => [label, money(charges[code] ?? 0)]),
    ...Object.entries(FIXED_LABELS).map(([code, label]) => [label, money(fixed[code] ?? 0)]),
  ];
  const right = [
    ...Object.entries(PRODUCT_LABELS).map(([code, label]) => [label, money(produits[code] ?? 0)]),
    ...Object.entries(OWN_LABELS).map(([code, label]) => [label, money(own[code] ?? 0)]),
  ];
  const t = b.totaux;
  const rows: Row[] = left.map((l, i) => ({ cells: [l[0]!, l[1]!, right[i]![0]!, right[i]![1]!] }));
  rows.push(
    { cells: ['Total des charges', money(t.charges), 'Total des produits', money(t.produits)], bold: true, shaded: true },
    { cells: ['86 - Emplois des contributions volontaires en nature', money(t.contributions_charges), '87 - Contributions volontaires en nature', money(t.contributions_produits)] },
    { cells: ['TOTAL', money(t.total_charges), 'TOTAL', money(t.total_produits)], bold: true, shaded: true },
    { cells: ['Insuffisance', money(t.insuffisance), 'Excédent', money(t.excedent)], bold: true },
  );
  const period = b.exerciceDu && b.exerciceAu ? ` (du ${frenchDate(b.exerciceDu)} au ${frenchDate(b.exerciceAu)})` : '';
  subsection(doc, `Exercice ${b.annee}${period}`);
  table(doc, [
    { header: 'Charges', share: 0.34 },
    { header: 'Montant', share: 0.16, align: 'right' },
    { header: 'Produits', share: 0.34 },
    { header: 'Montant', share: 0.16, align: 'right' },
  ], rows, 8);
}

function identification(doc: Doc, data: PdfData) {
  const { dossier } = data;
  const a = dossier.association;
  section(doc, "1. Identification de l'association");
  field(doc, 'Nom', a.nom);
  field(doc, 'Sigle', a.sigle);
  field(doc, 'Numéro RNA', a.idRna);
  field(doc, 'Numéro SIREN', a.idSiren);
  field(doc, 'SIRET du demandeur', dossier.idSiret ?? a.idSiretSiege);
  field(doc, 'Établissement', dossier.enseigne ?? dossier.nom);
  field(doc, 'Adresse du siège social', address(a.adresseSiege));
  field(doc, 'Téléphone', a.telephone);
  field(doc, 'Courriel', a.courriel);
  field(doc, 'Site internet', a.siteWeb);
  field(doc, "Reconnue d'utilité publique", a.utilPublique ? `Oui${a.datePublicationUtilPublique ? `, publiée le ${frenchDate(a.datePublicationUtilPublique)}` : ''}` : 'Non');
  paragraph(doc, 'Objet social', a.objet);
}

function representatives(doc: Doc, data: PdfData) {
  const { dossier, persons } = data;
  section(doc, '2. Représentants');
  person(doc, 'Représentant légal (président ou autre personne désignée par les statuts)', persons.get(dossier.idRepresentantLegal ?? ''));
  person(doc, 'Personne chargée du dossier de subvention', persons.get(dossier.idResponsable ?? ''));
}

function request(doc: Doc, data: PdfData) {
  const { dossier } = data;
  section(doc, '3. Objet de la demande');
  field(doc, 'Subvention', `${dossier.subvention.label} (${dossier.subvention.code})`);
  field(doc, 'Dispositif', `${dossier.dispositif.label} (${dossier.dispositif.code})`);
  field(doc, 'Sous-dispositif', dossier.sousDispositif?.label);
  field(doc, 'Exercice', dossier.exerciceFin && dossier.exerciceFin !== dossier.exercice ? `${dossier.exercice} à ${dossier.exerciceFin}` : dossier.exercice);
  field(doc, 'Demande pluriannuelle', yesNo(dossier.pluriannuel));
  field(doc, 'Renouvellement', yesNo(dossier.renouvellement));
  table(doc, [
    { header: 'Service instructeur', share: 0.6 },
    { header: 'Référent', share: 0.15, align: 'center' },
    { header: 'État', share: 0.25 },
  ], dossier.instructions.map((i) => ({ cells: [i.service.nom, i.isReferent ? 'Oui' : 'Non', (dossierInstructionMachine.states as Record<string, { label: string } | undefined>)[i.etat]?.label ?? i.etat] })));
}

function dossierBudget(doc: Doc, data: PdfData) {
  section(doc, "4. Budget prévisionnel de l'association");
  if (data.dossier.budgets.length === 0) paragraph(doc, 'Budget', 'Aucun budget renseigné.');
  for (const row of data.dossier.budgets) budgetTable(doc, row);
}

/** A text or number of a free-form line (territories, co-funders: the API keeps them as given). */
const textOf = (line: unknown, key: string): string | null => {
  const value = line !== null && typeof line === 'object' ? (line as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};
const numberOf = (line: unknown, key: string): number | null => {
  const value = line !== null && typeof line === 'object' ? (line as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

function projects(doc: Doc, data: PdfData) {
  const services = new Map(data.dossier.instructions.map((i) => [i.service.id, i.service.nom]));
  // Each project opens a page, the section's heading above the first one (never left alone at a page's foot).
  if (data.dossier.projets.length > 0) doc.addPage();
  section(doc, `5. Projets (${data.dossier.projets.length})`);
  if (data.dossier.projets.length === 0) paragraph(doc, 'Projets', 'Aucun projet.');
  for (const [index, row] of data.dossier.projets.entries()) {
    const p = projetView(row);
    const d = p.description;
    if (index > 0) doc.addPage();
    subsection(doc, `Projet ${d.rang_dossier} - ${orDash(d.intitule)}`);
    field(doc, 'Nouveau projet ou renouvellement', d.recurrence);
    field(doc, 'Période', d.periode === 'Annuel' ? `Annuel, ${d.exercice}` : `Pluriannuel, ${d.exercice} à ${d.exercice_fin}`);
    field(doc, 'Dates de mise en œuvre', `du ${frenchDate(d.date_debut)} au ${frenchDate(d.date_fin)}`);
    field(doc, 'Responsable du projet', personName(data.persons.get(d.id_responsable ?? '')) ?? d.id_responsable);
    paragraph(doc, 'Objectifs', d.objectifs);
    paragraph(doc, 'Description', d.description);
    // The territories the editor lists, then its comment (« Sans objet » alone when neither is given).
    const territories = p.territoires.territoires.map((t) => textOf(t, 'libelle')).filter((name): name is string => name !== null);
    const territoryComment = p.territoires.commentaire === SANS_OBJET ? null : p.territoires.commentaire;
    paragraph(doc, 'Territoires', territories.length > 0 ? territories.join(', ') : p.territoires.commentaire);
    if (territories.length > 0 && territoryComment) paragraph(doc, 'Précisions sur les territoires', territoryComment);
    if (p.beneficiaire.length > 0)
      table(doc, [
        { header: 'Public bénéficiaire', share: 0.4 },
        { header: "Tranche d'âge", share: 0.25 },
        { header: 'Genre', share: 0.2 },
        { header: 'Nombre', share: 0.15, align: 'right' },
      ], p.beneficiaire.map((b) => ({ cells: [orDash(b.lib_statut), orDash(b.lib_tranche_age), orDash(b.lib_genre), orDash(b.nombre)] })));
    paragraph(doc, 'Moyens mis en œuvre', p.moyens.commentaire);
    field(doc, 'Recrutement spécifique', p.moyens.recrutement_specifique ? `Oui, ${p.moyens.recrutement_nb_etpt ?? 0} ETPT` : 'Non');
    subsection(doc, 'Évaluation');
    if (p.evaluation.indicateurs.length > 0)
      table(doc, [
        { header: 'Rang', share: 0.1, align: 'center' },
        { header: 'Indicateur', share: 0.56 },
        { header: 'Prévu (min.)', share: 0.17, align: 'right' },
        { header: 'Prévu (max.)', share: 0.17, align: 'right' },
      ], p.evaluation.indicateurs.map((i) => ({ cells: [String(i.rang), orDash(i.intitule), orDash(i.prevu_min), orDash(i.prevu_max)] })));
    paragraph(doc, "Commentaire de l'évaluation", p.evaluation.commentaire);
    if (p.cofinancements.length > 0) {
      subsection(doc, 'Cofinancements sollicités');
      table(doc, [
        { header: 'Financeur', share: 0.7 },
        { header: 'Montant sollicité', share: 0.3, align: 'right' },
      ], p.cofinancements.map((c) => ({ cells: [orDash(textOf(c, 'financeur')), money(numberOf(c, 'montant'))] })));
    }
    subsection(doc, 'Montants demandés');
    table(doc, [
      { header: 'Année', share: 0.12, align: 'center' },
      { header: 'Service instructeur', share: 0.43 },
      { header: 'Demandé', share: 0.15, align: 'right' },
      { header: 'Proposé', share: 0.15, align: 'right' },
      { header: 'Accordé', share: 0.15, align: 'right' },
    ], [
      ...p.financements.map((f) => ({ cells: [String(f.annee), services.get(f.id_service_instructeur) ?? f.id_service_instructeur, money(f.montant_demande), money(f.montant_propose), money(f.montant_accorde)] })),
      { cells: ['Total', '', money(p.financements.reduce((s, f) => s + (f.montant_demande ?? 0), 0)), '', ''], bold: true, shaded: true },
    ]);
    for (const budget of row.budgets) budgetTable(doc, budget);
  }
}

function attestation(doc: Doc, data: PdfData) {
  const { dossier, persons, rib } = data;
  const signataire = persons.get(dossier.idSignataire ?? '');
  const total = dossier.projets.flatMap((p) => p.financements).reduce((s, f) => s + (f.montantDemande?.toNumber() ?? 0), 0);
  const att = (dossier.attestation ?? {}) as { certifie?: boolean; date?: string | null; lieu?: string | null };
  doc.addPage();
  section(doc, '6. Attestations');
  paragraph(doc, 'Je soussigné(e)', `${personName(signataire) ?? '-'}, représentant(e) légal(e) de l'association ou dûment mandaté(e) :`);
  for (const line of [
    "déclare que l'association est à jour de ses obligations sociales et fiscales (déclarations et paiements correspondants) ;",
    "certifie exactes les informations du présent formulaire, notamment relatives aux demandes de subventions déposées auprès d'autres financeurs publics ;",
    'déclare avoir pris connaissance du contrat d’engagement républicain et s’engager à le respecter ;',
    'demande une subvention de ' + money(total) + ' au total ;',
    "précise que cette subvention, si elle est accordée, devra être versée au compte bancaire de l'association ci-dessous.",
  ])
    paragraph(doc, '-', line);
  subsection(doc, 'Coordonnées bancaires');
  field(doc, 'Titulaire', rib?.titulaire);
  field(doc, 'Banque', rib?.banque);
  field(doc, 'IBAN', rib?.iban.replace(/(.{4})/g, '$1 ').trim());
  field(doc, 'BIC', rib?.bic);
  subsection(doc, 'Signature');
  field(doc, 'Attestation', att.certifie ? 'Certifiée sur l’honneur' : 'Non encore certifiée');
  field(doc, 'Fait à', att.lieu);
  field(doc, 'Le', frenchDate(att.date ?? null));
}

export const newDocument = (info: { Title: string; Author: string }, subject = 'Cerfa 12156') => {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { ...info, Subject: subject, Creator: 'Le compte association' },
    lang: 'fr-FR',
  });
  fonts(doc);
  return doc;
};

/**
 * A page of the form with an empty budget, drawn by a worker thread as it starts (worker.ts): the
 * fonts are read, the labels every PDF prints measured and the drawing code compiled before the
 * first dossier.
 */
export function warmUpDrawing(): Doc {
  const doc = newDocument({ Title: 'Demande de subvention', Author: 'Le compte association' });
  titleBand(doc, 'Demande de subvention(s)', 'Associations - formulaire Cerfa n° 12156', 'Dossier');
  section(doc, '4. Budget prévisionnel');
  field(doc, 'Exercice', 2026);
  paragraph(doc, 'Objet social', 'Favoriser la pratique du sport.');
  budgetTable(doc, { annee: 2026, exerciceDu: null, exerciceAu: null, charges: {}, produits: {}, contributions: {} });
  doc.end();
  return doc;
}

/** The PDF of the dossier, drawn in one synchronous pass from the rows read; the stream is sent as it is read. */
export function renderDossierPdf(data: PdfData): Doc {
  const { dossier } = data;
  const doc = newDocument({ Title: `Demande de subvention ${dossier.idFo}`, Author: dossier.association.nom });
  footers(doc, `Dossier ${dossier.idFo}`);
  titleBand(doc, 'Demande de subvention(s)', `Associations - formulaire Cerfa n° 12156 - ${dossier.association.nom}`, `Dossier ${dossier.idFo}`);
  identification(doc, data);
  representatives(doc, data);
  request(doc, data);
  dossierBudget(doc, data);
  projects(doc, data);
  attestation(doc, data);
  doc.end();
  return doc;
}
