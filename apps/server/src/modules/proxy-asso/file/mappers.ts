// Rows of the association file ↔ the contract's snake_case shapes.
import {
  computeBudgetTotals,
  type AssociationBudget as BudgetOut,
  type AssociationIdentite,
  type BudgetLines,
  type Characteristics,
  type Etablissement as EtablissementOut,
  type Representant,
  type Rib as RibOut,
  type agrementFieldsSchema,
  type representantFieldsSchema,
  type reseauFieldsSchema,
  type rhFieldsSchema,
} from '@portail/contract';
import type { z } from 'zod';
import type {
  AssociationAgrement,
  AssociationBudget,
  AssociationCompte,
  AssociationRh,
  Etablissement,
  ReseauAffiliation,
  RepresentantLegal,
  Rib,
  AssociationIdentityRow,
} from './repository.ts';

export const isoDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
export const toDate = (value: string | null | undefined) => (value ? new Date(`${value}T00:00:00Z`) : value === null ? null : undefined);

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);

export interface Passsport {
  est_volontaire: boolean | null;
  activites: string[];
  a_accueil_handicap_moteur: boolean | null;
  a_accueil_handicap_mental: boolean | null;
}

export function passsportOf(specificites: unknown): Passsport {
  const p = asObject(asObject(specificites)?.passsport) ?? {};
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
  return {
    est_volontaire: bool(p.est_volontaire),
    activites: Array.isArray(p.activites) ? p.activites.filter((a): a is string => typeof a === 'string') : [],
    a_accueil_handicap_moteur: bool(p.a_accueil_handicap_moteur),
    a_accueil_handicap_mental: bool(p.a_accueil_handicap_mental),
  };
}

export function characteristicsOf(a: AssociationIdentityRow): Characteristics {
  return {
    regime: a.regime,
    util_publique: a.utilPublique,
    date_publication_util_publique: isoDate(a.datePublicationUtilPublique),
    date_pub_registre: isoDate(a.datePubRegistre),
    tribunal_instance: a.tribunalInstance,
    numero_amalia: a.numeroAmalia,
    volume: a.volume,
    folio: a.folio,
    a_dons_subv_153000: a.aDonsSubv153000,
    a_publication_comptes_jo: a.aPublicationComptesJo,
    a_commissaire_aux_comptes: a.aCommissaireAuxComptes,
    domaine: a.domaine,
    type_structure_sportive: a.typeStructureSportive,
    champ_action_territorial: a.champActionTerritorial,
  };
}

export function toIdentite(a: AssociationIdentityRow): AssociationIdentite {
  const c = characteristicsOf(a);
  return {
    identite: {
      id_correspondance: a.id,
      id_rna: a.idRna,
      id_siren: a.idSiren,
      id_siret: a.idSiretSiege,
      id_siret_siege: a.idSiretSiege,
      nom: a.nom,
      sigle: a.sigle,
      id_forme_juridique: a.idFormeJuridique,
      date_creation: isoDate(a.dateCreation),
      regime: c.regime,
      util_publique: c.util_publique,
      date_publication_util_publique: c.date_publication_util_publique,
      date_pub_registre: c.date_pub_registre,
      tribunal_instance: c.tribunal_instance,
      numero_amalia: c.numero_amalia,
      volume: c.volume,
      folio: c.folio,
      impots_commerciaux: a.impotsCommerciaux,
      a_dons_subv_153000: c.a_dons_subv_153000,
      a_publication_comptes_jo: c.a_publication_comptes_jo,
      a_commissaire_aux_comptes: c.a_commissaire_aux_comptes,
      type_structure_sportive: c.type_structure_sportive,
    },
    coordonnees: {
      adresse_siege: asObject(a.adresseSiege),
      adresse_gestion: asObject(a.adresseGestion),
      telephone: a.telephone,
      site_web: a.siteWeb,
      courriel: a.courriel,
    },
    activites: { domaine: a.domaine, champ_action_territorial: a.champActionTerritorial, objet: a.objet },
    specificites: { ...(asObject(a.specificites) ?? {}), passsport: passsportOf(a.specificites) },
    agrement: a.agrement ?? null,
    commentaire: a.commentaire,
  };
}

export const toEtablissement = (e: Etablissement): EtablissementOut => ({
  siret: e.siret,
  nic: e.nic,
  enseigne: e.enseigne,
  note: e.note,
  courriel: e.courriel,
  telephone: e.telephone,
  est_siege: e.estSiege,
  actif: e.actif,
  adresse: asObject(e.adresse),
});

