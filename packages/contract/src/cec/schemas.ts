// CEC declarations (compte d'engagement citoyen, docs/domain.md « Déclarations CEC »): volunteers
// declare their hours of a year; the association's CEC validators decide on them during the
// validation campaign (« session ») of that year. The decisions and the refusal reasons are named
// here once, for the server, the client and the OpenAPI document.
import { z } from 'zod';
import { CEC_MESSAGES } from './messages.ts';

export const CEC_WAITING = 'En attente de décision';
export const CEC_VALIDATED = 'Validée';
export const CEC_REFUSED = 'Refusée';
export const CEC_NOT_PROCESSED = 'Non traitée';
/** Every status a declaration may have: waiting (default), the two decisions, and not processed once its session closed. */
export const CEC_STATUSES = [CEC_WAITING, CEC_VALIDATED, CEC_REFUSED, CEC_NOT_PROCESSED] as const;
export type CecStatus = (typeof CEC_STATUSES)[number];
/** What a validator may decide. */
export const CEC_DECISIONS = [CEC_VALIDATED, CEC_REFUSED] as const;
export type CecDecision = (typeof CEC_DECISIONS)[number];

/**
 * Refusal reasons, numbered 0-3 as the original sends them (`motif_refus_id`); the labels are ours
 * (the specification numbers them without naming them, docs/domain.md).
 */
export const CEC_REFUSAL_REASONS = [
  { id: 0, label: "Cette personne n'est pas bénévole de l'association" },
  { id: 1, label: "Le nombre d'heures déclaré ne correspond pas à l'engagement" },
  { id: 2, label: "Les dates ou l'activité déclarées sont inexactes" },
  { id: 3, label: "L'activité n'entre pas dans le champ du compte d'engagement citoyen" },
] as const;
export type CecRefusalReasonId = (typeof CEC_REFUSAL_REASONS)[number]['id'];
export const cecRefusalLabel = (id: number | null): string | null => CEC_REFUSAL_REASONS.find((r) => r.id === id)?.label ?? null;

/** A validation campaign: the hours of `annee_activite` are decided between its two dates (inclusive). */
export const cecSessionSchema = z.object({
  _id: z.string(),
  /** What declarations name as their `session`. */
  session_id: z.string(),
  libelle: z.string(),
  annee_activite: z.number().int(),
  date_debut: z.string(),
  date_fin: z.string(),
  /** Today is between its dates. */
  current: z.boolean(),
});
export type CecSession = z.infer<typeof cecSessionSchema>;

export const cecDeclarationSchema = z.object({
  _id: z.string(),
  /** The association (id_correspondance). */
  id_asso: z.string(),
  /** The establishment the volunteer served. */
  etab_siret: z.string(),
  session: z.string(),
  benevole: z.object({ civilite: z.string().nullable(), nom: z.string(), prenom: z.string(), courriel: z.string().nullable() }),
  mission: z.object({ code: z.string(), libelle: z.string() }).nullable(),
  heures: z.number(),
  date_debut: z.string(),
  date_fin: z.string(),
  status: z.enum(CEC_STATUSES),
  motif_refus_id: z.number().int().nullable(),
  motif_refus: z.string().nullable(),
  /** When and by whom (e-mail) the decision was taken. */
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
  options: z.object({
    /** Waiting and in the current session (spec §4): a decision may be taken. */
    validable: z.boolean(),
  }),
});
export type CecDeclaration = z.infer<typeof cecDeclarationSchema>;

/** One decision in a declaration's history (the association's log). */
export const cecLogSchema = z.object({
  _id: z.string(),
  declaration_id: z.string(),
  etab_siret: z.string(),
  session: z.string(),
  benevole: z.string(),
  status: z.enum(CEC_STATUSES),
  motif_refus_id: z.number().int().nullable(),
  motif_refus: z.string().nullable(),
  /** E-mail of who decided. */
  auteur: z.string().nullable(),
  date: z.string(),
});
export type CecLog = z.infer<typeof cecLogSchema>;

const reasonIds = CEC_REFUSAL_REASONS.map((r) => r.id) as number[];

/** PUT /declarations/status/:id: a decision, with its reason when (and only when) it is a refusal. */
export const cecStatusBodySchema = z
  .object({
    status: z.enum(CEC_DECISIONS, { error: CEC_MESSAGES.badDecision }),
    motif_refus_id: z
      .number({ error: CEC_MESSAGES.unknownReason })
      .int(CEC_MESSAGES.unknownReason)
      .refine((id) => reasonIds.includes(id), CEC_MESSAGES.unknownReason)
      .nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const reason = body.motif_refus_id ?? null;
    if (body.status === CEC_REFUSED && reason === null) ctx.addIssue({ code: 'custom', path: ['motif_refus_id'], message: CEC_MESSAGES.reasonRequired });
    if (body.status === CEC_VALIDATED && reason !== null) ctx.addIssue({ code: 'custom', path: ['motif_refus_id'], message: CEC_MESSAGES.reasonOnlyForRefusal });
  });
export type CecStatusBody = z.output<typeof cecStatusBodySchema>;

/** A mission of the back office (api-dab-server): the kinds of volunteering a declaration names. */
export const missionSchema = z.object({
  _id: z.string(),
  code: z.string(),
  libelle: z.string(),
  description: z.string().nullable(),
  domaine: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;
