// lca-server: the figures of an association member's dashboard, over what the caller reaches (their
// associations' dossiers, the reports they owe, the CEC declarations addressed to them, their
// Pass'Sport inscriptions); an LCA administrator's cover the whole portal. The services' agents read
// their work list's counts instead (worklist-routes.ts).
import { z } from 'zod';
import { defineRoute } from './http.ts';
import { ROLE_SETS } from './roles.ts';
import { scope } from './scope.ts';
import { worklistCountsSchema } from './subsidies/worklist-routes.ts';

export const dashboardSummarySchema = z.object({
  /** Instructions of the subsidy dossiers reached (one dossier per instructing service), per state. */
  dossiers: worklistCountsSchema,
  /** Financial reports owed: granted dossiers' finished exercises whose report is not transmitted. */
  crf_manquants: z.number().int(),
  /** CEC declarations waiting for the caller's decision in the current session; null when the caller validates for no association. */
  declarations_a_valider: z.number().int().nullable(),
  /** Pass'Sport of the active exercise: the caller's dossiers and their standing inscriptions; null when no exercise is active. */
  pass_sport: z.object({ exercice: z.number().int(), dossiers: z.number().int(), inscriptions: z.number().int() }).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardRoutes = {
  dashboardSummary: defineRoute({
    method: 'GET', gateway: 'lca-server', path: '/tableau-de-bord', access: ROLE_SETS.associationMembers, scope: scope.caller,
    summary: 'Les chiffres du tableau de bord de l’appelant : ses dossiers par état, les comptes rendus dus, les déclarations CEC à valider, les inscriptions Pass’Sport',
    response: dashboardSummarySchema,
  }),
};