export const toRib = (r: Rib): RibOut => ({
  id: r.id,
  id_siret: r.idSiret,
  titulaire: r.titulaire,
  banque: r.banque,
  domiciliation: r.domiciliation,
  iban: r.iban,
  bic: r.bic,
});

export const toRepresentant = (r: RepresentantLegal): Representant => ({
  id: r.id,
  id_siret: r.idSiret,
  civilite: r.civilite,
  nom: r.nom,
  prenom: r.prenom,
  fonction: r.fonction,
  courriel: r.courriel,
  telephone: r.telephone,
  valideur_cec: r.valideurCec,
  est_representant_legal: r.estRepresentantLegal,
  publication_internet: r.publicationInternet,
  deleted: r.deleted,
});

export function budgetLinesOf(comptes: unknown): BudgetLines {
  const lines: Record<string, number> = {};
  for (const [account, amount] of Object.entries(asObject(comptes) ?? {})) {
    if (typeof amount === 'number') lines[account] = amount;
  }
  return lines as BudgetLines;
}

export function toBudget(b: AssociationBudget): BudgetOut {
  const comptes = budgetLinesOf(b.comptes);
  return {
    id: b.id,
    annee: b.annee,
    exercice_du: isoDate(b.exerciceDu),
    exercice_au: isoDate(b.exerciceAu),
    comptes: comptes as Record<string, number>,
    totaux: computeBudgetTotals(comptes),
  };
}

export const toCompte = (c: AssociationCompte) => ({
  id: c.id,
  annee: c.annee,
  charges: c.charges,
  produits: c.produits,
  dons: c.dons,
  resultat: c.resultat,
  subv: c.subv,
});

export const toRh = (r: AssociationRh) => ({
  id: r.id,
  annee: r.annee,
  id_siret: r.idSiret,
  nb_adherents: r.nbAdherents,
  nb_adherents_f: r.nbAdherentsF,
  nb_adherents_h: r.nbAdherentsH,
  nb_dirigeants: r.nbDirigeants,
  nb_benevoles: r.nbBenevoles,
  nb_salaries: r.nbSalaries,
  nb_salaries_etpt: r.nbSalariesEtpt === null ? null : Number(r.nbSalariesEtpt),
  nb_volontaires: r.nbVolontaires,
  cumul_top_5_salaires: r.cumulTop5Salaires,
});
export type RhOut = ReturnType<typeof toRh>;

export const toAgrement = (g: AssociationAgrement) => ({
  id: g.id,
  type: g.type,
  numero: g.numero,
  niveau: g.niveau,
  attributeur: g.attributeur,
  origine_instructeur: g.origineInstructeur,
  date_attribution: isoDate(g.dateAttribution),
  date_validite: isoDate(g.dateValidite),
});

export const toReseau = (n: ReseauAffiliation) => ({
  id: n.id,
  nom: n.nom,
  objet: n.objet,
  numero: n.numero,
  id_siren: n.idSiren,
  adresse: n.adresse,
  nb_licencies: n.nbLicencies,
  nb_licencies_f: n.nbLicenciesF,
  nb_licencies_h: n.nbLicenciesH,
});
export type ReseauOut = ReturnType<typeof toReseau>;

/** An address record (num_voie, repet_voie, type_voie, voie, cplt_1, bp, cp, commune) on one line. */
export function addressLine(address: unknown): string | null {
  const a = asObject(address);
  if (!a) return null;
  const text = (k: string) => (typeof a[k] === 'string' || typeof a[k] === 'number' ? String(a[k]).trim() : '');
  const street = [text('num_voie') + text('repet_voie'), text('type_voie'), text('voie')].filter(Boolean).join(' ');
  const town = [text('cp'), text('commune')].filter(Boolean).join(' ');
  const line = [street, text('cplt_1'), text('bp'), town].filter(Boolean).join(', ');
  return line === '' ? null : line.slice(0, 300);
}

/** JSON arrays of the file (composition_reseau, adherents_personnes_morales). */
export const jsonArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

// ---- contract values → columns (only the keys given: a PATCH changes only what it names) -----

