// The referential seed: the whole set on an empty table within the start-up budget, then nothing
// on a second run, and administrators' edits kept; a missing type comes back alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseSearchText, REFERENTIEL_TYPES } from '@portail/contract';
import { REFERENTIEL_SOURCES } from '../src/seed/referentiel-data/index.ts';
import { seedReferentiels } from '../src/modules/declaration/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('referential sources', () => {
  it('cover the types of the contract, each with unique non-empty values and labels', () => {
    expect(REFERENTIEL_SOURCES.map((s) => s.type)).toEqual([...REFERENTIEL_TYPES]);
    for (const source of REFERENTIEL_SOURCES) {
      const options = source.load();
      expect(new Set(options.map((o) => o.value)).size, source.type).toBe(options.length);
      for (const o of options) {
        expect(o.value.trim(), source.type).not.toBe('');
        expect(o.label.trim(), source.type).not.toBe('');
      }
    }
  });

  it('normalise search text without accents, case, ligatures or punctuation', () => {
    expect(normaliseSearchText("Saint-Étienne-du-Gué-de-l'Isle")).toBe('saint etienne du gue de l isle');
    expect(normaliseSearchText('  ŒUVRES  Laïques ')).toBe('oeuvres laiques');
    expect(normaliseSearchText('100% _test_')).toBe('100 test');
  });
});

describe('seedReferentiels', () => {
  it('seeds every type on an empty table, then nothing and keeps edits', async () => {
    await t.db.referentiel.deleteMany();

    const first = await seedReferentiels(t.db, REFERENTIEL_SOURCES);
    console.info(`[referentiels] seed of ${first.inserted.length} types: ${first.durationMs} ms`);
    expect(first.inserted).toEqual([...REFERENTIEL_TYPES]);
    // Its time is printed here and is part of the first start's figure in `pnpm bench`, not asserted.
    expect(await t.db.referentielOption.count()).toBeGreaterThan(35_000);
    const communes = await t.db.referentiel.findUniqueOrThrow({ where: { type: 'communes' }, include: { _count: { select: { options: true } } } });
    expect(communes._count.options).toBeGreaterThan(34_000);
    const stEtienne = await t.db.referentielOption.findUniqueOrThrow({ where: { referentielId_value: { referentielId: communes.id, value: '42218' } } });
    expect(stEtienne).toMatchObject({ label: 'Saint-Étienne', labelRecherche: 'saint etienne' });

    // An administrator's edit, then a restart: nothing inserted, the edit kept.
    await t.db.referentiel.update({ where: { type: 'domaines' }, data: { label: 'Domaines (modifié)' } });
    const pays = await t.db.referentiel.findUniqueOrThrow({ where: { type: 'pays' } });
    await t.db.referentielOption.deleteMany({ where: { referentielId: pays.id, value: { not: '99100' } } });
    const second = await seedReferentiels(t.db, REFERENTIEL_SOURCES);
    expect(second.inserted).toEqual([]);
    expect((await t.db.referentiel.findUniqueOrThrow({ where: { type: 'domaines' } })).label).toBe('Domaines (modifié)');
    expect(await t.db.referentielOption.count({ where: { referentielId: pays.id } })).toBe(1);

    // A deleted type comes back alone.
    await t.db.referentiel.delete({ where: { type: 'types-voie' } });
    expect((await seedReferentiels(t.db, REFERENTIEL_SOURCES)).inserted).toEqual(['types-voie']);
  });
});
