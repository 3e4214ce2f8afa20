// auth-server routes: parse (done by the contract), call the domain, answer.
import type { FastifyInstance } from 'fastify';
import { api, MESSAGES, SERVICE_ACCOUNT_MESSAGES } from '@portail/contract';
import { registerRoute } from '../../http/contract-routes.ts';
import type { AuthService } from './service.ts';

/** The services these routes call, wired by services.ts (which this module never imports). */
export interface AuthRouteServices {
  auth: AuthService;
}

export function authRoutes(app: FastifyInstance, { auth }: AuthRouteServices) {
  const r = api.auth;
  // Limited per IP and per address (config.rateLimits): nobody floods a mailbox through the portal
  // or tries reset tokens in bulk. Sign-in has its own progressive throttle (throttle/login-throttle.ts).
  registerRoute(app, r.login, ({ body, ip }) => auth.login(body.email, body.password, ip));
  registerRoute(
    app,
    r.register,
    ({ body, query }) =>
      auth.register({ ...body, origin: body.origin ?? query.origin, sendValidation: query.sendValidation }),
    { rateLimit: { name: 'register', account: ({ body }) => body.email } },
  );
  registerRoute(
    app,
    r.sendValidationMail,
    async ({ body }) => {
      await auth.resendValidation(body.email);
      return { message: MESSAGES.validationMailSent };
    },
    { rateLimit: { name: 'sendValidation', account: ({ body }) => body.email } },
  );
  registerRoute(app, r.validate, async ({ params }) => {
    const proved = await auth.validate(params.token);
    return proved === 'contact'
      ? { message: SERVICE_ACCOUNT_MESSAGES.contactValidated, adresse: 'contact' as const }
      : { message: MESSAGES.accountValidated, adresse: 'connexion' as const };
  });
  registerRoute(
    app,
    r.forgotPassword,
    async ({ params }) => {
      await auth.forgotPassword(params.email);
      return { message: MESSAGES.forgotPasswordSent };
    },
    { rateLimit: { name: 'forgotPassword', account: ({ params }) => params.email } },
  );
  registerRoute(app, r.resetPassword, ({ params, body }) => auth.resetPassword(params.token, body.password), {
    // The account behind a token is unknown until it is checked: the token itself is counted (hashed).
    rateLimit: { name: 'resetPassword', account: ({ params }) => `token:${params.token}` },
  });
  registerRoute(app, r.changePassword, ({ auth: claims, params, body }) =>
    auth.changePassword(claims, params.id, body.old_password, body.new_password),
  );
  // A new address mails a link to it and a notice to the current one: such calls are limited.
  registerRoute(app, r.updateUser, ({ auth: claims, params, body }) => auth.updateIdentity(claims, params.id, body), {
    rateLimit: { name: 'accountEmailChange', when: ({ body }) => body.email !== undefined },
  });
  registerRoute(app, r.joinAssociationPortal, ({ auth: claims, params }) => auth.joinAssociationPortal(claims, params.id));
  registerRoute(app, r.refreshToken, ({ params }) => auth.refresh(params.refreshToken));
  registerRoute(app, r.logout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return { message: MESSAGES.loggedOut };
  });
  registerRoute(app, r.me, ({ auth: claims }) => auth.me(claims));
  registerRoute(app, r.crossedServices, ({ query }) => auth.crossedServices(query.query));
}
