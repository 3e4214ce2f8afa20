// The PDF aggregate's face inside the demande module (re-exported by ../index.ts).
export { createPdfRepository } from './repository.ts';
export { createPdfService, type PdfService } from './service.ts';
export { createPdfPool, type PdfPool } from './pool.ts';
export { pdfRoutes, type PdfRouteServices } from './routes.ts';
export type { CrfPdfData } from './crf-cerfa.ts';
