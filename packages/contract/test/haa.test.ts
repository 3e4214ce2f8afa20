// Food-aid schemas (haa.ts): address limits and messages, opening hours (days once, ranges in order,
// no overlap), closing periods (end not before start, no overlap), the site's fields.
import { describe, expect, it } from 'vitest';
import {
  HAA_ADDRESS_LIMITS,
  HAA_LIMITS,
  HAA_MESSAGES,
  haaAddressFieldsSchema,
  haaClosingPeriodsSchema,
  haaOpeningHoursSchema,
  haaSiteFieldsSchema,
  haaSiteWithAddressSchema,
  MESSAGES,
} from '../src/index.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.map(String).join('.'), issue.message]));

describe('food-aid address fields', () => {
  it('requires the commune and a five-digit postcode, with the §5 messages', () => {
    expect(messagesOf(haaAddressFieldsSchema.safeParse({}))).toEqual({ cp: MESSAGES.required('code postal'), commune: MESSAGES.required('commune') });
    expect(messagesOf(haaAddressFieldsSchema.safeParse({ cp: '6900', commune: 'Lyon' }))).toEqual({ cp: MESSAGES.badFormat('code postal') });
  });

  it('bounds each field and empties blank optional ones', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const result = haaAddressFieldsSchema.safeParse({
      cp: '69001', commune: long(HAA_ADDRESS_LIMITS.commune), voie: long(HAA_ADDRESS_LIMITS.voie), num_voie: long(HAA_ADDRESS_LIMITS.num_voie), cplt: long(HAA_ADDRESS_LIMITS.cplt),
    });
    expect(messagesOf(result)).toEqual({
      commune: MESSAGES.maxLength('commune', 32),
      voie: MESSAGES.maxLength('libellé de la voie', 32),
      num_voie: MESSAGES.maxLength('numéro de voie', 9),
      cplt: MESSAGES.maxLength("complément d'adresse", 38),
    });
    expect(haaAddressFieldsSchema.parse({ cp: '69001', commune: ' Lyon ', voie: '  ' })).toEqual({ cp: '69001', commune: 'Lyon', voie: null });
  });

  it('refuses fields it does not know (code_insee from the lookup is allowed; coordinates are the server’s)', () => {
    expect(haaAddressFieldsSchema.safeParse({ cp: '69001', commune: 'Lyon', code_insee: '69123' }).success).toBe(true);
    expect(haaAddressFieldsSchema.safeParse({ cp: '69001', commune: 'Lyon', geo_X: 4.8 }).success).toBe(false);
  });
});

describe('opening hours', () => {
  it('takes days with time ranges', () => {
    const hours = [{ jour: 'lundi', plages: [{ debut: '09:00', fin: '12:00' }, { debut: '14:00', fin: '17:30' }] }, { jour: 'jeudi', plages: [{ debut: '10:00', fin: '11:00' }] }];
    expect(haaOpeningHoursSchema.parse(hours)).toEqual(hours);
  });

  it('refuses an end not after its start, overlapping ranges, a day twice, a bad time', () => {
    expect(messagesOf(haaOpeningHoursSchema.safeParse([{ jour: 'lundi', plages: [{ debut: '12:00', fin: '09:00' }] }]))).toEqual({ '0.plages.0.fin': HAA_MESSAGES.rangeEndBeforeStart });
    expect(messagesOf(haaOpeningHoursSchema.safeParse([{ jour: 'lundi', plages: [{ debut: '09:00', fin: '12:00' }, { debut: '11:00', fin: '13:00' }] }]))).toEqual({ '0.plages.1': HAA_MESSAGES.rangesOverlap });
    expect(messagesOf(haaOpeningHoursSchema.safeParse([{ jour: 'mardi', plages: [{ debut: '09:00', fin: '10:00' }] }, { jour: 'mardi', plages: [{ debut: '11:00', fin: '12:00' }] }]))).toEqual({ '1.jour': HAA_MESSAGES.dayTwice('mardi') });
    expect(messagesOf(haaOpeningHoursSchema.safeParse([{ jour: 'lundi', plages: [{ debut: '24:00', fin: '25:00' }] }]))['0.plages.0.debut']).toBe(MESSAGES.badFormat('heure de début'));
    const many = Array.from({ length: HAA_LIMITS.rangesPerDay + 1 }, (_, i) => ({ debut: `0${i}:00`, fin: `0${i}:30` }));
    expect(messagesOf(haaOpeningHoursSchema.safeParse([{ jour: 'lundi', plages: many }]))['0.plages']).toBe(MESSAGES.maxItems('plages horaires', HAA_LIMITS.rangesPerDay));
  });
});

describe('closing periods', () => {
  it('takes date ranges (a single day too)', () => {
    expect(haaClosingPeriodsSchema.parse([{ debut: '2026-08-01', fin: '2026-08-31', motif: 'Congés' }, { debut: '2026-12-25', fin: '2026-12-25' }])).toHaveLength(2);
  });

  it('refuses an end before the start and overlapping periods', () => {
    expect(messagesOf(haaClosingPeriodsSchema.safeParse([{ debut: '2026-08-31', fin: '2026-08-01' }]))).toEqual({ '0.fin': HAA_MESSAGES.periodEndBeforeStart });
    expect(messagesOf(haaClosingPeriodsSchema.safeParse([{ debut: '2026-08-10', fin: '2026-08-31' }, { debut: '2026-08-01', fin: '2026-08-10' }]))).toEqual({ '0.debut': HAA_MESSAGES.periodsOverlap });
    expect(messagesOf(haaClosingPeriodsSchema.safeParse([{ debut: '2026-02-30', fin: '2026-03-01' }]))['0.debut']).toBe(MESSAGES.badFormat('date de début'));
  });
});

describe('site fields', () => {
  it('needs the member type and the activity; defaults to a fixed site without hours', () => {
    expect(messagesOf(haaSiteFieldsSchema.safeParse({}))).toEqual({ type_membre: MESSAGES.required('type de membre'), nature_activite: MESSAGES.required('nature de l’activité') });
    expect(haaSiteFieldsSchema.parse({ type_membre: 'etablissement', nature_activite: 'distribution' })).toEqual({
      type_membre: 'etablissement', nature_activite: 'distribution', itinerant: false, horaire_ouverture: [], periode_fermeture: [],
    });
  });

  it('a site with its address takes no adresse_id', () => {
    const result = haaSiteWithAddressSchema.safeParse({ site: { type_membre: 'etablissement', nature_activite: 'distribution', adresse_id: '7b0f5b0e-6f6a-4d52-9d1e-2f0b8c6f1a11' }, adresse: { cp: '69001', commune: 'Lyon' } });
    expect(result.success).toBe(false);
  });
});
