// The realistic association registry: associations with valid SIREN/SIRET/RNA, real communes and
// postcodes, French names and objects, legal representatives (example.org e-mails), RIBs with
// valid IBANs. Deterministic: association `i` of seed `s` is always the same.
import { AMALIA_LENGTH, FOLIO_LENGTH, VOLUME_LENGTH } from '@portail/contract';
import { searchableName } from '../../modules/proxy-asso/index.ts';
import type { CommunePicker, Commune } from './communes.ts';
import { frenchIban, rnaFrom, sirenFrom, siretFrom } from './identifiers.ts';
import { hashSeed, randomFor, type Random } from './random.ts';
import {
  AMIS_OF, BANKS, CULTURE, DOMAINES, FIRST_NAMES, FONCTIONS, LAST_NAMES, SAINTS, SCHOOLS, SOCIAL, SPORTS,
  STREET_NAMES, STREET_TYPES, type Sport,
} from './words.ts';

export type CellValue = string | number | boolean | null | Date | object;

/** Column order of each table, shared by COPY and INSERT loaders. */
export const REGISTRY_COLUMNS = {
  associations: [
    'id', 'id_rna', 'id_siren', 'id_siret_siege', 'nom', 'sigle', 'nom_recherche', 'id_forme_juridique', 'regime',
    'util_publique', 'date_pub_registre', 'tribunal_instance', 'numero_amalia', 'volume', 'folio',
    'impots_commerciaux', 'a_dons_subv_153000', 'type_structure_sportive', 'date_creation', 'adresse_siege', 'cp_siege',
    'telephone', 'courriel', 'site_web', 'domaine', 'champ_action_territorial', 'objet', 'specificites', 'deleted_at',
    'created_at', 'updated_at',
  ],
  etablissements: ['siret', 'association_id', 'nic', 'enseigne', 'courriel', 'telephone', 'est_siege', 'actif', 'adresse', 'created_at', 'updated_at'],
  representants_legaux: [
    'id', 'association_id', 'id_siret', 'civilite', 'nom', 'prenom', 'fonction', 'courriel', 'telephone', 'valideur_cec',
    'est_representant_legal', 'publication_internet', 'created_at', 'updated_at',
  ],
  ribs: ['id', 'association_id', 'id_siret', 'titulaire', 'banque', 'domiciliation', 'iban', 'bic', 'created_at', 'updated_at'],
} as const;
export type RegistryTable = keyof typeof REGISTRY_COLUMNS;
export const REGISTRY_TABLES = Object.keys(REGISTRY_COLUMNS) as RegistryTable[];

export type Row = Record<string, CellValue>;

export interface GeneratedAssociation {
  associations: Row[];
  etablissements: Row[];
  representants_legaux: Row[];
  ribs: Row[];
}

export interface GeneratorOptions {
  seed: string;
  communes: CommunePicker;
  /** created_at / updated_at of every row (fixed, so that output is reproducible). */
  timestamp?: Date;
}

const DEFAULT_TIMESTAMP = new Date('2026-01-01T00:00:00.000Z');
export const LEGAL_FORM_ASSOCIATION = '9220';
export const LEGAL_FORM_ALSACE_MOSELLE = '9260';

const TRIBUNALS: Record<string, string[]> = {
  '57': ['Tribunal judiciaire de Metz', 'Tribunal judiciaire de Sarreguemines', 'Tribunal judiciaire de Thionville'],
  '67': ['Tribunal judiciaire de Strasbourg', 'Tribunal judiciaire de Saverne'],
  '68': ['Tribunal judiciaire de Colmar', 'Tribunal judiciaire de Mulhouse'],
};

/** Identifier ranges: generated numbers never collide with the fixed demo associations (below them). */
const SIREN_BASE_MIN = 30_000_000;
const SIREN_BASE_SPAN = 70_000_000;
const RNA_MIN = 1_000_000;
const RNA_SPAN = 9_000_000;
/** A number sharing no factor with the spans: i → (i * STEP + offset) mod span is one-to-one. */
const STEP = 48_271_007;

/** "de Lyon", "du Havre", "des Lilas", "d'Angers". */
export function deCommune(nom: string): string {
  if (nom.startsWith('Le ')) return `du ${nom.slice(3)}`;
  if (nom.startsWith('Les ')) return `des ${nom.slice(4)}`;
  if (/^[AEIOUYÉÈÊÂÎÔH]/i.test(nom) && !nom.startsWith('La ')) return `d'${nom}`;
  return `de ${nom}`;
}

const SMALL_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'a', 'au', 'aux', 'en', 'sur', 'sous', 'l', 'd']);
function initials(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(/[^A-Za-z]+/)
    .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 6);
}

interface NameParts {
  nom: string;
  sigle: string | null;
  objet: string;
  domaine: string;
  sport: Sport | null;
}

