// auth-server ProConnect routes: the settings the sign-in page reads, the start and the return.
import type { FastifyInstance } from 'fastify';
import { api } from '@portail/contract';
import { registerRoute } from '../../../http/contract-routes.ts';
import type { ProconnectService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface ProconnectRouteServices {
  proconnect: ProconnectService;
}

export function proconnectRoutes(app: FastifyInstance, { proconnect }: ProconnectRouteServices) {
  const r = api.auth;
  registerRoute(app, r.proconnectSettings, async () => proconnect.settings());
  // Each start and each return calls the provider: limited per IP like the other sign-in calls.
  registerRoute(
    app,
    r.proconnectAuthorize,
    async ({ reply }) => {
      const { url, setCookie } = await proconnect.start();
      void reply.header('set-cookie', setCookie);
      return { url };
    },
    { rateLimit: { name: 'proconnect' } },
  );
  registerRoute(
    app,
    r.proconnectCallback,
    ({ body, request, reply }) => proconnect.finish(body, request.headers.cookie, (value) => void reply.header('set-cookie', value)),
    { rateLimit: { name: 'proconnect' } },
  );
}
