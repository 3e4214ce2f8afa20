// The changes of a chain's history as its keepers read them (the content's, the referentials' and
// the approvals' catalogue's histories, all through `chainPage`): every value a French text or a
// list of texts, never JSON. Ids of named things (instructing services, campaigns, schemes,
// referentials, definitions…) read as their names, resolved in one query per page (a thing since
// deleted keeps its id, « (supprimé) »); referential options (an approval's type, a document's
// nature, a referential's options added or changed) as their labels; the lists of expected items
// as their definitions' labels with their conditions; a note's HTML as its text; booleans Oui/Non;
// dates in French. Values are read after masking (service.ts `changesOf`): a mask stays the mask.
import { APPROVAL_TYPES_REFERENTIEL, isUuid, type ReferentielType } from '@portail/contract';

/** A readable value: one text, a list shown as bullets, or nothing (null). */
export type ReadableValue = string | string[] | null;

/** What a page of history needs named: ids, definitions by code, referential options by type and value. */
export interface NameQuery {
  ids: string[];
  champs: string[];
  documents: string[];
  options: { type: string; value: string }[];
}
/** The names found, by key (`idKey`, `champKey`, `documentKey`, `optionKey`). */
export type Names = ReadonlyMap<string, string>;

export const idKey = (id: string) => `id:${id.toLowerCase()}`;
export const champKey = (code: string) => `champ:${code}`;
export const documentKey = (code: string) => `document:${code}`;
export const optionKey = (type: string, value: string) => `option:${type}:${value}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Fields whose value is an option of a referential, by its type. */
const OPTION_FIELDS: Readonly<Record<string, string>> = {
  type_agrement: APPROVAL_TYPES_REFERENTIEL,
  nature: 'types-documents' satisfies ReferentielType,
};
/** A referential's options added, removed or changed (declaration/referentiels: « a, b et 3 autres »), by value. */
const OPTION_LIST_FIELDS = new Set(['options_ajoutees', 'options_retirees', 'options_modifiees']);
function optionValues(text: string): { values: string[]; tail: string } {
  const more = /^(.*) et (\d+) autres$/.exec(text);
  return { values: (more ? more[1]! : text).split(', ').filter(Boolean), tail: more ? ` et ${more[2]} autres` : '' };
}
/** Lists of plain values read one per line, not « a, b, c » (a note's pages, which the screen names by their titles). */
const LINE_LIST_FIELDS = new Set(['routes']);
/** Lists of expected items, by the definitions' code. */
const LINK_FIELDS: Readonly<Record<string, 'champ' | 'document'>> = { champs_attendus: 'champ', documents_attendus: 'document' };
/** The kinds of answer of the expected fields and questions (`type` of these entities). */
const ANSWER_TYPE_ENTITIES = new Set(['champ_attendu', 'question']);
const ANSWER_TYPE_LABELS: Readonly<Record<string, string>> = {
  text: 'Texte', texte: 'Texte', textarea: 'Texte', number: 'Nombre entier', nombre: 'Nombre entier', entier: 'Nombre entier',
  decimal: 'Nombre décimal', boolean: 'Oui / non', booleen: 'Oui / non', date: 'Date', select: 'Liste de choix', email: 'Adresse électronique', url: 'Adresse web',
};
/** The conditions' operators (subsidies/asks.ts), in words. */
const OPERATOR_LABELS: Readonly<Record<string, string>> = {
  '<': 'inférieur à', '>': 'supérieur à', '<=': 'au plus', '>=': 'au moins', '==': 'égal à', '===': 'égal à', '!=': 'différent de', '!==': 'différent de',
  includes: 'contient', has: 'renseigné',
};
/** The fields that name an object of a list (an option's label…), by preference. */
const NAME_FIELDS = ['label', 'libelle', 'nom', 'title', 'code', 'value'];

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An entry of a page: its changes, and the referential it changed when it is one's (its options named by it). */
export interface PageEntry {
  changements: readonly { champ: string; avant: unknown; apres: unknown }[];
  referentiel?: string | null;
}

/** Collects what the values of these changes name, to resolve it in one query. */
export function namesToFind(entries: readonly PageEntry[]): NameQuery {
  const ids = new Set<string>();
  const champs = new Set<string>();
  const documents = new Set<string>();
  const options = new Map<string, { type: string; value: string }>();
  const walk = (field: string, value: unknown) => {
    if (typeof value === 'string') {
      if (isUuid(value)) ids.add(value.toLowerCase());
      const type = OPTION_FIELDS[field];
      if (type) options.set(optionKey(type, value), { type, value });
    } else if (Array.isArray(value)) {
      const kind = LINK_FIELDS[field];
      for (const item of value) {
        if (kind && isObject(item) && typeof item.code === 'string') (kind === 'champ' ? champs : documents).add(item.code);
        walk('', item);
      }
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) walk(key, item);
    }
  };
  for (const entry of entries) {
    for (const change of entry.changements) {
      const type = entry.referentiel;
      if (type && OPTION_LIST_FIELDS.has(change.champ)) {
        for (const text of [change.avant, change.apres]) {
          if (typeof text === 'string') for (const value of optionValues(text).values) options.set(optionKey(type, value), { type, value });
        }
        continue;
      }
      walk(change.champ, change.avant);
      walk(change.champ, change.apres);
    }
  }
  return { ids: [...ids], champs: [...champs], documents: [...documents], options: [...options.values()] };
}

export const isEmptyQuery = (query: NameQuery) => !query.ids.length && !query.champs.length && !query.documents.length && !query.options.length;

const PARIS_DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A date as the portal writes it: DD/MM/YYYY, and HHhmm (Paris) for a moment. */
function frenchDate(value: string): string | null {
  if (DAY.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  if (!TIMESTAMP.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${PARIS_DAY.format(date)} ${PARIS_TIME.format(date).replace(':', 'h')}`;
}

