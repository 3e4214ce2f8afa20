// The domain services of the process, wired once: each module's rules over its repository.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import type { AppConfig } from './config.ts';
import { JWT_SECRET_NAME, sharedSecret } from './db/app-secrets.ts';
import type { Database } from './db/prisma.ts';
import { independently, joinUnitOfWork, runUnitOfWork } from './db/unit-of-work.ts';
import {
  createAuthRepository,
  createAuthService,
  createFlowCookie,
  createProconnectProvider,
  createProconnectService,
  createLoginThrottle,
  createServiceAccountRepository,
  createServiceAddressProofs,
  createServiceAccountService,
} from './modules/auth/index.ts';
import { createRateLimitStore } from './db/rate-limit-counters.ts';
import { fullPath } from './http/contract-routes.ts';
import { createRouteLimiter } from './http/rate-limit.ts';
import type { ScopeResolvers } from './http/resource-scope.ts';
import type { AuthClaims } from './http/request-context.ts';
import { createCecRepository, createCecService, createReferentielRepository, createReferentielService } from './modules/declaration/index.ts';
import { createDashboardRepository, createDashboardService } from './modules/dashboard/index.ts';
import { createMissionRepository, createMissionService } from './modules/dab/index.ts';
import { createAgrementRepository, createAgrementService } from './modules/rda/index.ts';
import { createAuditRepository, createAuditService } from './modules/audit/index.ts';
import { createContentService, createLcaRepository, createLcaService } from './modules/lca/index.ts';
import {
  createDossierRepository,
  createDossierScopeRepository,
  createDossierService,
  createApprovalDossierRepository,
  createApprovalDossierService,
  createCrfRepository,
  createCrfService,
  createInstructionRepository,
  createInstructionService,
  createPdfRepository,
  createPdfPool,
  createPdfService,
  createProjetRepository,
  createProjetService,
  createWorklistRepository,
  createWorklistService,
} from './modules/demande/index.ts';
import { createMailRepository, createMailSeal, createMailService } from './modules/mail/index.ts';
import { createNotificationRepository, createNotificationService } from './modules/notifications/index.ts';
import { createOpenDataRepository, createOpenDataService } from './modules/open-data/index.ts';
import { createWebhookRepository, createWebhookService } from './modules/webhooks/index.ts';
import {
  createAccessRepository,
  createAccessService,
  createAssociationLightRepository,
  createAssociationLightService,
  createAssociationService,
  createDocumentRepository,
  createDocumentService,
  createExternalLookupService,
  createFileChanges,
  createFileRepository,
  createHaaRepository,
  createHaaService,
  createSearchRepository,
  createSearchService,
} from './modules/proxy-asso/index.ts';
import { createFileStorage } from './storage/index.ts';
import {
  createRdsAudit,
  createRdsRepository,
  createRdsService,
  createServiceAdmin,
  createServiceRepository,
  createSubventionRepository,
  createSubventionService,
} from './modules/rds/index.ts';
import { createSiretRequestRepository, createSiretRequestService } from './modules/siret-requests/index.ts';
import { createPspRepository, createPspService } from './modules/psp/index.ts';
import { createTransitionService, createWorkflowRepository } from './modules/workflow/index.ts';

