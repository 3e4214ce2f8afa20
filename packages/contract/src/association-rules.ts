// Rules of the association file shared by the client forms and the server (docs/domain.md « Champs »): PATCH change
// lists, bank details, phone, the characteristics form and budget totals.
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { balanceBudget, CHARGE_ACCOUNTS, PRODUCT_ACCOUNTS, type BudgetTotals } from './budget-balance.ts';
import { MAX_AMOUNT, MAX_STORED_EUROS } from './limits.ts';

export { BUDGET_ACCOUNT_LABELS, CHARGE_ACCOUNTS, PRODUCT_ACCOUNTS, type BudgetTotals } from './budget-balance.ts';
import { ASSOCIATION_FILE_MESSAGES } from './association-messages.ts';
import { MESSAGES } from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Change lists: PATCH bodies are arrays of { key, value }; a list value travels as a string with a
// leading '!' and '#' between items ('!a#b' → ['a', 'b'], '!' → []).

export type ChangeValue = string | number | boolean | null | string[];
export const changeSchema = z.object({
  key: z.string().min(1).max(100),
  value: z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]),
});
export const changesSchema = z.array(changeSchema).min(1, MESSAGES.noChangeDetected).max(100);
export type Change = z.infer<typeof changeSchema>;

export const LIST_PREFIX = '!';
export const LIST_SEPARATOR = '#';

export function encodeChangeValue(value: ChangeValue): string | number | boolean | null {
  if (Array.isArray(value)) return LIST_PREFIX + value.join(LIST_SEPARATOR);
  return value;
}

export function decodeChangeValue(value: string | number | boolean | null): ChangeValue {
  if (typeof value === 'string' && value.startsWith(LIST_PREFIX)) {
    const rest = value.slice(LIST_PREFIX.length);
    return rest === '' ? [] : rest.split(LIST_SEPARATOR);
  }
  return value;
}

/** The changes as one object (a key given twice: the last value wins). */
export function decodeChanges(changes: readonly Change[]): Record<string, ChangeValue> {
  const out: Record<string, ChangeValue> = {};
  for (const { key, value } of changes) out[key] = decodeChangeValue(value);
  return out;
}

/** Only the changed fields, as the client sends them (nothing when nothing changed). */
export function diffToChanges(before: Record<string, ChangeValue | undefined>, after: Record<string, ChangeValue | undefined>): Change[] {
  const same = (a: ChangeValue | undefined, b: ChangeValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.keys(after)
    .filter((key) => !same(before[key], after[key]))
    .map((key) => ({ key, value: encodeChangeValue(after[key] ?? null) }));
}

// ---------------------------------------------------------------------------------------------
// Field rules (docs/domain.md « Champs »).

/** Optional leading + or digit, then digits only (no spaces or dots). */
export const PHONE_PATTERN = /^[+\d]\d{5,19}$/;
export const phoneSchema = (label = 'téléphone') =>
  z.string({ error: MESSAGES.required(label) }).trim().min(1, MESSAGES.required(label)).regex(PHONE_PATTERN, MESSAGES.badFormat(label));

/** Four letters, a French country or territory code, a character 2-9 or letter, one alphanumeric, optional branch. */
export const BIC_PATTERN = /^[A-Z]{4}(FR|GF|GP|MQ|PM|RE|YT|WF|TF|NC|PF)[2-9A-Z][0-9A-Z]([0-9A-Z]{3})?$/;
export const normaliseBic = (bic: string) => bic.replace(/\s/g, '').toUpperCase();
export const isValidBic = (bic: string) => BIC_PATTERN.test(normaliseBic(bic));
export const bicSchema = z
  .string({ error: MESSAGES.required('BIC') })
  .transform(normaliseBic)
  .pipe(z.string().min(1, MESSAGES.required('BIC')).regex(BIC_PATTERN, MESSAGES.badFormat('BIC')));

/** IBAN in electronic format: upper case, no spaces. */
export const normaliseIban = (iban: string) => electronicFormatIBAN(iban.toUpperCase()) ?? '';
export const isValidIban = (iban: string) => isValidIBAN(normaliseIban(iban));
export const ibanSchema = z
  .string({ error: MESSAGES.required('IBAN') })
  .transform(normaliseIban)
  .pipe(z.string().min(1, MESSAGES.required('IBAN')).refine((v) => isValidIBAN(v), MESSAGES.badFormat('IBAN')));

/** YYYY-MM-DD calendar dates. */
export const isoDateSchema = (label: string) =>
  z
    .string({ error: MESSAGES.required(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.badFormat(label))
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MESSAGES.badFormat(label));

/** Booleans in change lists may travel as 'true'/'false'. */
export const changeBoolean = (label: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: MESSAGES.badFormat(label) }));

