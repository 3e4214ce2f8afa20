import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canAddProject,
  checkProject,
  checkStep,
  dossierEndYear,
  linesToRemove,
  missingForTransmission,
  realignProject,
  SUBSIDY_MESSAGES,
  withProjectDefaults,
  type Dossier,
  type DureePluriannuelle,
  type ExpectedItem,
  type Projet,
} from '../src/subsidies/index.ts';

const duree = fc.constantFrom<DureePluriannuelle | null>(1, 2, null);
const dossierPeriod = fc.record({
  exercice: fc.integer({ min: 2020, max: 2030 }),
  exercice_fin: fc.option(fc.integer({ min: 2018, max: 2034 }), { nil: null }),
  pluriannuel: fc.option(fc.boolean(), { nil: null }),
});
const projetPeriod = fc.record({
  periode: fc.constantFrom('Annuel' as const, 'Pluriannuel' as const, null),
  exercice: fc.option(fc.integer({ min: 2015, max: 2035 }), { nil: null }),
  exercice_fin: fc.option(fc.integer({ min: 2015, max: 2035 }), { nil: null }),
});
const services = fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 3 });

describe('project period rules', () => {
  it('ends a multi-year dossier exercise + the scheme span, else the year it gives, else exercise + 1', () => {
    expect(dossierEndYear({ exercice: 2026, exercice_fin: null, pluriannuel: true }, 2)).toBe(2028);
    expect(dossierEndYear({ exercice: 2026, exercice_fin: 2030, pluriannuel: true }, 1)).toBe(2027);
    expect(dossierEndYear({ exercice: 2026, exercice_fin: 2028, pluriannuel: true }, null)).toBe(2028);
    expect(dossierEndYear({ exercice: 2026, exercice_fin: null, pluriannuel: true }, null)).toBe(2027);
    expect(dossierEndYear({ exercice: 2026, exercice_fin: 2028, pluriannuel: false }, 2)).toBe(2026);
  });

  it('keeps each project inside its dossier, one line per year and service, and is stable', () => {
    fc.assert(
      fc.property(dossierPeriod, projetPeriod, services, duree, (dossier, projet, ids, span) => {
        const r = realignProject(dossier, projet, ids, span);
        const end = dossierEndYear(dossier, span);
        expect(r.exercice).toBeGreaterThanOrEqual(dossier.exercice);
        expect(r.exercice_fin).toBeGreaterThanOrEqual(r.exercice);
        expect(r.exercice_fin).toBeLessThanOrEqual(end);
        if (dossier.pluriannuel) expect(r.periode).toBe('Pluriannuel');
        else expect(r).toMatchObject({ periode: 'Annuel', exercice: dossier.exercice, exercice_fin: dossier.exercice });
        const years = r.budgets.map((b) => b.annee);
        expect(years).toEqual(Array.from({ length: r.exercice_fin - r.exercice + 1 }, (_, i) => r.exercice + i));
        expect(r.financements).toHaveLength(years.length * ids.length);
        expect(new Set(r.financements.map((f) => `${f.annee}|${f.id_service_instructeur}`)).size).toBe(r.financements.length);
        expect(realignProject(dossier, r, ids, span)).toEqual(r);
      }),
    );
  });

  it('moves a project starting before the campaign and removes the lines outside its years', () => {
    const dossier = { exercice: 2026, exercice_fin: null, pluriannuel: true };
    const r = realignProject(dossier, { periode: 'Annuel', exercice: 2025, exercice_fin: 2030 }, ['s1', 's2'], 1);
    expect(r).toMatchObject({ periode: 'Pluriannuel', exercice: 2026, exercice_fin: 2027 });
    const existing = [2025, 2026, 2027, 2028].flatMap((annee) => [{ annee, id_service_instructeur: 's1' }, { annee, id_service_instructeur: 's3' }]);
    const removed = linesToRemove(existing, r.financements);
    expect(removed).toEqual(existing.filter((l) => l.annee === 2025 || l.annee === 2028 || l.id_service_instructeur === 's3'));
    expect(linesToRemove([{ annee: 2025 }, { annee: 2026 }], r.budgets)).toEqual([{ annee: 2025 }]);
  });
});

