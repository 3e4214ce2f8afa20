// What the service's dossier page offers on an instruction, from the dossier view's options (the
// server's `can()` for the caller) and the machine: the events of the instruction route that leave
// this instruction's state, and the « incomplet » mark; the accorder form's financing lines; the
// body each form sends, checked with the contract's schemas before it goes. Pure.
import {
  dossierInstructionMachine,
  INSTRUCTION_EVENTS,
  instructionEventSchema,
  instructionStatutSchema,
  MESSAGES,
  type Dossier,
  type DossierView,
  type InstructionEvent,
  type InstructionEventName,
  type InstructionStatut,
} from '@portail/contract';
import { parseAmount } from '../../lib/format/amount.ts';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';

export type Instruction = DossierView['instructions'][number];

/** One thing the instructor may do on an instruction: a machine event, or the statut mark. */
export type InstructionOption = { kind: 'event'; name: InstructionEventName; label: string } | { kind: 'statut'; name: 'marquer_incomplet' | 'marquer_complet'; label: string };

/** The instructions the caller acts on: their own service's, or every one when they belong to none of them (rds.admin, a parent service). */
export function actingInstructions(view: Pick<DossierView, 'instructions'>, serviceId: string | null): Instruction[] {
  const own = view.instructions.filter((i) => i.id_service_instructeur === serviceId);
  return own.length > 0 ? own : view.instructions;
}

/** The options of one instruction: the view's events that leave its state, then the statut actions the view offers. */
export function optionsOf(view: Pick<DossierView, 'options'>, instruction: Instruction): InstructionOption[] {
  const events = view.options.events.filter((e): e is InstructionEventName => (INSTRUCTION_EVENTS as readonly string[]).includes(e) && e !== 'supprimer');
  const machineEvents = dossierInstructionMachine.events as Record<string, { label: string; from: readonly string[] }>;
  const fromHere = events.filter((e) => machineEvents[e]?.from.includes(instruction.etat));
  const actions = dossierInstructionMachine.actions as Record<string, { label: string; in: readonly string[] }>;
  const statut = (['marquer_incomplet', 'marquer_complet'] as const).filter((a) => view.options.actions.includes(a) && actions[a]?.in.includes(instruction.etat));
  return [
    ...fromHere.map((name) => ({ kind: 'event' as const, name, label: machineEvents[name]!.label })),
    ...statut.map((name) => ({ kind: 'statut' as const, name, label: actions[name]!.label })),
  ];
}

/** A financing line of the service, as the accorder form shows and fills it. */
export interface GrantLine {
  projet: string;
  projetLabel: string;
  annee: number;
  demande: number | null;
  propose: string;
  accorde: string;
}

/** The service's financing lines (project × year), proposed and granted amounts prefilled with what is known. */
export function grantLines(projets: Dossier['projets'], serviceId: string): GrantLine[] {
  return [...projets]
    .sort((a, b) => a.description.rang_dossier - b.description.rang_dossier)
    .flatMap((p) =>
      p.financements
        .filter((f) => f.id_service_instructeur === serviceId)
        .sort((a, b) => a.annee - b.annee)
        .map((f) => {
          const propose = f.montant_propose ?? f.montant_demande;
          return {
            projet: p.id,
            projetLabel: `Projet ${p.description.rang_dossier} : ${p.description.intitule ?? 'sans intitulé'}`,
            annee: f.annee,
            demande: f.montant_demande,
            propose: propose == null ? '' : String(propose),
            accorde: f.montant_accorde == null ? (propose == null ? '' : String(propose)) : String(f.montant_accorde),
          };
        }),
    );
}

/** What an event's form holds (each form uses its part). */
export interface EventForm {
  comment: string;
  motif: string;
  lines: GrantLine[];
  paiementDate: string;
  paiementMontant: string;
}

export const emptyForm = (lines: GrantLine[] = []): EventForm => ({ comment: '', motif: '', lines, paiementDate: '', paiementMontant: '' });

/** Read the same way as every amount typed on the portal (lib/format/amount.ts). */
export { parseAmount };

const optionalComment = (comment: string) => (comment.trim() ? { comment: comment.trim() } : {});

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** The body of an event's form, checked with the contract's schema (field errors keyed like the form's fields). */
export function eventBody(name: InstructionEventName, form: EventForm): Checked<InstructionEvent> {
  let raw: unknown;
  switch (name) {
    case 'renvoyer':
      raw = { event: name, comment: form.comment };
      break;
    case 'refuser':
    case 'rejeter':
      raw = { event: name, motif: form.motif, ...optionalComment(form.comment) };
      break;
    case 'accorder':
      raw = {
        event: name,
        ...optionalComment(form.comment),
        montants: form.lines.flatMap((l) => {
          const accorde = parseAmount(l.accorde);
          if (accorde === null) return [];
          const propose = parseAmount(l.propose);
          return [{ projet: l.projet, annee: l.annee, montant_accorde: accorde, montant_propose: propose }];
        }),
      };
      break;
    case 'mettre_en_paiement':
    case 'poursuivre_paiement':
    case 'constater_paiement':
      raw = { event: name, ...optionalComment(form.comment), paiement: { date: form.paiementDate, montant: parseAmount(form.paiementMontant) ?? Number.NaN } };
      break;
    default:
      raw = { event: name, ...optionalComment(form.comment) };
  }
  const parsed = instructionEventSchema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: fieldKeys(issuesToFieldErrors(parsed.error), name, form) };
}

/** The body of the statut mark's form, checked with the contract's schema. */
export function statutBody(name: 'marquer_incomplet' | 'marquer_complet', form: EventForm): Checked<InstructionStatut> {
  const parsed = instructionStatutSchema.safeParse({ statut: name === 'marquer_incomplet' ? 'incomplet' : 'complet', ...(name === 'marquer_incomplet' ? { comment: form.comment } : optionalComment(form.comment)) });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: issuesToFieldErrors(parsed.error) };
}

/**
 * The schema's paths as the form's field keys: `montants.N.montant_accorde` names the Nth line
 * sent, which is the line of the form whose granted amount was typed; `paiement.date` → `paiementDate`.
 */
export function fieldKeys(errors: FieldErrors, name: InstructionEventName | null, form: EventForm): FieldErrors {
  const sent = form.lines.map((l, i) => ({ l, i })).filter(({ l }) => parseAmount(l.accorde) !== null);
  const result: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const line = /^montants\.(\d+)\.(montant_accorde|montant_propose)$/.exec(key);
    if (line) {
      const index = sent[Number(line[1])]?.i ?? 0;
      result[`lines.${index}.${line[2] === 'montant_accorde' ? 'accorde' : 'propose'}`] = message;
    } else if (key === 'montants') result[form.lines.length > 0 ? 'lines.0.accorde' : '_form'] = message;
    else if (key === 'paiement.date') result.paiementDate = message;
    else if (key === 'paiement.montant') result.paiementMontant = message;
    else result[key] = message;
  }
  // A line typed but unreadable is said as such (the schema saw NaN only through the number check).
  if (name === 'accorder')
    form.lines.forEach((l, i) => {
      if (Number.isNaN(parseAmount(l.accorde))) result[`lines.${i}.accorde`] ??= MESSAGES.badFormat('montant accordé');
      if (Number.isNaN(parseAmount(l.propose))) result[`lines.${i}.propose`] ??= MESSAGES.badFormat('montant proposé');
    });
  return result;
}