// ---------------------------------------------------------------------------------------------
// Characteristics form (docs/domain.md « Champs »).

export const REGIMES = ['loi1901', 'alsaceMoselle', 'autre', 'collectivite'] as const;
export const DOMAINES = ['Sport', 'Autre'] as const;
export const ALSACE_MOSELLE_POSTCODE_PREFIXES = ['57', '67', '68'] as const;
export const isAlsaceMosellePostcode = (cp: string | null | undefined) =>
  !!cp && ALSACE_MOSELLE_POSTCODE_PREFIXES.some((prefix) => cp.trim().startsWith(prefix));

export const ALSACE_MOSELLE_FIELDS = ['date_pub_registre', 'tribunal_instance', 'numero_amalia', 'volume', 'folio'] as const;
export const THRESHOLD_FIELDS = ['a_publication_comptes_jo', 'a_commissaire_aux_comptes'] as const;

export interface Characteristics {
  regime: string | null;
  util_publique: boolean;
  date_publication_util_publique: string | null;
  date_pub_registre: string | null;
  tribunal_instance: string | null;
  numero_amalia: string | null;
  volume: string | null;
  folio: string | null;
  a_dons_subv_153000: boolean | null;
  a_publication_comptes_jo: boolean | null;
  a_commissaire_aux_comptes: boolean | null;
  domaine: string | null;
  type_structure_sportive: string | null;
  champ_action_territorial: string | null;
}

export const CHARACTERISTIC_LABELS: Record<keyof Characteristics, string> = {
  regime: 'régime',
  util_publique: 'reconnue d’utilité publique',
  date_publication_util_publique: 'date de publication RUP',
  date_pub_registre: 'date d’inscription au registre',
  tribunal_instance: 'tribunal d’instance',
  numero_amalia: 'numéro Amalia',
  volume: 'volume',
  folio: 'folio',
  a_dons_subv_153000: 'dons et subventions supérieurs à 153 000 €',
  a_publication_comptes_jo: 'publication des comptes au JOAFE',
  a_commissaire_aux_comptes: 'commissaire aux comptes',
  domaine: 'domaine',
  type_structure_sportive: 'type de structure sportive',
  champ_action_territorial: 'champ d’action territorial',
};

const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== false;

/**
 * The form's state after `changed` keys were set: dependent fields whose condition no longer holds
 * are cleared; a dependent field set while its condition is false, or a missing required field,
 * is an error (field → French message).
 */
export function applyCharacteristicsRules(
  state: Characteristics,
  changed: ReadonlySet<string>,
): { state: Characteristics; errors: Record<string, string> } {
  const next = { ...state };
  const errors: Record<string, string> = {};
  const label = (k: keyof Characteristics) => CHARACTERISTIC_LABELS[k];
  const dependents: [readonly (keyof Characteristics)[], boolean, string][] = [
    [ALSACE_MOSELLE_FIELDS, next.regime === 'alsaceMoselle', 'pour le régime Alsace-Moselle'],
    [['date_publication_util_publique'], next.util_publique, 'pour une association reconnue d’utilité publique'],
    [THRESHOLD_FIELDS, next.a_dons_subv_153000 === true, 'lorsque les dons et subventions dépassent 153 000 €'],
    [['type_structure_sportive'], next.domaine === 'Sport', 'pour le domaine Sport'],
  ];
  for (const [fields, holds, condition] of dependents) {
    if (holds) continue;
    for (const field of fields) {
      if (changed.has(field) && filled(next[field])) errors[field] = ASSOCIATION_FILE_MESSAGES.onlyWhen(label(field), condition);
      (next as Record<string, unknown>)[field] = null;
    }
  }
  if (!next.regime) errors.regime = MESSAGES.required(label('regime'));
  if (!next.champ_action_territorial && changed.has('champ_action_territorial'))
    errors.champ_action_territorial = MESSAGES.required(label('champ_action_territorial'));
  if (next.domaine === 'Sport' && !next.type_structure_sportive)
    errors.type_structure_sportive = ASSOCIATION_FILE_MESSAGES.requiredWhen(label('type_structure_sportive'), 'pour le domaine Sport');
  return { state: next, errors };
}

