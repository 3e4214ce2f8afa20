import { approvalCatalogueRoutes } from './approvals/catalogue-routes.ts';
import { approvalDossierRoutes } from './approvals/dossier-routes.ts';
import { associationDocumentRoutes } from './association-documents.ts';
import { associationLightRoutes } from './association-light.ts';
import { associationRoutes } from './association.ts';
import { auditRoutes } from './audit.ts';
import { associationSearchRoutes } from './association-search.ts';
import { cecRoutes } from './cec/routes.ts';
import { authRoutes } from './auth.ts';
import { externalLookupRoutes } from './external-lookups.ts';
import { haaRoutes } from './haa.ts';
import type { RouteDefinition } from './http.ts';
import { lcaRoutes } from './lca.ts';
import { lcaContentRoutes } from './lca-content.ts';
import { crfRoutes } from './subsidies/crf-routes.ts';
import { dossierRoutes } from './subsidies/dossier-routes.ts';
import { worklistRoutes } from './subsidies/worklist-routes.ts';
import { instructionRoutes } from './subsidies/instruction-routes.ts';
import { mailRoutes } from './mail.ts';
import { notificationRoutes } from './notifications.ts';
import { openDataRoutes } from './open-data.ts';
import { webhookRoutes } from './webhooks.ts';
import { passSportRoutes } from './pass-sport/routes.ts';
import { siretRequestRoutes } from './siret-requests/routes.ts';
import { rdsRoutes } from './rds.ts';
import { referentielRoutes } from './referentiels.ts';
import { projetRoutes } from './subsidies/projet-routes.ts';
import { dashboardRoutes } from './dashboard.ts';
import { questionRoutes } from './subsidies/questions-routes.ts';
import { rdsSchemeRoutes } from './subsidies/rds-routes.ts';
import { rdsServiceRoutes, serviceAccountRoutes } from './subsidies/services-routes.ts';

export * from './approvals/index.ts';
export * from './association.ts';
export * from './association-link.ts';
export * from './association-user.ts';
export * from './association-search.ts';
export * from './association-documents.ts';
export * from './association-light.ts';
export * from './association-rules.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './auth-session.ts';
export * from './cec/index.ts';
export * from './proconnect.ts';
export * from './fields.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './errors-core.ts';
export * from './external-lookups.ts';
export * from './haa.ts';
export * from './http.ts';
export * from './identifiers.ts';
export * from './input-checks.ts';
export * from './lca.ts';
export * from './lca-content.ts';
export * from './notes-on-page.ts';
export * from './pages.ts';
export * from './dashboard.ts';
export * from './limits.ts';
export * from './mail.ts';
export * from './association-messages.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './open-data.ts';
export * from './webhooks.ts';
export * from './rds.ts';
export * from './referentiels.ts';
export * from './roles.ts';
export * from './scope.ts';
export * from './subsidies/index.ts';
export * from './subsidies/dossier-routes.ts';
export * from './subsidies/crf-routes.ts';
export * from './subsidies/worklist-routes.ts';
export * from './subsidies/instruction-routes.ts';
export * from './subsidies/rds-routes.ts';
export * from './subsidies/services-routes.ts';
export * from './machines/index.ts';
export * from './siret-requests/index.ts';
export * from './pass-sport/index.ts';
export * from './validation.ts';

/** Every call of the API, by module. */
export const api = {
  auth: authRoutes,
  mail: mailRoutes,
  lca: lcaRoutes,
  rds: rdsRoutes,
  association: associationRoutes,
  associationSearch: associationSearchRoutes,
  associationDocuments: associationDocumentRoutes,
  associationLight: associationLightRoutes,
  referentiels: referentielRoutes,
  audit: auditRoutes,
  notifications: notificationRoutes,
  projets: projetRoutes,
  dossiers: dossierRoutes,
  worklist: worklistRoutes,
  instructions: instructionRoutes,
  crf: crfRoutes,
  serviceAccounts: serviceAccountRoutes,
  rdsServices: rdsServiceRoutes,
  rdsSchemes: rdsSchemeRoutes,
  questions: questionRoutes,
  lcaContent: lcaContentRoutes,
  openData: openDataRoutes,
  webhooks: webhookRoutes,
  externalLookups: externalLookupRoutes,
  approvals: approvalCatalogueRoutes,
  siretRequests: siretRequestRoutes,
  passSport: passSportRoutes,
  haa: haaRoutes,
  approvalDossiers: approvalDossierRoutes,
  cec: cecRoutes,
  dashboard: dashboardRoutes,
} as const;

export function allRoutes(): RouteDefinition[] {
  return Object.values(api).flatMap((group) => Object.values(group) as RouteDefinition[]);
}
