// The audit trail of an association (who changed what, when), read by its members: the journal;
// and the page of one chain that the people who keep what it records read (the content's history,
// the referentials' history).
import { z } from 'zod';
import { ASSOCIATION_READ_ROLES, idAssoSchema } from './association-link.ts';
import { defineRoute } from './http.ts';
import { MESSAGES } from './messages.ts';
import { scope } from './scope.ts';

/** What the trail records changes of (the subsidy state machines will add theirs). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  rib: 'Coordonnées bancaires (RIB)',
  representant_legal: 'Représentant légal',
  membre: "Rattachement d'un membre",
  haa_site: "Site d'aide alimentaire",
  haa_adresse: "Adresse d'un site d'aide alimentaire",
  agrement: 'Agrément',
  // The catalogues' definitions of expected items (subsidies', approvals'), each catalogue in a chain of its own.
  champ_attendu: 'Définition de champ attendu',
  document_attendu: 'Définition de document attendu',
  declaration_cec: 'Déclaration CEC',
  psp_dossier: "Dossier Pass'Sport",
  psp_inscription: "Inscription Pass'Sport",
  psp_affiliation: "Attestation d'affiliation Pass'Sport",
  // The portal's content (lca-content.ts), in a chain of its own.
  note_page: 'Note affichée sur les pages',
  question: 'Question posée aux dossiers de subvention',
  lien: 'Lien utile',
  document_modele: 'Modèle de document',
  referentiel: 'Référentiel',
  // The administration of instructing services and schemes (/administration/rds), in a chain of its own.
  service_instructeur: 'Service instructeur',
  subvention: 'Campagne de subvention',
};
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Ajout',
  update: 'Modification',
  delete: 'Suppression',
  detach: 'Détachement signalé',
};

/** An IBAN shown in mails and the journal: only its last 4 characters. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s/g, '');
  return `${'•'.repeat(Math.max(0, compact.length - 4))}${compact.slice(-4)}`;
}

export const auditChangeSchema = z.object({ champ: z.string(), avant: z.unknown(), apres: z.unknown() });
export const auditEntrySchema = z.object({
  id: z.string(),
  /** Position in the association's chain, from 1. */
  seq: z.number().int(),
  date: z.string(),
  /** E-mail of who made the change (null: the portal itself). */
  auteur: z.string().nullable(),
  entite: z.string(),
  entite_id: z.string().nullable(),
  action: z.string(),
  id_siret: z.string().nullable(),
  /** Fields that changed (IBANs masked). */
  changements: z.array(auditChangeSchema),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

// ---------------------------------------------------------------------------------------------
// A page of one chain's history (the content's, the referentials'): newest first, by keyset

export const CHAIN_HISTORY_PAGE = 50;

export const chainHistoryQuerySchema = z.object({
  /** `suivant` of the page before (the position of its last entry): the entries older than it. */
  avant: z.coerce.number({ error: MESSAGES.badFormat('avant') }).int(MESSAGES.badFormat('avant')).min(1, MESSAGES.badFormat('avant')).optional(),
  limit: z.coerce.number({ error: MESSAGES.badFormat('limit') }).int(MESSAGES.badFormat('limit')).min(1, MESSAGES.badFormat('limit')).max(100, MESSAGES.badFormat('limit')).default(CHAIN_HISTORY_PAGE),
});

/**
 * A value of a chain's history as its reader reads it: a French text (a name for an id, « Oui »/« Non »,
 * a date DD/MM/YYYY, a list « a, b, c »), a list of texts shown one per line (the expected items, the
 * fields of an object), or null (nothing); never JSON. Secrets read as their mask.
 */
export const readableChangeValueSchema = z.union([z.string(), z.array(z.string())]).nullable();
export const readableChangeSchema = z.object({ champ: z.string(), avant: readableChangeValueSchema, apres: readableChangeValueSchema });

export const chainHistoryEntrySchema = auditEntrySchema.extend({
  /** Fields that changed, their values readable (secrets masked). */
  changements: z.array(readableChangeSchema),
  /** What the element is called (a note's title, a link's label, a referential's label…), null when nothing names it. */
  element: z.string().nullable(),
});
export type ChainHistoryEntry = z.infer<typeof chainHistoryEntrySchema>;

export const chainHistorySchema = z.object({
  entries: z.array(chainHistoryEntrySchema),
  /** Give it back as `avant` for the next page; null on the last one. */
  suivant: z.number().int().nullable(),
});
export type ChainHistory = z.infer<typeof chainHistorySchema>;

export const auditRoutes = {
  getJournal: defineRoute({
    method: 'GET', gateway: 'proxy-asso', path: '/association/journal', access: ASSOCIATION_READ_ROLES, scope: scope.association('read'),
    errors: ['NOT_FOUND'],
    summary:
      "Journal des modifications de l'association (RIB, représentants légaux, rattachements), du plus récent au plus ancien ; " +
      'mêmes droits que le dossier (un établissement secondaire ne voit que les siennes et celles de toute l’association)',
    query: z.object({ id_asso: idAssoSchema, limit: z.coerce.number().int().min(1).max(500).default(200) }),
    response: z.array(auditEntrySchema),
  }),
};
