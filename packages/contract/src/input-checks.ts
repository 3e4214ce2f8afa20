// The checks every input passes at the edge (limits.ts INPUT_LIMITS): texts without NUL or lone
// surrogates, bounded nesting, and the zod block of free-form values. Iterative on purpose: a
// recursive walk would overflow the stack on the very input it must refuse.
import { z } from 'zod';
import { INPUT_LIMITS } from './limits.ts';

/** What the edge answers (the catalogue's entries in errors.ts, the free-form values' field messages). */
export const INPUT_MESSAGES = {
  forbiddenCharacter: 'Un texte envoyé contient un caractère non autorisé (caractère nul ou caractère Unicode incomplet).',
  bodyTooDeep: (max: number) => `Les données envoyées sont trop imbriquées (${max} niveaux au plus).`,
  freeValueTooDeep: (label: string, max: number) => `La valeur « ${label} » est trop imbriquée (${max} niveaux au plus).`,
  freeValueTooLarge: (label: string, max: number) => `La valeur « ${label} » est trop volumineuse (${Math.floor(max / 1024)} Ko au plus).`,
  uriTooLong: "L'adresse demandée est trop longue.",
  badUrl: "L'adresse demandée est mal encodée.",
  multipartInvalid: "L'envoi du fichier est mal formé ou incomplet : veuillez le renvoyer.",
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  requestTimeout: 'La requête a mis trop de temps à arriver au serveur.',
} as const;

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const FORBIDDEN_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no input may carry (NUL, half of a surrogate pair). */
export const hasForbiddenCharacter = (text: string): boolean => FORBIDDEN_CHARACTER.test(text);

export type InputFault = 'forbidden-character' | 'too-deep';

/**
 * The first fault of a parsed input (any JSON-like value: strings, keys, arrays, objects), or null:
 * a text with a forbidden character, or objects and arrays nested deeper than `maxDepth`.
 */
export function inputFault(value: unknown, maxDepth: number = INPUT_LIMITS.bodyMaxDepth): InputFault | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current)) return 'forbidden-character';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasForbiddenCharacter(key)) return 'forbidden-character';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * How deep a JSON text nests objects and arrays, read on the text itself (strings skipped), so
 * that a body can be refused before it is parsed; stops counting once past `stopAbove`.
 */
export function jsonTextDepth(text: string, stopAbove: number = INPUT_LIMITS.bodyMaxDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Bytes of a text in UTF-8 (no TextEncoder: the contract runs where the DOM library is not typed). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The bounds of a free-form value: depth first, so the size is never measured on a value too deep to write. */
const checkFreeValue = (label: string) => (value: unknown, ctx: z.RefinementCtx) => {
  const fault = inputFault(value, INPUT_LIMITS.freeValueMaxDepth);
  if (fault === 'too-deep') ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.freeValueTooDeep(label, INPUT_LIMITS.freeValueMaxDepth) });
  else if (fault === 'forbidden-character') ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.forbiddenCharacter });
  else if (utf8Bytes(JSON.stringify(value) ?? '') > INPUT_LIMITS.freeValueMaxBytes)
    ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.freeValueTooLarge(label, INPUT_LIMITS.freeValueMaxBytes) });
};

/**
 * A free-form JSON value (its shape is the caller's: custom answers, co-financing lines, a
 * service's `bo`): any JSON, nested `freeValueMaxDepth` deep at most, `freeValueMaxBytes` at most.
 */
export const freeJson = (label: string) => z.unknown().superRefine(checkFreeValue(label));

/** A free-form object (string keys, free values), within the same bounds as `freeJson`. */
export const freeJsonObject = (label: string) => z.record(z.string(), z.unknown()).superRefine(checkFreeValue(label));