export const representantData = (v: Partial<z.output<typeof representantFieldsSchema>>) => ({
  ...(v.civilite !== undefined ? { civilite: v.civilite } : {}),
  ...(v.nom !== undefined ? { nom: v.nom } : {}),
  ...(v.prenom !== undefined ? { prenom: v.prenom } : {}),
  ...(v.courriel !== undefined ? { courriel: v.courriel } : {}),
  ...(v.fonction !== undefined ? { fonction: v.fonction } : {}),
  ...(v.telephone !== undefined ? { telephone: v.telephone } : {}),
  ...(v.valideur_cec !== undefined ? { valideurCec: v.valideur_cec } : {}),
  ...(v.est_representant_legal !== undefined ? { estRepresentantLegal: v.est_representant_legal } : {}),
  ...(v.publication_internet !== undefined ? { publicationInternet: v.publication_internet } : {}),
  ...(v.id_siret !== undefined ? { idSiret: v.id_siret } : {}),
});

export const rhData = (v: Partial<z.output<typeof rhFieldsSchema>>) => ({
  ...(v.nb_adherents !== undefined ? { nbAdherents: v.nb_adherents } : {}),
  ...(v.nb_adherents_f !== undefined ? { nbAdherentsF: v.nb_adherents_f } : {}),
  ...(v.nb_adherents_h !== undefined ? { nbAdherentsH: v.nb_adherents_h } : {}),
  ...(v.nb_dirigeants !== undefined ? { nbDirigeants: v.nb_dirigeants } : {}),
  ...(v.nb_benevoles !== undefined ? { nbBenevoles: v.nb_benevoles } : {}),
  ...(v.nb_salaries !== undefined ? { nbSalaries: v.nb_salaries } : {}),
  ...(v.nb_salaries_etpt !== undefined ? { nbSalariesEtpt: v.nb_salaries_etpt === null ? null : v.nb_salaries_etpt.toFixed(2) } : {}),
  ...(v.nb_volontaires !== undefined ? { nbVolontaires: v.nb_volontaires } : {}),
  ...(v.cumul_top_5_salaires !== undefined ? { cumulTop5Salaires: v.cumul_top_5_salaires } : {}),
});

export const agrementData = (v: Partial<z.output<typeof agrementFieldsSchema>>) => ({
  ...(v.type !== undefined ? { type: v.type } : {}),
  ...(v.numero !== undefined ? { numero: v.numero } : {}),
  ...(v.niveau !== undefined ? { niveau: v.niveau } : {}),
  ...(v.attributeur !== undefined ? { attributeur: v.attributeur } : {}),
  ...(v.origine_instructeur !== undefined ? { origineInstructeur: v.origine_instructeur } : {}),
  ...(v.date_attribution !== undefined ? { dateAttribution: toDate(v.date_attribution) } : {}),
  ...(v.date_validite !== undefined ? { dateValidite: toDate(v.date_validite) } : {}),
});

export const reseauData = (v: Partial<z.output<typeof reseauFieldsSchema>>) => ({
  ...(v.nom !== undefined ? { nom: v.nom } : {}),
  ...(v.objet !== undefined ? { objet: v.objet } : {}),
  ...(v.numero !== undefined ? { numero: v.numero } : {}),
  ...(v.id_siren !== undefined ? { idSiren: v.id_siren } : {}),
  ...(v.adresse !== undefined ? { adresse: v.adresse } : {}),
  ...(v.nb_licencies !== undefined ? { nbLicencies: v.nb_licencies } : {}),
  ...(v.nb_licencies_f !== undefined ? { nbLicenciesF: v.nb_licencies_f } : {}),
  ...(v.nb_licencies_h !== undefined ? { nbLicenciesH: v.nb_licencies_h } : {}),
});

/** The characteristics' columns (written together: their rules tie them to one another). */
export const characteristicsData = (c: Characteristics) => ({
  regime: c.regime,
  utilPublique: c.util_publique,
  datePublicationUtilPublique: toDate(c.date_publication_util_publique),
  datePubRegistre: toDate(c.date_pub_registre),
  tribunalInstance: c.tribunal_instance,
  numeroAmalia: c.numero_amalia,
  volume: c.volume,
  folio: c.folio,
  aDonsSubv153000: c.a_dons_subv_153000,
  aPublicationComptesJo: c.a_publication_comptes_jo,
  aCommissaireAuxComptes: c.a_commissaire_aux_comptes,
  domaine: c.domaine,
  typeStructureSportive: c.type_structure_sportive,
  champActionTerritorial: c.champ_action_territorial,
});
