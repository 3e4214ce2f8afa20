// How the service's dossier page writes an answer to a question or an expected field (spec §5):
// yes/no, a choice by its label, a day in the French way, a number with French separators, a text
// as typed; no answer says so. Pure.
import { answerTypeOf, isBlankAnswer, type AnswerDefinition } from '@portail/contract';
import { formatDay } from '../subsidies/index.ts';

export const NO_ANSWER = 'Non renseigné';

/** The label a select's option shows for `value` (the value itself when the option has none). */
function optionLabel(meta: AnswerDefinition['meta'], value: unknown): string {
  const options = Array.isArray(meta?.options) ? (meta.options as unknown[]) : [];
  for (const option of options) {
    if (option && typeof option === 'object' && 'value' in option && String((option as { value: unknown }).value) === String(value)) {
      const label = (option as { label?: unknown }).label;
      return typeof label === 'string' ? label : String(value);
    }
  }
  return String(value);
}

/** One answer as the page shows it. */
export function formatAnswer(definition: Pick<AnswerDefinition, 'type' | 'meta'>, value: unknown): string {
  if (isBlankAnswer(value)) return NO_ANSWER;
  const type = answerTypeOf(definition.type);
  if (Array.isArray(value)) return value.map((v) => formatAnswer(definition, v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (type === 'select') return optionLabel(definition.meta, value);
  if (type === 'date' && typeof value === 'string') return formatDay(value);
  if (typeof value === 'number') return value.toLocaleString('fr-FR');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
