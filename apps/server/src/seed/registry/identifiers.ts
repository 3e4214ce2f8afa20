// Valid identifiers for generated associations: SIREN and SIRET with their Luhn key, RNA, and
// French IBANs (RIB key and IBAN check digits computed, not random).
import { LA_POSTE_SIREN, luhnValid } from '@portail/contract';

/** The digit that makes `body + digit` pass Luhn. */
export function luhnKey(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(body + digit)) return String(digit);
  }
  throw new Error(`no Luhn key for ${body}`);
}

/** SIREN from its first 8 digits. */
export const sirenFrom = (base8: string) => base8 + luhnKey(base8);

/** SIRET from a SIREN and the first 4 digits of the NIC (the 5th is the key). */
export function siretFrom(siren: string, nic4: string): string {
  if (siren === LA_POSTE_SIREN) throw new Error('La Poste SIRETs follow another rule');
  const body = siren + nic4;
  return body + luhnKey(body);
}

/** RNA: W, the 2-character department code (75, 2A, 97...), 7 digits. */
export function rnaFrom(departement: string, number: number): string {
  return `W${departement.slice(0, 2).toUpperCase()}${String(number).padStart(7, '0')}`;
}

const lettersToDigits = (text: string) =>
  [...text.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

/** Remainder of a long decimal string modulo 97. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
}

/** French RIB key of bank code (5), branch code (5) and account number (11). */
export function ribKey(bank: string, branch: string, account: string): string {
  // Letters of the account number map to digits as in the RIB standard (A,J→1 ... I,R→9, S→2 ...).
  const accountDigits = account.toUpperCase().replace(/[A-Z]/g, (c) => {
    const code = c.charCodeAt(0) - 64;
    return String(code <= 9 ? code : code <= 18 ? code - 9 : code - 17);
  });
  const remainder = (89 * Number(bank) + 15 * Number(branch) + 3 * Number(accountDigits)) % 97;
  return String(97 - remainder).padStart(2, '0');
}

/** IBAN for a French account: FR + check digits + bank, branch, account and RIB key. */
export function frenchIban(bank: string, branch: string, account: string): string {
  const bban = `${bank}${branch}${account}${ribKey(bank, branch, account)}`;
  const check = 98 - mod97(lettersToDigits(`${bban}FR00`));
  return `FR${String(check).padStart(2, '0')}${bban}`;
}