/** One scalar, in words: an id by its name, a boolean Oui/Non, a date in French. */
function scalarText(value: unknown, names: Names): string {
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string') {
    if (isUuid(value)) return names.get(idKey(value)) ?? `${value} (supprimé)`;
    return frenchDate(value) ?? value;
  }
  return String(value);
}

/** A short text of any value, on one line (a list « a, b, c », an object « clé : valeur ; … »). */
function inlineText(value: unknown, names: Names): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => inlineText(item, names)).join(', ') : 'aucun';
  if (isObject(value)) {
    const name = NAME_FIELDS.map((field) => value[field]).find((v) => typeof v === 'string' && v.trim());
    if (name !== undefined) return scalarText(name, names);
    return Object.entries(value).map(([key, item]) => `${key} : ${isObject(item) || Array.isArray(item) ? `(${inlineText(item, names)})` : inlineText(item, names)}`).join(' ; ');
  }
  return scalarText(value, names);
}

/** One condition of an expected item, in words (« si demandeur.description.pluriannuel égal à Oui »). */
function askText(ask: unknown, names: Names): string {
  if (!isObject(ask)) return inlineText(ask, names);
  const operator = typeof ask.operator === 'string' ? (OPERATOR_LABELS[ask.operator] ?? ask.operator) : '';
  const path = [ask.scope, ask.key].filter((part) => typeof part === 'string' && part).join('.');
  const value = ask.value === undefined ? '' : ` ${inlineText(ask.value, names)}`;
  return `${path} ${operator}${value}${ask.masquer_si_tca ? ' (masqué si couplé à une demande TCA)' : ''}`;
}

/** An expected item of an approval (or a scheme): its definition's label, required or not, its conditions. */
function linkText(kind: 'champ' | 'document', item: unknown, names: Names): string {
  if (!isObject(item)) return inlineText(item, names);
  const code = typeof item.code === 'string' ? item.code : '';
  const label = names.get(kind === 'champ' ? champKey(code) : documentKey(code)) ?? `${code} (supprimé)`;
  const asks = Array.isArray(item.asks) ? item.asks : [];
  const parts = [item.obligatoire ? 'obligatoire' : 'facultatif', ...(asks.length ? [`si ${asks.map((ask) => askText(ask, names)).join(' et ')}`] : [])];
  return `${label} (${parts.join(', ')})`;
}

/** Fields holding a note's HTML, read as its text. */
const HTML_FIELDS: Readonly<Record<string, string>> = { note_page: 'content' };
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
/** The text of a piece of HTML: its tags gone (a block or a line break a space), its common entities read. */
const htmlText = (html: string) =>
  html
    .replace(/<\/?(p|div|li|ul|ol|br|h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();

/** A change's value as the history shows it. */
export function readableValue(entity: string, field: string, value: unknown, names: Names, referentiel?: string | null): ReadableValue {
  if (value === null || value === undefined || value === '') return null;
  if (referentiel && OPTION_LIST_FIELDS.has(field) && typeof value === 'string') {
    // A removed option is no longer there to name: its value stays.
    const { values, tail } = optionValues(value);
    return `${values.map((v) => names.get(optionKey(referentiel, v)) ?? v).join(', ')}${tail}`;
  }
  const kind = LINK_FIELDS[field];
  if (kind && Array.isArray(value)) return value.length ? value.map((item) => linkText(kind, item, names)) : 'aucun';
  if (HTML_FIELDS[entity] === field && typeof value === 'string') return htmlText(value) || null;
  const type = OPTION_FIELDS[field];
  if (type && typeof value === 'string') return names.get(optionKey(type, value)) ?? value;
  if (field === 'type' && ANSWER_TYPE_ENTITIES.has(entity) && typeof value === 'string') return ANSWER_TYPE_LABELS[value] ?? value;
  if (Array.isArray(value)) {
    if (!value.length) return 'aucun';
    if (LINE_LIST_FIELDS.has(field)) return value.map((item) => inlineText(item, names));
    // Objects one per line, plain values on one.
    return value.some((item) => isObject(item) || Array.isArray(item)) ? value.map((item) => inlineText(item, names)) : inlineText(value, names);
  }
  if (isObject(value)) {
    const lines = Object.entries(value).map(([key, item]) => `${key} : ${inlineText(item, names)}`);
    return lines.length ? lines : null;
  }
  return scalarText(value, names);
}

/** The changes of an entry with readable values. */
export const readableChanges = (entity: string, entry: PageEntry, names: Names) =>
  entry.changements.map((c) => ({
    champ: c.champ, avant: readableValue(entity, c.champ, c.avant, names, entry.referentiel), apres: readableValue(entity, c.champ, c.apres, names, entry.referentiel),
  }));
