// The conditions (asks) of an expected item as the editor handles them: each value typed as text,
// read back as the contract compares it (true/false, a number, else the text; empty for « has »).
import type { Ask, AskOperator } from '@portail/contract';

/** The objects a campaign's condition reads (asks.ts AskContext, as transmission and the preview build it). */
export const ASK_SCOPES = [
  { value: 'dossier', label: 'Dossier' },
  { value: 'description', label: 'Description du dossier' },
  { value: 'demandeur', label: 'Demandeur' },
  { value: 'projet', label: 'Projet (éléments de partie projet)' },
] as const;

export const OPERATOR_LABELS: Readonly<Record<AskOperator, string>> = {
  '==': 'est égal à',
  '!=': 'est différent de',
  '===': 'est strictement égal à',
  '!==': 'est strictement différent de',
  '<': 'est inférieur à',
  '<=': 'est inférieur ou égal à',
  '>': 'est supérieur à',
  '>=': 'est supérieur ou égal à',
  includes: 'contient',
  has: 'est renseigné',
};

export const PART_LABELS: Readonly<Record<string, string>> = { dossier: 'Dossier', projet: 'Projet', crf: 'Compte rendu financier' };

/** A condition being edited: its value as typed. */
export interface AskDraft {
  scope: string;
  key: string;
  operator: AskOperator;
  value: string;
  masquer_si_tca: boolean;
}

export const emptyAsk = (): AskDraft => ({ scope: 'dossier', key: '', operator: '==', value: '', masquer_si_tca: false });

/** The typed text as the value compared: true/false, a number, else the text; nothing when empty. */
export function parseAskValue(text: string): Ask['value'] {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

export function formatAskValue(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const toDraft = (ask: Ask): AskDraft => ({
  scope: ask.scope,
  key: ask.key,
  operator: ask.operator,
  value: formatAskValue(ask.value),
  masquer_si_tca: ask.masquer_si_tca ?? false,
});

export function toAsk(draft: AskDraft): Ask {
  const value = parseAskValue(draft.value);
  return {
    scope: draft.scope,
    key: draft.key.trim(),
    operator: draft.operator,
    ...(value === undefined ? {} : { value }),
    ...(draft.masquer_si_tca ? { masquer_si_tca: true } : {}),
  };
}

/** One line of text per condition, for the tables. */
export function describeAsks(asks: readonly Ask[]): string {
  if (asks.length === 0) return 'Toujours demandé';
  return asks
    .map((ask) => {
      const value = ask.value === undefined ? '' : ` ${formatAskValue(ask.value)}`;
      return `${ask.scope}.${ask.key} ${OPERATOR_LABELS[ask.operator]}${value}${ask.masquer_si_tca ? ' (masqué si TCA)' : ''}`;
    })
    .join(' et ');
}
