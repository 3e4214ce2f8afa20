// Pass'Sport demo data (seed/demo-pass-sport.ts): three exercises around today, beneficiaries with
// valid and distinct codes a club can register, seeded once; the code generator never repeats itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS_SPORT_CODE_PATTERN } from '@portail/contract';
import { DEMO_BENEFICIAIRES, pspCodeOf, seedDemoPassSport } from '../src/seed/demo-pass-sport.ts';
import { createClub, FOOTBALL, certify, pspCalls } from './support/psp-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the Pass’Sport demo data', () => {
  it('seeds the exercises and realistic beneficiaries with valid codes once, which a club then registers', async () => {
    expect(await seedDemoPassSport(t.db)).toBe(true);
    expect(await seedDemoPassSport(t.db)).toBe(false);
    const year = new Date().getUTCFullYear();
    const exercices = await t.db.pspExercice.findMany({ orderBy: { annee: 'asc' } });
    expect(exercices.map((e) => [e.id, e.annee, e.active])).toEqual([[(year - 1) % 100, year - 1, false], [year % 100, year, true], [(year + 1) % 100, year + 1, false]]);
    const current = await t.db.pspBeneficiaire.findMany({ where: { exerciceId: year % 100 } });
    expect(current).toHaveLength(DEMO_BENEFICIAIRES);
    for (const b of current) {
      expect(b.codePsp).toMatch(PASS_SPORT_CODE_PATTERN);
      expect(b.codePsp.startsWith(String(year % 100).padStart(2, '0'))).toBe(true);
      expect(b.codePostal).toMatch(/^[0-9]{5}$/);
      expect(year - b.dateNaissance!.getUTCFullYear()).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(current.map((b) => b.nom)).size).toBeGreaterThan(20);

    const { asso, member } = await createClub(t);
    const calls = pspCalls(t, member.token);
    const created = await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } });
    await certify(t, asso, FOOTBALL, year % 100);
    const added = await calls.add(created.body.dossier.id, { code_psp: current[0]!.codePsp });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });

  it('draws distinct codes for distinct indexes', () => {
    const codes = new Set<string>();
    for (let index = 0; index < 100_000; index += 1) codes.add(pspCodeOf(26, index));
    expect(codes.size).toBe(100_000);
    expect([...codes].every((code) => PASS_SPORT_CODE_PATTERN.test(code))).toBe(true);
  });
});