// ---------------------------------------------------------------------------------------------
// Budgets on the account plan: 60-69 charges, 70-79 products, 86/87 voluntary contributions.

export const BUDGET_ACCOUNTS = [...CHARGE_ACCOUNTS, ...PRODUCT_ACCOUNTS, '86', '87'] as const;
export type BudgetAccount = (typeof BUDGET_ACCOUNTS)[number];
export type BudgetLines = Partial<Record<BudgetAccount, number>>;

export const budgetAmountSchema = (account: string) =>
  z
    .number({ error: MESSAGES.badFormat(`compte ${account}`) })
    .int(MESSAGES.badFormat(`compte ${account}`))
    .min(0, MESSAGES.badFormat(`compte ${account}`))
    .max(MAX_AMOUNT, MESSAGES.badFormat(`compte ${account}`));
/** A budget line as typed in a form (spaces allowed): its amount, or null when the rule refuses it. */
export function parseBudgetAmount(text: string): number | null {
  const compact = text.replace(/\s/g, '');
  if (!/^\d+$/.test(compact)) return null;
  const parsed = budgetAmountSchema('').safeParse(Number(compact));
  return parsed.success ? parsed.data : null;
}
export const budgetLinesSchema = z.strictObject(
  Object.fromEntries(BUDGET_ACCOUNTS.map((a) => [a, budgetAmountSchema(a).optional()])) as Record<
    BudgetAccount,
    z.ZodOptional<z.ZodNumber>
  >,
);

export function computeBudgetTotals(lines: BudgetLines): BudgetTotals {
  const sum = (accounts: readonly BudgetAccount[]) => accounts.reduce((total, a) => total + (lines[a] ?? 0), 0);
  return balanceBudget({
    charges: sum(CHARGE_ACCOUNTS),
    produits: sum(PRODUCT_ACCOUNTS),
    contributions_charges: lines['86'] ?? 0,
    contributions_produits: lines['87'] ?? 0,
  });
}

// ---------------------------------------------------------------------------------------------
// Accounts summaries, staff figures, approvals and networks (docs/domain.md « Données » comptes, rhs, agrements,
// reseaux_affiliation): field rules and the cross-field rules checked on the merged state.

/** Accounts and staff figures are declared for the current year and the previous ones. */
export const FILE_YEARS_BACK = 5;
export function fileYearBounds(today: Date = new Date()): { min: number; max: number } {
  const max = today.getUTCFullYear();
  return { min: max - FILE_YEARS_BACK, max };
}
/** A year in the query (coerced), within fileYearBounds at the time of the call. */
export const fileYearSchema = z.coerce
  .number({ error: MESSAGES.badFormat('année') })
  .int(MESSAGES.badFormat('année'))
  .superRefine((annee, ctx) => {
    const { min, max } = fileYearBounds();
    if (annee < min || annee > max) ctx.addIssue({ code: 'custom', message: ASSOCIATION_FILE_MESSAGES.yearOutOfRange(min, max) });
  });

/** Numbers in change lists may travel as strings ('12', '1.5'). */
const numericString = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v);

/** Whole euros kept in integer columns (MAX_STORED_EUROS); `signed` for a result that may be a deficit. */
export const euroSchema = (label: string, { signed = false } = {}) =>
  z.preprocess(
    numericString,
    z
      .number({ error: ASSOCIATION_FILE_MESSAGES.wholeEuros(label) })
      .int(ASSOCIATION_FILE_MESSAGES.wholeEuros(label))
      .min(signed ? -MAX_STORED_EUROS : 0, ASSOCIATION_FILE_MESSAGES.wholeEuros(label))
      .max(MAX_STORED_EUROS, ASSOCIATION_FILE_MESSAGES.wholeEuros(label)),
  );
