// The pre-fill of a new SIRET request from the association's file (spec §5): the file's texts are
// cut to what the INSEE form takes. Pure, so the server applies it and the tests state it.
import { SIRET_ADDRESS_LIMITS, SIRET_REQUEST_LIMITS as L, type StoredSiretAddress } from './schemas.ts';

/**
 * Characters the INSEE form does not take (our reading of « forbidden characters », spec §5): it
 * takes letters (accents included), digits, spaces and ' - . , / ( ) & " ; anything else is removed.
 */
const FORBIDDEN = /[^\p{L}\p{N}\s'’\-.,/()&"]/gu;

/** Spaces run together, trimmed. */
const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();
const orNull = (value: string) => (value.length > 0 ? value : null);
const cut = (value: string, max: number) => tidy(value).slice(0, max).trim();

/** An acronym over 20 characters: its first 17 and '...'. */
export function prefillSigle(sigle: string | null | undefined): string | null {
  if (!sigle) return null;
  const value = tidy(sigle);
  return orNull(value.length > L.sigle ? `${value.slice(0, L.sigleCut)}...` : value);
}

/** The name cut to 120, the degree sign (n°) written as a dot. */
export const prefillNom = (nom: string): string => cut(nom.replace(/°/g, '.'), L.nom);

/** The object without forbidden characters, cut to 260. */
export const prefillObjet = (objet: string | null | undefined): string | null => (objet ? orNull(cut(objet.replace(FORBIDDEN, ' '), L.objet)) : null);

/** The street number: its digits only (« 12 bis » keeps 12; the index of repetition is its own field). */
export const prefillNumVoie = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? orNull(String(value).replace(/\D/g, '').slice(0, SIRET_ADDRESS_LIMITS.num_voie)) : null;

const text = (value: unknown, max: number): string | null => (typeof value === 'string' ? orNull(cut(value, max)) : null);

/**
 * The request's address from an address record of the file (docs/domain.md « Données »): complement
 * cut to 35, street to 30, postal box to 7, street number cleaned; the other fields cut to the
 * form's bounds. The INSEE code is kept when the file has one (the server fills a missing one).
 */
export function prefillAddress(record: Record<string, unknown> | null | undefined, defaultCountry: string | null = null): StoredSiretAddress | null {
  if (!record || typeof record !== 'object') return null;
  const repet = typeof record.repet_voie === 'string' ? tidy(record.repet_voie).slice(0, 1) : '';
  return {
    code_insee: text(record.code_insee, SIRET_ADDRESS_LIMITS.code_insee.max),
    pays: text(record.pays, SIRET_ADDRESS_LIMITS.pays) ?? defaultCountry,
    num_voie: prefillNumVoie(record.num_voie),
    repet_voie: orNull(repet),
    type_voie: text(record.type_voie, SIRET_ADDRESS_LIMITS.type_voie),
    voie: text(record.voie, L.prefill.voie),
    cplt_1: text(record.cplt_1 ?? record.cplt, L.prefill.cplt_1),
    bp: text(record.bp, L.prefill.bp),
    cp: text(record.cp, SIRET_ADDRESS_LIMITS.cp),
    commune: text(record.commune, SIRET_ADDRESS_LIMITS.commune),
    cedex: text(record.cedex, SIRET_ADDRESS_LIMITS.cedex),
  };
}