const emptyProjet = (): Projet => ({
  id: '00000000-0000-4000-8000-000000000001',
  description: { intitule: null, recurrence: null, periode: 'Annuel', date_debut: null, date_fin: null, objectifs: '', description: '  ', exercice: 2026, exercice_fin: 2026, id_responsable: null, rang_dossier: 1, numero_projet: null, demandeur_id_siret: null },
  territoires: { territoires: [] },
  beneficiaire: [{ id_statut: '1', lib_statut: null, id_tranche_age: null, lib_tranche_age: '', id_genre: null, lib_genre: null, nombre: null }],
  moyens: { recrutement_specifique: true },
  evaluation: { indicateurs: [] },
  financements: [], cofinancements: [], budgets: [], customs: [], need_validation: false,
});
const today = new Date('2026-03-10T12:00:00Z');

describe('project defaults and checks', () => {
  it('fills empty required fields only, and nothing the spec keeps for the user', () => {
    const filled = withProjectDefaults(emptyProjet(), { today, idResponsable: 'resp' });
    expect(filled.description).toMatchObject({
      recurrence: 'première demande', intitule: 'Sans objet', objectifs: 'Sans objet', description: 'Sans objet',
      date_debut: '2026-03-10', date_fin: '2026-03-11', id_responsable: 'resp', numero_projet: null, rang_dossier: 1,
    });
    expect(filled.beneficiaire[0]).toMatchObject({ id_statut: '1', lib_statut: 'Sans objet', lib_tranche_age: 'Sans objet', nombre: 0 });
    expect(filled.moyens).toMatchObject({ commentaire: 'Sans objet', recrutement_nb_etpt: 0 });
    expect(filled.financements).toEqual([]);
  });

  it('never changes a filled field and is idempotent', () => {
    const text = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1, max: 500 }), (intitule, lib, nombre) => {
        const p = emptyProjet();
        p.description.intitule = intitule;
        p.beneficiaire[0] = { ...p.beneficiaire[0]!, lib_genre: lib, nombre };
        const once = withProjectDefaults(p, { today, idResponsable: 'resp' });
        expect(once.description.intitule).toBe(intitule);
        expect(once.beneficiaire[0]).toMatchObject({ lib_genre: lib, nombre });
        expect(withProjectDefaults(once, { today: new Date('2030-01-01'), idResponsable: 'other' })).toEqual(once);
        expect(once.description.id_responsable).toBe('resp');
      }),
    );
  });

  it('asks for the FTE of a specific recruitment and for an evaluation comment without indicators', () => {
    expect(checkProject(emptyProjet()).map((p) => p.message)).toEqual([SUBSIDY_MESSAGES.recrutementNbEtptRequired, SUBSIDY_MESSAGES.evaluationCommentaireRequired]);
    const ok = { ...emptyProjet(), moyens: { recrutement_specifique: true, recrutement_nb_etpt: 0.5 }, evaluation: { indicateurs: [], commentaire: 'Bilan qualitatif' } };
    expect(checkProject(ok)).toEqual([]);
  });

  it('accepts indicators ranked 1..n with min ≤ max, and refuses any other ranking or bounds', () => {
    const indicator = fc.record({ intitule: fc.constant('Séances'), prevu_min: fc.integer({ min: 0, max: 100 }), prevu_max: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.array(indicator, { minLength: 1, maxLength: 6 }), fc.boolean(), (items, shuffle) => {
        const indicateurs = items.map((item, i) => ({ ...item, rang: i + 1 }));
        if (shuffle) indicateurs.reverse();
        const p = { ...emptyProjet(), moyens: {}, evaluation: { indicateurs } };
        const boundsOk = items.every((i) => i.prevu_min <= i.prevu_max);
        expect(checkProject(p).length === 0).toBe(boundsOk);
        const gap = { ...p, evaluation: { indicateurs: indicateurs.map((i) => ({ ...i, rang: i.rang + 1 })) } };
        expect(checkProject(gap).some((problem) => problem.message === SUBSIDY_MESSAGES.indicateurRangs)).toBe(true);
      }),
    );
  });
});

describe('CNDS sub-schemes with a single project', () => {
  it('blocks a second project on the listed sub-schemes, however the label is written', () => {
    for (const label of ['Part territoriale - Emploi', 'Emploi - Campus 2023', 'EMPLOI DECLINAISON territoriale de la gouvernance', 'Part territoriale Apprentissage', 'Emploi 1 jeune 1 solution']) {
      expect(canAddProject({ dispositifCode: 'CNDS', sousDispositifLabel: label, projectCount: 1 })).toBe(false);
      expect(canAddProject({ dispositifCode: 'CNDS', sousDispositifLabel: label, projectCount: 0 })).toBe(true);
      expect(canAddProject({ dispositifCode: 'FDVA', sousDispositifLabel: label, projectCount: 3 })).toBe(true);
    }
    expect(canAddProject({ dispositifCode: 'CNDS', sousDispositifLabel: 'Part territoriale - Projets sportifs fédéraux', projectCount: 4 })).toBe(true);
  });
});

