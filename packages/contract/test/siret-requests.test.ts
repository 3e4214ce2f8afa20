// The SIRET request's address rules (spec §5, each with its message) and the pre-fill's cuts.
import { describe, expect, it } from 'vitest';
import {
  prefillAddress,
  prefillNom,
  prefillNumVoie,
  prefillObjet,
  prefillSigle,
  siretAddressSchema,
  siretManagementAddressSchema,
  siretRequestEventSchema,
} from '../src/index.ts';

const VALID = { code_insee: '75056', cp: '75001', commune: 'Paris' };
/** The messages the schema gives for one field of an address. */
function messagesOf(address: Record<string, unknown>, field: string): string[] {
  const result = siretAddressSchema.safeParse(address);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('the address record of a SIRET request (spec §5)', () => {
  it('takes a complete address', () => {
    expect(siretAddressSchema.parse({ ...VALID, num_voie: '12', repet_voie: 'B', type_voie: 'RUE', voie: 'de la Paix', pays: null })).toMatchObject({ ...VALID, repet_voie: 'B', pays: null, bp: null });
  });

  it.each([
    ['code_insee', undefined, 'Le champ code INSEE est obligatoire.'],
    ['code_insee', '', 'Le champ code INSEE est obligatoire.'],
    ['code_insee', '7', 'Le champ code INSEE doit contenir au moins 2 caractère(s).'],
    ['code_insee', '750561', 'Le champ code INSEE ne doit pas contenir plus de 5 caractère(s).'],
    ['pays', 'x'.repeat(39), 'Le champ pays ne doit pas contenir plus de 38 caractère(s).'],
    ['num_voie', '1234567890', 'Le champ numéro de voie ne doit pas contenir plus de 9 caractère(s).'],
    ['repet_voie', 'BI', 'Le champ indice de répétition doit contenir exactement 1 caractère(s).'],
    ['type_voie', 'AVENU', 'Le champ type de voie ne doit pas contenir plus de 4 caractère(s).'],
    ['voie', 'x'.repeat(33), 'Le champ libellé de la voie ne doit pas contenir plus de 32 caractère(s).'],
    ['cplt_1', 'x'.repeat(39), "Le champ complément d'adresse ne doit pas contenir plus de 38 caractère(s)."],
    ['bp', 'x'.repeat(10), 'Le champ boîte postale ne doit pas contenir plus de 9 caractère(s).'],
    ['cp', undefined, 'Le champ code postal est obligatoire.'],
    ['cp', '1234567890', 'Le champ code postal ne doit pas contenir plus de 9 caractère(s).'],
    ['commune', '  ', 'Le champ commune est obligatoire.'],
    ['commune', 'x'.repeat(33), 'Le champ commune ne doit pas contenir plus de 32 caractère(s).'],
    ['cedex', 'x'.repeat(33), 'Le champ cedex ne doit pas contenir plus de 32 caractère(s).'],
  ])('%s = %j: « %s »', (field, value, message) => {
    expect(messagesOf({ ...VALID, [field]: value }, field)).toEqual([message]);
  });

  it('takes each field at its bound', () => {
    const atBound = { code_insee: '2A004', pays: 'x'.repeat(38), num_voie: '123456789', repet_voie: 'T', type_voie: 'IMP', voie: 'x'.repeat(32), cplt_1: 'x'.repeat(38), bp: 'x'.repeat(9), cp: '123456789', commune: 'x'.repeat(32), cedex: 'x'.repeat(32) };
    expect(siretAddressSchema.safeParse(atBound).success).toBe(true);
    expect(siretAddressSchema.safeParse({ ...VALID, code_insee: '75' }).success).toBe(true);
  });

  it('gives the management address the country FRANCE when none is given', () => {
    expect(siretManagementAddressSchema.parse(VALID).pays).toBe('FRANCE');
    expect(siretManagementAddressSchema.parse({ ...VALID, pays: 'BELGIQUE' }).pays).toBe('BELGIQUE');
  });
});

describe('the pre-fill from the association file (spec §5)', () => {
  it('cuts an acronym over 20 characters to 17 and ...', () => {
    expect(prefillSigle('ABCDEFGHIJKLMNOPQRSTU')).toBe('ABCDEFGHIJKLMNOPQ...');
    expect(prefillSigle('ABCDEFGHIJKLMNOPQRST')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(prefillSigle(null)).toBeNull();
  });
  it('cuts the name to 120 and writes the degree sign as a dot', () => {
    expect(prefillNom('Club n°5')).toBe('Club n.5');
    expect(prefillNom('x'.repeat(130))).toHaveLength(120);
  });
  it('removes forbidden characters from the object and cuts it to 260', () => {
    expect(prefillObjet('Aider <les> jeunes ; {sport} & culture !')).toBe('Aider les jeunes sport & culture');
    expect(prefillObjet('a'.repeat(300))).toHaveLength(260);
  });
  it('cuts complement to 35, street to 30, postal box to 7, and keeps the digits of the street number', () => {
    const address = prefillAddress({ num_voie: '12 bis', voie: 'v'.repeat(40), cplt_1: 'c'.repeat(40), bp: 'BP 12345', cp: '75001', commune: 'Paris' })!;
    expect(address).toMatchObject({ num_voie: '12', code_insee: null, cp: '75001', commune: 'Paris' });
    expect(address.voie).toHaveLength(30);
    expect(address.cplt_1).toHaveLength(35);
    expect(address.bp).toBe('BP 1234');
    expect(prefillNumVoie('n° 7')).toBe('7');
  });
});

describe('the processing events', () => {
  it('grants only a SIRET that passes the checksum, and refuses without a reason', () => {
    expect(siretRequestEventSchema.safeParse({ event: 'accorder', siret: '732 829 320 00074' }).success).toBe(true);
    expect(siretRequestEventSchema.safeParse({ event: 'accorder', siret: '73282932000075' }).success).toBe(false);
    expect(siretRequestEventSchema.safeParse({ event: 'refuser' }).success).toBe(false);
    expect(siretRequestEventSchema.safeParse({ event: 'refuser', comment: 'Association dissoute' }).success).toBe(true);
  });
});
