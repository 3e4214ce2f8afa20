// Security headers (helmet) on every answer. helmet's middleware is built once, here: the Fastify
// plugin built it again for every request (its policy directives parsed each time), a measurable
// share of a short authenticated call (`pnpm bench:floor`).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function installSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every request, before routing decides anything (answers, errors and 404 alike).
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