const completeDossier = (): Dossier => ({
  id: '00000000-0000-4000-8000-000000000002',
  identifiant: { id_fo: '2026-000001', step: 4 },
  description: { service: 'subvention', statut: 'complet', exercice: 2026, exercice_fin: 2026, code_subvention: 'ANS-2026', id_type_dispositif: 'CNDS', id_sous_type_dispositif: null, renouvellement: false, pluriannuel: false, couplage_tca: false, customs: [{ code: 'q1', value: 'oui' }], donnees: {}, budget: [] },
  instructions: [{ etat: 'A', id_service_instructeur: '00000000-0000-4000-8000-000000000003' }],
  demandeur: { id_siret: '12345678900011', nom: 'Club', enseigne: null, id_representant_legal: '00000000-0000-4000-8000-000000000004', id_signataire: '00000000-0000-4000-8000-000000000004', id_responsable: null, id_rib: '00000000-0000-4000-8000-000000000005' },
  projets: [{ ...emptyProjet(), moyens: {}, evaluation: { indicateurs: [], commentaire: 'ok' }, customs: [{ code: 'public', value: 'jeunes' }] }],
  documents: [{ uuid: '00000000-0000-4000-8000-000000000006', code: 'RIB' }],
  attestation: { certifie: true },
  createdBy: { id: null, type: 'association' },
  instructeurs: [],
  mode: 'edit',
});
const item = (code: string, part: string, over: Partial<ExpectedItem> = {}): ExpectedItem => ({ code, label: code, part, enabled: true, obligatoire: true, asks: [], ...over });
const expected = { questions: [{ code: 'q1', label: 'Question 1', obligatoire: true }], champs: [item('public', 'projet'), item('tca_only', 'dossier', { asks: [{ scope: 'description', key: 'couplage_tca', operator: '===', value: true }] })], documents: [item('RIB', 'dossier'), item('STATUTS', 'dossier', { obligatoire: false })] };

describe('wizard steps and transmission', () => {
  it('lets step 3 through only with end year, multi-year and renewal set and statut complet', () => {
    const d = completeDossier();
    expect(checkStep(d, 3)).toEqual({ ok: true });
    expect(checkStep(d, 2)).toEqual({ ok: true });
    for (const change of [{ exercice_fin: null }, { pluriannuel: null }, { renouvellement: null }, { statut: 'incomplet' as const }]) {
      expect(checkStep({ description: { ...d.description, ...change } }, 3)).toEqual({ ok: false, message: "Le dossier doit être complet pour passer à l'étape suivante." });
      expect(checkStep({ description: { ...d.description, ...change } }, 1)).toEqual({ ok: true });
    }
  });

  it('finds nothing missing on a complete dossier, and each removal is reported', () => {
    const d = completeDossier();
    expect(missingForTransmission(d, expected)).toEqual([]);
    const kinds = (dossier: Dossier) => missingForTransmission(dossier, expected).map((m) => `${m.kind}:${m.code}`);
    expect(kinds({ ...d, attestation: null })).toEqual(['attestation:attestation']);
    expect(kinds({ ...d, documents: [] })).toEqual(['document:RIB']);
    expect(kinds({ ...d, description: { ...d.description, customs: [{ code: 'q1', value: '' }] } })).toEqual(['question:q1']);
    expect(kinds({ ...d, projets: [{ ...d.projets[0]!, customs: [] }] })).toEqual(['champ:public']);
    expect(kinds({ ...d, projets: [] })).toEqual(['projet:projets']);
    expect(kinds({ ...d, demandeur: { ...d.demandeur, id_rib: null } })).toEqual(['demandeur:id_rib']);
    expect(kinds({ ...d, description: { ...d.description, couplage_tca: true } })).toEqual(['champ:tca_only']);
    expect(kinds({ ...d, description: { ...d.description, statut: 'incomplet' } })).toEqual(['etape:statut']);
  });
});
