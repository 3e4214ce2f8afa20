// auth-server rules: sign-in, registration, validation and reset links, password and identity
// changes, refresh-token rotation with reuse detection.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_LCA_ROLE,
  MESSAGES,
  isLcaRole,
  roleAfterRegistration,
  type SessionResponse,
  type TokenPair,
} from '@portail/contract';
import type { AppConfig } from '../../config.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordResetMail, validationMail } from '../mail/mail-templates.ts';
import type { Account, AuthRepository } from './auth.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { toSessionUser } from './session-user.ts';

export interface AuthServiceDeps {
  repository: AuthRepository;
  mail: MailService;
  throttle: LoginThrottle;
  config: AppConfig;
  signAccessToken(claims: { sub: string; email: string; roles: string[] }): string;
}

export interface RegisterInput {
  email: string;
  password: string;
  civilite: string;
  nom: string;
  prenom: string;
  origin: string;
  sendValidation: boolean;
}

export function createAuthService({ repository, mail, throttle, config, signAccessToken }: AuthServiceDeps) {
  const link = (path: string) => `${config.publicUrl}/client${path}`;

  async function issueTokens(account: Account, familyId: string = randomUUID()): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    await repository.insertRefreshToken({
      userId: account.id,
      tokenHash: hashOpaqueToken(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000),
    });
    const token = signAccessToken({ sub: account.id, email: account.email, roles: account.roles.map((r) => r.role) });
    return { token, refreshToken };
  }

  async function openSession(account: Account, role?: string): Promise<SessionResponse> {
    return { ...(await issueTokens(account)), user: toSessionUser(account, role) };
  }

  async function sendValidationLink(account: Account) {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + config.validationTokenTtlHours * 3_600_000);
    await repository.replaceOneTimeToken(account.id, 'VALIDATION', hashOpaqueToken(token), expiresAt);
    await mail.send({ to: account.email, ...validationMail(link(`/validate/${token}`)) });
  }

  /** A one-time token that exists, has not been used and has not expired. */
  async function usableOneTimeToken(token: string, purpose: 'VALIDATION' | 'PASSWORD_RESET') {
    const record = await repository.findOneTimeToken(hashOpaqueToken(token), purpose);
    if (!record || record.usedAt) throw badRequest(MESSAGES.invalidToken, 'INVALID_TOKEN');
    if (record.expiresAt.getTime() <= Date.now()) throw badRequest(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
    return record;
  }

  async function accountOf(claims: AuthClaims, id: string): Promise<Account> {
    if (claims.userId !== id) throw forbidden();
    const account = await repository.findById(id);
    if (!account) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
    // A locked service gets no new session through its still-valid access token.
    if (account.serviceAccount?.locked) throw forbidden(MESSAGES.userLocked, 'USER_LOCKED');
    return account;
  }

  /** A unique-constraint violation (two requests racing for one address or role) is a 409, not a 500. */
  const emailTakenOnRace = (error: { code?: string }): never => {
    if (error.code === 'P2002') throw conflict(MESSAGES.emailAlreadyLinked, 'EMAIL_TAKEN');
    throw error;
  };

  return {
    async login(email: string, password: string, ip: string): Promise<SessionResponse> {
      const blockedSeconds = throttle.blockedFor(email, ip);
      if (blockedSeconds > 0) {
        throw tooManyRequests(MESSAGES.tooManyLoginAttempts(Math.ceil(blockedSeconds / 60)), blockedSeconds, 'LOGIN_THROTTLED');
      }
      const delay = throttle.delayMs(email);
      if (delay > 0) await sleep(delay);

      const account = await repository.findByEmail(email);
      const valid = account ? await verifyPassword(account.passwordHash, password) : await verifyAgainstDummy(password);
      if (!account || !valid) {
        throttle.recordFailure(email, ip);
        throw unauthorized(MESSAGES.badCredentials, 'BAD_CREDENTIALS');
      }
      if (account.serviceAccount?.locked) throw forbidden(MESSAGES.userLocked, 'USER_LOCKED');
      throttle.recordSuccess(email);
      await repository.touchLogin(account.id);
      return openSession(account);
    },

    async register(input: RegisterInput): Promise<SessionResponse & { roles: string[] }> {
      const existing = await repository.findByEmail(input.email);
      let account: Account;
      if (existing) {
        // An account from another ministry site gains the association role when its owner proves it.
        const ownsIt = await verifyPassword(existing.passwordHash, input.password);
        if (!ownsIt || existing.roles.some((r) => isLcaRole(r.role))) throw conflict(MESSAGES.emailAlreadyLinked, 'EMAIL_TAKEN');
        account = await repository.addAssociationRole(existing.id, DEFAULT_LCA_ROLE).catch(emailTakenOnRace);
      } else {
        account = await repository
          .createAccount({
            email: input.email,
            passwordHash: await hashPassword(input.password),
            civilite: input.civilite,
            nom: input.nom,
            prenom: input.prenom,
            origin: input.origin,
            roles: [DEFAULT_LCA_ROLE],
          })
          .catch((error: { code?: string }) => {
            // Two registrations racing for one address.
            if (error.code === 'P2002') throw conflict(MESSAGES.emailAlreadyLinked, 'EMAIL_TAKEN');
            throw error;
          });
      }
      if (input.sendValidation && !account.enabled) await sendValidationLink(account);
      const roles = account.roles.map((r) => r.role);
      return { ...(await openSession(account, roleAfterRegistration(roles))), roles };
    },

    /** Same answer whether the address exists or not. */
    async resendValidation(email: string): Promise<void> {
      const account = await repository.findByEmail(email);
      if (account && !account.enabled) await sendValidationLink(account);
    },

    async validate(token: string): Promise<void> {
      const record = await usableOneTimeToken(token, 'VALIDATION');
      if (!(await repository.validateWithToken(record.id, record.userId))) {
        throw badRequest(MESSAGES.invalidToken, 'INVALID_TOKEN');
      }
    },

    /** Same answer whether the address exists or not. */
    async forgotPassword(email: string): Promise<void> {
      const account = await repository.findByEmail(email);
      if (!account) return;
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + config.resetTokenTtlMinutes * 60_000);
      await repository.replaceOneTimeToken(account.id, 'PASSWORD_RESET', hashOpaqueToken(token), expiresAt);
      await mail.send({ to: account.email, ...passwordResetMail(link(`/mot-de-passe-oublie/${token}`), config.resetTokenTtlMinutes) });
    },

    /** The reset link proves the address, so it also validates it. */
    async resetPassword(token: string, password: string): Promise<SessionResponse> {
      const record = await usableOneTimeToken(token, 'PASSWORD_RESET');
      const account = await repository.setPassword(record.userId, await hashPassword(password), {
        enable: true,
        oneTimeTokenId: record.id,
      });
      if (!account) throw badRequest(MESSAGES.invalidToken, 'INVALID_TOKEN');
      if (account.serviceAccount?.locked) throw forbidden(MESSAGES.userLocked, 'USER_LOCKED');
      return openSession(account);
    },

    async changePassword(claims: AuthClaims, id: string, oldPassword: string, newPassword: string): Promise<SessionResponse> {
      const account = await accountOf(claims, id);
      if (!(await verifyPassword(account.passwordHash, oldPassword))) {
        throw badRequest(MESSAGES.wrongOldPassword, 'WRONG_PASSWORD', { old_password: MESSAGES.wrongOldPassword });
      }
      if (oldPassword === newPassword) throw badRequest(MESSAGES.samePassword, 'SAME_PASSWORD', { new_password: MESSAGES.samePassword });
      const updated = await repository.setPassword(account.id, await hashPassword(newPassword));
      return openSession(updated!);
    },

    /** Applies the changed fields only; a new address must be validated again. */
    async updateIdentity(
      claims: AuthClaims,
      id: string,
      changes: { email?: string; nom?: string; prenom?: string; civilite?: string },
    ): Promise<SessionResponse> {
      const account = await accountOf(claims, id);
      const changed = Object.fromEntries(
        Object.entries(changes).filter(([key, value]) => value !== undefined && value !== account[key as keyof typeof changes]),
      ) as typeof changes;
      if (Object.keys(changed).length === 0) throw badRequest(MESSAGES.nothingToUpdate, 'NOTHING_TO_UPDATE');
      if (changed.email && (await repository.emailTaken(changed.email, account.id))) {
        throw conflict(MESSAGES.emailAlreadyLinked, 'EMAIL_TAKEN');
      }
      const updated = await repository
        .updateIdentity(account.id, { ...changed, ...(changed.email ? { enabled: false } : {}) })
        .catch(emailTakenOnRace);
      if (changed.email) await sendValidationLink(updated);
      return openSession(updated);
    },

    /** Rotation: each refresh token works once; presenting a used one revokes its whole family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const record = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!record || record.revokedAt) throw unauthorized(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
      if (record.usedAt || !(await repository.consumeRefreshToken(record.id))) {
        await repository.revokeFamily(record.familyId);
        throw unauthorized(MESSAGES.tokenExpired, 'REFRESH_TOKEN_REUSED');
      }
      if (record.expiresAt.getTime() <= Date.now()) throw unauthorized(MESSAGES.tokenExpired, 'TOKEN_EXPIRED');
      const account = await repository.findById(record.userId);
      if (!account) throw unauthorized(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      if (account.serviceAccount?.locked) throw forbidden(MESSAGES.userLocked, 'USER_LOCKED');
      return issueTokens(account, record.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const record = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (record) await repository.revokeFamily(record.familyId);
    },

    async me(claims: AuthClaims) {
      const account = await repository.findById(claims.userId);
      if (!account) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      if (account.serviceAccount?.locked) throw forbidden(MESSAGES.userLocked, 'USER_LOCKED');
      return toSessionUser(account);
    },

    async crossedServices(query: string | undefined) {
      const services = await repository.searchServiceAccounts(query);
      return services.map((service) => ({
        authId: service.authId,
        serviceId: service.id,
        email: service.user.email,
        nom: service.nom,
        roles: service.user.roles.map((r) => r.role),
        enabled: service.user.enabled,
        locked: service.locked,
      }));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