function nameFor(random: Random, commune: Commune): NameParts {
  const de = deCommune(commune.nom);
  const roll = random.next();
  if (roll < 0.34) {
    const sport = random.pick(SPORTS);
    const style = random.int(0, 4);
    const nom =
      style === 0 ? `Association sportive ${de}`
      : style === 1 ? `Club de ${sport.nom} ${de}`
      : style === 2 ? `${sport.club} club ${commune.nom}`
      : style === 3 ? `Union sportive ${de}`
      : `${sport.club} ${commune.nom}`;
    return {
      nom, sport, domaine: 'Sport',
      sigle: random.chance(0.5) ? initials(nom) : null,
      objet: `Promouvoir la pratique ${sport.du} à ${commune.nom} et participer aux compétitions officielles.`,
    };
  }
  if (roll < 0.44) {
    return {
      nom: `Comité des fêtes ${de}`, sigle: random.chance(0.2) ? 'CDF' : null, domaine: 'Vie locale', sport: null,
      objet: `Organiser des manifestations festives, culturelles et sportives pour animer la commune ${de}.`,
    };
  }
  if (roll < 0.56) {
    const what = random.pick(AMIS_OF);
    const nom = random.chance(0.3) ? `Les Amis ${de}` : random.chance(0.3)
      ? `Les Amis de l'église Saint-${random.pick(SAINTS)} ${de}`
      : `Les Amis ${what.startsWith('la ') || what.startsWith("l'") ? `de ${what}` : what} ${de}`;
    return {
      nom, sigle: null, domaine: 'Patrimoine', sport: null,
      objet: `Sauvegarder, faire connaître et mettre en valeur le patrimoine ${de}.`,
    };
  }
  if (roll < 0.66) {
    const school = random.pick(SCHOOLS);
    return {
      nom: `Association des parents d'élèves de l'école ${school} ${de}`, sigle: random.chance(0.6) ? 'APE' : null,
      domaine: 'Éducation', sport: null,
      objet: `Représenter les parents d'élèves de l'école ${school} et soutenir les projets éducatifs.`,
    };
  }
  if (roll < 0.8) {
    const kind = random.pick(CULTURE);
    const nom = `${kind} ${de}`;
    return {
      nom, sigle: random.chance(0.3) ? initials(nom) : null, domaine: 'Culture', sport: null,
      objet: `Développer la pratique artistique et culturelle et proposer des activités ouvertes à tous à ${commune.nom}.`,
    };
  }
  const kind = random.pick(SOCIAL);
  const nom = `${kind} ${de}`;
  return {
    nom, sigle: kind.startsWith('Maison des jeunes') ? 'MJC' : random.chance(0.25) ? initials(nom) : null,
    domaine: random.pick(DOMAINES.filter((d) => d !== 'Sport')), sport: null,
    objet: `Favoriser le lien social, l'entraide et les loisirs des habitants ${de}.`,
  };
}

const asciiSlug = (text: string) =>
  text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function address(random: Random, commune: Commune) {
  return {
    num_voie: String(random.int(1, 120)),
    type_voie: random.pick(STREET_TYPES),
    voie: random.pick(STREET_NAMES),
    cp: random.pick(commune.codesPostaux),
    commune: commune.nom,
    code_insee: commune.code,
    pays: 'FRANCE',
  };
}

const phone = (random: Random) => `0${random.pick(['1', '2', '3', '4', '5', '6', '7', '9'])}${random.digits(8)}`;

/** A UUID that sorts by index (appends to the primary key index), tagged by table. */
function orderedUuid(tag: number, seedHash: number, index: number, sub = 0): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  return `${hex(seedHash, 8)}-${hex(tag, 4)}-4${hex(sub, 3)}-8${hex(Math.floor(index / 2 ** 36) & 0xfff, 3)}-${hex(index % 2 ** 36, 12)}`;
}

export interface RegistryGenerator {
  generate(index: number): GeneratedAssociation;
}

