// The demande module's public face (lca-server /demande…): app.ts and services.ts import from here only.
export { createDossierRepository } from './dossiers/repository.ts';
export { createDossierScopeRepository } from './dossiers/scope.repository.ts';
export { createDossierService, instructionTarget, type DossierService } from './dossiers/service.ts';
export { createInstructionRepository } from './dossiers/instruction.repository.ts';
export { createInstructionService, type InstructionFireInput, type InstructionService } from './dossiers/instruction.ts';
export { demandeRoutes } from './routes.ts';
export { createWorklistRepository, createWorklistService, type WorklistService } from './worklist/index.ts';
export { createProjetRepository, createProjetService, realignProjects, type ProjetService } from './projets/index.ts';
export { createPdfPool, createPdfRepository, createPdfService, type PdfPool, type PdfService } from './pdf/index.ts';
export { createCrfRepository, createCrfService, type CrfService } from './crf/index.ts';
export { createApprovalDossierRepository } from './agrements/repository.ts';
export { createApprovalDossierService, type ApprovalDossierService } from './agrements/service.ts';
