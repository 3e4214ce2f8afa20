// The registry generator: valid identifiers (contract validators), valid IBANs (ibantools), real
// postcodes (@etalab/decoupage-administratif), unique RNA/SIREN/SIRET, Alsace-Moselle rules,
// determinism.
import { isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { identiteChangesSchema, isValidRna, isValidSiren, isValidSiret, sirenOf } from '@portail/contract';
import { DEMO_ASSOCIATIONS } from '../src/seed/demo-registry.ts';
import { defaultCommunePicker } from '../src/seed/registry/communes.ts';
import { createRegistryGenerator, generateBatch } from '../src/seed/registry/generator.ts';
import { frenchIban, ribKey } from '../src/seed/registry/identifiers.ts';
import { searchableName } from '../src/modules/proxy-asso/search/text.ts';

const communes = defaultCommunePicker();
const batch = generateBatch(createRegistryGenerator({ seed: 'test', communes }), 0, 5_000);

describe('generated registry', () => {
  it('has valid and unique SIREN, SIRET and RNA', () => {
    const sirens = batch.associations.map((a) => a.id_siren).filter((s): s is string => s !== null);
    expect(sirens.length).toBeGreaterThan(3_500);
    expect(sirens.every((s) => isValidSiren(s))).toBe(true);
    expect(new Set(sirens).size).toBe(sirens.length);
    const rnas = batch.associations.map((a) => a.id_rna as string);
    expect(rnas.every((r) => isValidRna(r))).toBe(true);
    expect(new Set(rnas).size).toBe(rnas.length);
    const sirets = batch.etablissements.map((e) => e.siret as string);
    expect(sirets.every((s) => isValidSiret(s))).toBe(true);
    expect(new Set(sirets).size).toBe(sirets.length);
  });

  it('gives each association with a SIREN one head office and 0 to 3 secondary establishments', () => {
    for (const a of batch.associations.filter((x) => x.id_siren)) {
      const own = batch.etablissements.filter((e) => e.association_id === a.id);
      expect(own.filter((e) => e.est_siege)).toHaveLength(1);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.every((e) => sirenOf(e.siret as string) === a.id_siren)).toBe(true);
      expect(own.find((e) => e.est_siege)!.siret).toBe(a.id_siret_siege);
    }
  });

  it('uses real communes and postcodes', () => {
    const byCode = new Map(communes.communes.map((c) => [c.code, c]));
    for (const a of batch.associations) {
      const address = a.adresse_siege as { cp: string; code_insee: string; commune: string };
      const commune = byCode.get(address.code_insee);
      expect(commune?.nom).toBe(address.commune);
      expect(commune?.codesPostaux).toContain(address.cp);
      expect(a.cp_siege).toBe(address.cp);
    }
  });

  it('applies the Alsace-Moselle legal form and regime to postcodes 57, 67, 68', () => {
    for (const a of batch.associations) {
      const local = /^(57|67|68)/.test(a.cp_siege as string);
      expect(a.id_forme_juridique).toBe(local ? '9260' : '9220');
      expect(a.regime).toBe(local ? 'alsaceMoselle' : 'loi1901');
      if (local) expect(a.tribunal_instance).toMatch(/^Tribunal judiciaire de /);
    }
  });

  it('gives Alsace-Moselle associations an Amalia number, volume and folio the characteristics rules accept', () => {
    const local = batch.associations.filter((a) => a.regime === 'alsaceMoselle');
    expect(local.length).toBeGreaterThan(10);
    for (const a of local) {
      const registry = { numero_amalia: a.numero_amalia, volume: a.volume, folio: a.folio };
      expect(identiteChangesSchema.safeParse(registry).success, JSON.stringify(registry)).toBe(true);
    }
  });

  it('has valid IBANs and BICs, and e-mails at example.org only', () => {
    expect(batch.ribs.length).toBeGreaterThan(2_000);
    for (const rib of batch.ribs) {
      expect(isValidIBAN(rib.iban as string), rib.iban as string).toBe(true);
      expect(isValidBIC(rib.bic as string)).toBe(true);
    }
    const mails = [...batch.representants_legaux.map((r) => r.courriel), ...batch.associations.map((a) => a.courriel)];
    expect(mails.every((m) => typeof m === 'string' && m.endsWith('example.org'))).toBe(true);
  });

  it('computes the French RIB key and IBAN check digits (known example)', () => {
    // The usual public example of a French IBAN (letters in the account number).
    expect(frenchIban('20041', '01005', '0500013M026')).toBe('FR1420041010050500013M02606');
    expect(ribKey('20041', '01005', '0500013M026')).toBe('06');
    expect(isValidIBAN(frenchIban('30002', '00550', '00001578451'))).toBe(true);
  });

  it('stores nom_recherche as searchableName(nom, sigle) and is deterministic', () => {
    for (const a of batch.associations.slice(0, 200)) {
      expect(a.nom_recherche).toBe(searchableName(a.nom as string, a.sigle as string | null));
    }
    const again = generateBatch(createRegistryGenerator({ seed: 'test', communes }), 100, 110);
    expect(again.associations).toEqual(batch.associations.slice(100, 110));
    const other = generateBatch(createRegistryGenerator({ seed: 'other', communes }), 100, 110);
    expect(other.associations[0]!.id_rna).not.toBe(batch.associations[100]!.id_rna);
  });

  it('keeps the fixed demo identifiers valid and outside the generated ranges', () => {
    for (const a of Object.values(DEMO_ASSOCIATIONS)) {
      expect(isValidRna(a.rna)).toBe(true);
      if (a.siren) expect(isValidSiren(a.siren)).toBe(true);
      for (const s of [a.siretSiege, a.siretSecondaire]) if (s) expect(isValidSiret(s)).toBe(true);
      expect(batch.associations.some((g) => (a.siren !== null && g.id_siren === a.siren) || g.id_rna === a.rna)).toBe(false);
    }
  });
});