/** Non-negative integers (head counts, licensees). */
export const countSchema = (label: string) =>
  z.preprocess(
    numericString,
    z
      .number({ error: ASSOCIATION_FILE_MESSAGES.nonNegativeInteger(label) })
      .int(ASSOCIATION_FILE_MESSAGES.nonNegativeInteger(label))
      .min(0, ASSOCIATION_FILE_MESSAGES.nonNegativeInteger(label))
      .max(2_000_000_000, ASSOCIATION_FILE_MESSAGES.nonNegativeInteger(label)),
  );
/** Full-time equivalents: ≥ 0, at most 2 decimals (stored as DECIMAL(10, 2)). */
export const etptSchema = (label: string) =>
  z.preprocess(
    numericString,
    z
      .number({ error: ASSOCIATION_FILE_MESSAGES.twoDecimals(label) })
      .min(0, ASSOCIATION_FILE_MESSAGES.twoDecimals(label))
      .max(99_999_999.99, ASSOCIATION_FILE_MESSAGES.twoDecimals(label))
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, ASSOCIATION_FILE_MESSAGES.twoDecimals(label)),
  );

/** A calendar date as YYYY-MM-DD, also accepted as DD/MM/YYYY (turned into YYYY-MM-DD). */
export const dayDateSchema = (label: string) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const fr = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
    return fr ? `${fr[3]}-${fr[2]}-${fr[1]}` : v.trim();
  }, isoDateSchema(label).refine((v) => v >= '1900-01-01' && v <= '2199-12-31', MESSAGES.badFormat(label)));

export interface CompteFigures {
  charges: number | null;
  produits: number | null;
  dons: number | null;
  resultat: number | null;
  subv: number | null;
}
/**
 * resultat = produits − charges when both are known: computed when not given (or when the figures
 * changed without it), an error when given and different.
 */
export function applyCompteRules(state: CompteFigures, resultatGiven: boolean): { state: CompteFigures; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const next = { ...state };
  if (next.charges !== null && next.produits !== null) {
    const expected = next.produits - next.charges;
    if (resultatGiven && next.resultat !== null && next.resultat !== expected) errors.resultat = ASSOCIATION_FILE_MESSAGES.resultatInconsistent(expected);
    else next.resultat = expected;
  }
  return { state: next, errors };
}

/** `part1 + part2 ≤ total` when all three are given (adherents, licensees). */
export function splitWithinTotal(total: number | null | undefined, part1: number | null | undefined, part2: number | null | undefined) {
  if (total === null || total === undefined || part1 === null || part1 === undefined || part2 === null || part2 === undefined) return true;
  return part1 + part2 <= total;
}

export function applyRhRules(state: { nb_adherents: number | null; nb_adherents_f: number | null; nb_adherents_h: number | null }) {
  const errors: Record<string, string> = {};
  if (!splitWithinTotal(state.nb_adherents, state.nb_adherents_f, state.nb_adherents_h)) errors.nb_adherents = ASSOCIATION_FILE_MESSAGES.adherentsSplitTooLarge;
  return errors;
}

export function applyAgrementRules(state: { date_attribution: string | null; date_validite: string | null }) {
  const errors: Record<string, string> = {};
  if (state.date_attribution && state.date_validite && state.date_validite < state.date_attribution)
    errors.date_validite = ASSOCIATION_FILE_MESSAGES.validiteBeforeAttribution;
  return errors;
}

export function applyReseauRules(state: { nb_licencies: number | null; nb_licencies_f: number | null; nb_licencies_h: number | null }) {
  const errors: Record<string, string> = {};
  if (!splitWithinTotal(state.nb_licencies, state.nb_licencies_f, state.nb_licencies_h)) errors.nb_licencies = ASSOCIATION_FILE_MESSAGES.licenciesSplitTooLarge;
  return errors;
}

/** Affiliation numbers: letters, digits, hyphen, underscore, dot (numero_affiliation, docs/domain.md « Champs »). */
export const NUMERO_AFFILIATION_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A financial year ends after it starts (ISO dates YYYY-MM-DD compare as text); null when fine. */
export function exerciceProblem(du: string | null | undefined, au: string | null | undefined): string | null {
  return du && au && au < du ? MESSAGES.exerciceEndBeforeStart : null;
}