export function createRegistryGenerator(options: GeneratorOptions): RegistryGenerator {
  const seedHash = hashSeed(options.seed);
  const timestamp = options.timestamp ?? DEFAULT_TIMESTAMP;
  const sirenOffset = seedHash % SIREN_BASE_SPAN;
  const rnaOffset = (seedHash >>> 3) % RNA_SPAN;

  return {
    generate(index: number): GeneratedAssociation {
      const random = randomFor(seedHash, index);
      const commune = options.communes.pick(random.next());
      const id = orderedUuid(0xa550, seedHash, index);
      const name = nameFor(random, commune);
      const siege = address(random, commune);
      const alsaceMoselle = /^(57|67|68)/.test(siege.cp);
      const hasSiren = random.chance(0.85);
      let sirenBase = SIREN_BASE_MIN + ((index * STEP + sirenOffset) % SIREN_BASE_SPAN);
      // La Poste's SIREN follows another rule; its slot moves just below the generated range.
      if (sirenBase === 35_600_000) sirenBase = SIREN_BASE_MIN - 1;
      const siren = hasSiren ? sirenFrom(String(sirenBase)) : null;
      const rna = rnaFrom(commune.departement, RNA_MIN + ((index * STEP + rnaOffset) % RNA_SPAN));
      const created = new Date(Date.UTC(random.chance(0.7) ? random.int(1990, 2025) : random.int(1901, 1989), random.int(0, 11), random.int(1, 28)));
      const slug = asciiSlug(name.sigle ?? name.nom).slice(0, 40);

      const etablissements: Row[] = [];
      const representants: Row[] = [];
      const ribs: Row[] = [];
      let siegeSiret: string | null = null;
      if (siren) {
        const secondary = random.chance(0.75) ? 0 : random.chance(0.6) ? 1 : random.chance(0.7) ? 2 : 3;
        for (let n = 0; n <= secondary; n++) {
          const siret = siretFrom(siren, String(n + 1).padStart(4, '0'));
          const place = n === 0 ? commune : random.pick(options.communes.byDepartement.get(commune.departement) ?? [commune]);
          if (n === 0) siegeSiret = siret;
          etablissements.push({
            siret, association_id: id, nic: siret.slice(9),
            enseigne: n === 0 ? null : `${name.sport ? `Section ${name.sport.nom}` : 'Antenne'} ${deCommune(place.nom)}`,
            courriel: n === 0 ? `contact@${slug}.example.org` : null,
            telephone: phone(random), est_siege: n === 0, actif: n === 0 || random.chance(0.9),
            adresse: n === 0 ? siege : address(random, place), created_at: timestamp, updated_at: timestamp,
          });
        }
      }

      const people = random.int(1, 3);
      for (let n = 0; n < people; n++) {
        const [prenom, civilite] = random.pick(FIRST_NAMES);
        const nom = random.pick(LAST_NAMES);
        representants.push({
          id: orderedUuid(0xb0b0, seedHash, index, n), association_id: id, id_siret: siegeSiret, civilite, nom, prenom,
          fonction: FONCTIONS[n]!, courriel: `${asciiSlug(prenom)}.${asciiSlug(nom)}${random.int(1, 999)}@example.org`,
          telephone: phone(random), valideur_cec: n === 0 && random.chance(0.3), est_representant_legal: n === 0,
          publication_internet: random.chance(0.2), created_at: timestamp, updated_at: timestamp,
        });
      }

      if (siegeSiret && random.chance(0.8)) {
        const bank = random.pick(BANKS);
        ribs.push({
          id: orderedUuid(0xc0c0, seedHash, index), association_id: id, id_siret: siegeSiret, titulaire: name.nom.toUpperCase(),
          banque: bank.nom, domiciliation: `${bank.nom} ${commune.nom}`,
          iban: frenchIban(bank.code, random.digits(5), random.digits(11)), bic: bank.bic,
          created_at: timestamp, updated_at: timestamp,
        });
      }

      const association: Row = {
        id, id_rna: rna, id_siren: siren, id_siret_siege: siegeSiret, nom: name.nom, sigle: name.sigle,
        nom_recherche: searchableName(name.nom, name.sigle),
        id_forme_juridique: alsaceMoselle ? LEGAL_FORM_ALSACE_MOSELLE : LEGAL_FORM_ASSOCIATION,
        regime: alsaceMoselle ? 'alsaceMoselle' : 'loi1901',
        util_publique: random.chance(0.005),
        date_pub_registre: alsaceMoselle ? created : null,
        tribunal_instance: alsaceMoselle ? random.pick(TRIBUNALS[siege.cp.slice(0, 2)]!) : null,
        // Padded to the lengths the characteristics form requires, so a generated file can be saved as is.
        numero_amalia: alsaceMoselle ? String(random.int(1000, 99999)).padStart(AMALIA_LENGTH.min, '0') : null,
        volume: alsaceMoselle ? String(random.int(1, 120)).padStart(VOLUME_LENGTH, '0') : null,
        folio: alsaceMoselle ? String(random.int(1, 999)).padStart(FOLIO_LENGTH, '0') : null,
        impots_commerciaux: random.chance(0.05), a_dons_subv_153000: random.chance(0.02),
        type_structure_sportive: name.sport ? 'club' : null,
        date_creation: created, adresse_siege: siege, cp_siege: siege.cp,
        telephone: phone(random), courriel: `contact@${slug}.example.org`,
        site_web: random.chance(0.3) ? `https://${slug}.example.org` : null,
        domaine: name.domaine, champ_action_territorial: random.pick(['Communal', 'Communal', 'Intercommunal', 'Départemental']),
        objet: name.objet,
        specificites: name.sport ? { passsport: { est_volontaire: random.chance(0.4), activites: [name.sport.nom] } } : {},
        deleted_at: random.chance(0.005) ? timestamp : null,
        created_at: timestamp, updated_at: timestamp,
      };
      return { associations: [association], etablissements, representants_legaux: representants, ribs };
    },
  };
}

/** Generates associations [from, to) into one batch per table. */
export function generateBatch(generator: RegistryGenerator, from: number, to: number): GeneratedAssociation {
  const batch: GeneratedAssociation = { associations: [], etablissements: [], representants_legaux: [], ribs: [] };
  for (let i = from; i < to; i++) {
    const one = generator.generate(i);
    for (const table of REGISTRY_TABLES) for (const row of one[table]) batch[table].push(row);
  }
  return batch;
}
