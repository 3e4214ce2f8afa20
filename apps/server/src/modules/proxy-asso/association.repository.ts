// Prisma rows of the association file → the contract's snake_case shapes (spec §3).
import {
  computeBudgetTotals,
  type AssociationBudget as BudgetOut,
  type AssociationIdentite,
  type BudgetLines,
  type Characteristics,
  type Etablissement as EtablissementOut,
  type Representant,
  type Rib as RibOut,
} from '@portail/contract';
import type {
  AssociationAgrement,
  Association,
  AssociationBudget,
  AssociationCompte,
  AssociationRh,
  Etablissement,
  ReseauAffiliation,
  RepresentantLegal,
  Rib,
} from '../../generated/prisma/client.ts';

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

export function characteristicsOf(a: Association): Characteristics {
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

export function toIdentite(a: Association): AssociationIdentite {
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