export function createServices(app: FastifyInstance, config: AppConfig, pool: Database, reader: Database = pool) {
  // Repositories join the write request's unit of work (db/unit-of-work.ts); route limits and the
  // login throttle count on the pool itself, so that a refused call still counts.
  const db = joinUnitOfWork(pool);
  const mail = createMailService(
    createMailRepository(db),
    {
      smtpUrl: config.smtpUrl,
      defaultFrom: config.mailFrom,
      retryMs: config.mailRetryMs,
      maxAttempts: config.mailMaxAttempts,
      showLinks: config.mailOutboxShowLinks,
      // Secret links are sealed under a key derived from the server's JWT secret (env or database).
      seal: createMailSeal(async () => config.jwtSecret ?? (await sharedSecret(db, JWT_SECRET_NAME))),
    },
    app.log,
  );
  const rateLimitStore = createRateLimitStore(pool);
  const rateLimits = createRouteLimiter(rateLimitStore, config.rateLimits);
  const audit = createAuditService(createAuditRepository(db));
  const authRepository = createAuthRepository(db);
  // An instructing service's new login or contact address waits for the link mailed to it (audited).
  const serviceAddresses = createServiceAddressProofs({ repository: authRepository, mail, audit, config });
  const auth = createAuthService({
    repository: authRepository,
    mail,
    serviceAddresses,
    throttle: createLoginThrottle(rateLimitStore, config.loginThrottle),
    audit,
    config,
    // Algorithm, issuer, audience and lifetime come from the plugin's sign options (app.ts).
    signAccessToken: (claims) => app.jwt.sign(claims),
  });
  // Agents' sign-in with ProConnect, when configured; its flow cookie is signed under a key derived from the server secret.
  const proconnect = createProconnectService({
    provider: config.proconnect ? createProconnectProvider(config.proconnect, app.log) : undefined,
    flowCookie: createFlowCookie({
      serverSecret: async () => config.jwtSecret ?? (await sharedSecret(db, JWT_SECRET_NAME)),
      path: fullPath(api.auth.proconnectSettings),
      secure: config.publicUrl.startsWith('https:'),
    }),
    auth,
  });
  const access = createAccessService(createAccessRepository(db));
  const notifications = createNotificationService(createNotificationRepository(db));
  const fileRepository = createFileRepository(db);
  const fileChanges = createFileChanges({ repository: fileRepository, audit, mail, notifications, publicUrl: config.publicUrl });
  const lcaRepository = createLcaRepository(db);
  const fileStorage = createFileStorage(config);
  const lca = createLcaService({
    repository: lcaRepository,
    mail,
    audit,
    limits: config.membershipLimits,
    publicUrl: config.publicUrl,
  });
  // The resource scopes the routes declare (contract scope.ts), each resolved by the module that owns it.
  // Services' webhooks: an event per state change of their objects, written in the transition's transaction.
  const webhooks = createWebhookService({
    repository: createWebhookRepository(db), audit, options: { ...config.webhooks, production: config.nodeEnv === 'production' }, log: app.log,
  });
  const workflow = createTransitionService({ repository: createWorkflowRepository(db), listeners: [webhooks], audit, mail, notifications, publicUrl: config.publicUrl, log: app.log });
  const dossierScopes = createDossierScopeRepository(db);
  const dossierRepository = createDossierRepository(db);
  const documents = createDocumentService({ repository: createDocumentRepository(db), storage: fileStorage });
  const dossiers = createDossierService({
    scopeRepository: dossierScopes, repository: dossierRepository, workflow, audit, mail, notifications, rateLimits, publicUrl: config.publicUrl,
    documentTickets: documents.issueTicketForHeldDocument,
  });
  // The services' side of the dossiers: events of one instruction (also what the bulk actions call: instruction.fire).
  const instruction = createInstructionService({
    repository: createInstructionRepository(db), dossierRepository, scopeRepository: dossierScopes, dossiers, workflow, audit, mail, notifications,
  });
  // The financial reports of granted dossiers (machine crf), on the dossier scope.
  const crf = createCrfService({ repository: createCrfRepository(db), workflow, audit });
  // Instructing services: the rds record's rules, also used by the account part's creation in its transaction.
  const referentiels = createReferentielService(createReferentielRepository(db), audit);
  const rdsAudit = createRdsAudit(audit);
  const rdsServices = createServiceAdmin(createServiceRepository(db), serviceAddresses, rdsAudit);
  // The approvals' catalogue: types from the referentials, services' reach from rds.
  const agrements = createAgrementService(createAgrementRepository(db), { referentiels, services: rdsServices, audit });
  // Approval dossiers (machine agrement_dossier), rows of the dossiers table, on the dossier scope; the approval they ask for read from the catalogue.
  const association = createAssociationService({ access, repository: fileRepository, fileChanges, limits: config.membershipLimits });
  // What the approval wizard chooses among (people, documents) read over the whole association, for whom the dossier scope lets change it.
  const approvalAssociationFile = {
    async of(claims: AuthClaims, associationId: string) {
      const scope = { mode: 'read', associationId, siret: null, writeAll: false, write: false } as const;
      const [representants, documentsOf] = await Promise.all([association.representants.list({ auth: claims, scope }, { id_asso: associationId }), documents.list(scope, { id_asso: associationId })]);
      return { representants, documents: documentsOf };
    },
  };
  // The national address API and INSEE's notices, relayed (the offline commune list when the API is silent).
  const externalLookups = createExternalLookupService({ config: config.externalLookups, log: app.log });
  // Food aid's sites and addresses, located by the address lookup; the sites also read by a food-aid approval's instructing service.
  const haa = createHaaService({ repository: createHaaRepository(db), audit, locator: externalLookups });
  const approvalDossiers = createApprovalDossierService({
    repository: createApprovalDossierRepository(db), catalogue: agrements, associationFile: approvalAssociationFile, foodAidSites: haa, workflow, audit,
  });
  // The work lists read the replica when there is one (app.ts), the bulk's transitions the primary.
  const worklist = createWorklistService({
    repository: createWorklistRepository(reader, db), hierarchy: rdsServices, instruction,
    ownTransaction: (work) => independently(() => runUnitOfWork(pool, work, (error) => app.log.error({ err: error }, 'effect after a bulk event failed'))),
  });
  // SIRET requests (machine demande_siret): a missing INSEE code found by the address lookup, documents of the association file.
  const siretRequests = createSiretRequestService({ repository: createSiretRequestRepository(db), workflow, audit, lookups: externalLookups, documents });
  // Pass'Sport (machine pass_sport): structures reached through the association access, certificates among the association's documents.
  const passSport = createPspService({ repository: createPspRepository(db), workflow, audit, notifications, access, documents });
  const cec = createCecService({ repository: createCecRepository(db), access, audit });
  const scopes: ScopeResolvers = {
    ...access.resolvers, ...lca.resolvers, ...dossiers.resolvers, ...instruction.resolvers, ...rdsServices.resolvers, ...siretRequests.resolvers,
    ...passSport.resolvers,
  };
  return {
    config,
    db: pool,
    mail,
    auth,
    proconnect,
    audit,
    notifications,
    rateLimitStore,
    rateLimits,
    scopes,
    lca,
    // The portal's content kept by the LCA administrators: notes, questions, links, document templates.
    lcaContent: createContentService({ repository: lcaRepository, audit, storage: fileStorage }),
    association,
    associationLight: createAssociationLightService(access, createAssociationLightRepository(db)),
    externalLookups,
    siretRequests,
    passSport,
    haa,
    documents,
    dossiers,
    approvalDossiers,
    worklist,
    // The public open data reads the replica too, when there is one.
    openData: createOpenDataService(createOpenDataRepository(reader)),
    instruction,
    crf,
    projets: createProjetService(createProjetRepository(db)),
    pdf: createPdfService(createPdfRepository(db), createPdfPool(config.pdf)),
    rds: createRdsService(createRdsRepository(db)),
    rdsServices,
    serviceAccounts: createServiceAccountService({
      repository: createServiceAccountRepository(db),
      services: rdsServices,
      mail,
      addresses: serviceAddresses,
      config,
    }),
    subventions: createSubventionService(createSubventionRepository(db), { audit, referentiels }),
    associationSearch: createSearchService(createSearchRepository(db)),
    referentiels,
    cec,
    // The dashboard's figures, each asked of the module that owns it.
    dashboard: createDashboardService({ repository: createDashboardRepository(db), dossiers, crf, cec, passSport }),
    missions: createMissionService(createMissionRepository(db)),
    agrements,
    webhooks,
    // State machines (contract machines/): one transaction per event, history, audit, outbox.
    workflow,
  };
}
export type AppServices = ReturnType<typeof createServices>;
