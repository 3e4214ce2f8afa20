// Associations for tests, with valid identifiers (Luhn keys computed), a head office and optional
// secondary establishments; and links between users and associations.
import { randomInt } from 'node:crypto';
import { luhnValid } from '@portail/contract';
import type { TestApp } from './test-app.ts';

/** `body` followed by the digit that makes it pass Luhn. */
export function withLuhnKey(body: string): string {
  for (let key = 0; key <= 9; key++) if (luhnValid(body + key)) return body + key;
  throw new Error('unreachable');
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A random valid SIREN (not La Poste's). */
export function newSiren(): string {
  let siren: string;
  do siren = withLuhnKey(String(randomInt(1, 10)) + digits(7));
  while (siren.startsWith('356000000'));
  return siren;
}
export const siretOf = (siren: string, nic4: string) => withLuhnKey(siren + nic4);
export const newRna = () => `W${randomInt(1, 10)}${randomInt(10)}${digits(7)}`;

export interface AssociationOptions {
  nom?: string;
  /** Number of secondary establishments (default 1). */
  secondaires?: number;
  cpSiege?: string;
  regime?: string | null;
  /** One inactive secondary establishment at the end. */
  inactiveSecondaire?: boolean;
  representants?: { courriel: string; idSiret?: string | null }[];
}

export async function createAssociation(t: TestApp, options: AssociationOptions = {}) {
  const siren = newSiren();
  const siege = siretOf(siren, '0001');
  const secondaires = Array.from({ length: options.secondaires ?? 1 }, (_, i) => siretOf(siren, String(2 + i).padStart(4, '0')));
  const inactive = options.inactiveSecondaire ? siretOf(siren, '0099') : null;
  const nom = options.nom ?? `Association de test ${siren}`;
  const association = await t.db.association.create({
    data: {
      idRna: newRna(),
      idSiren: siren,
      idSiretSiege: siege,
      nom,
      nomRecherche: nom.toLowerCase(),
      idFormeJuridique: '9220',
      regime: options.regime === undefined ? 'loi1901' : options.regime,
      cpSiege: options.cpSiege ?? '75011',
      champActionTerritorial: 'Local',
      domaine: 'Autre',
      aDonsSubv153000: false,
      etablissements: {
        create: [
          { siret: siege, nic: siege.slice(9), estSiege: true, enseigne: 'Siège' },
          ...secondaires.map((siret, i) => ({ siret, nic: siret.slice(9), enseigne: `Antenne ${i + 1}` })),
          ...(inactive ? [{ siret: inactive, nic: inactive.slice(9), enseigne: 'Fermée', actif: false }] : []),
        ],
      },
      representantsLegaux: {
        create: (options.representants ?? [{ courriel: `president-${siren}@asso.example.org` }]).map((r) => ({
          civilite: 'Mme',
          nom: 'Martin',
          prenom: 'Claire',
          fonction: 'Présidente',
          telephone: '0612345678',
          courriel: r.courriel,
          idSiret: r.idSiret ?? null,
        })),
      },
    },
  });
  return { association, id: association.id, siren, siege, secondaires, inactive, rna: association.idRna! };
}
export type TestAssociation = Awaited<ReturnType<typeof createAssociation>>;

/** Links an account (by its auth id) to an association, as head office or secondary establishment. */
export async function linkUser(t: TestApp, authId: string, asso: TestAssociation, siret: string = asso.siege) {
  const user = await t.db.associationUser.upsert({ where: { authId }, create: { authId }, update: {} });
  return t.db.userAssociation.create({
    data: {
      associationUserId: user.id,
      associationId: asso.id,
      idSiret: siret,
      type: siret === asso.siege ? 'Siège' : 'Etablissement secondaire',
      fonction: 'Trésorier',
    },
  });
}

export const VALID_IBAN = 'FR7630006000011234567890189';
export const OTHER_IBAN = 'FR1420041010050500013M02606';
export const VALID_BIC = 'BNPAFRPP';

export async function createRib(t: TestApp, asso: TestAssociation, siret: string = asso.siege, iban = VALID_IBAN) {
  return t.db.rib.create({ data: { associationId: asso.id, idSiret: siret, titulaire: asso.association.nom, iban, bic: VALID_BIC } });
}
