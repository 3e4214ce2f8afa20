// auth-server rules: sign-in, registration, validation and reset links, password and identity
// changes, refresh-token rotation with reuse detection.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LCA_ROLE,
  isAgentRole,
  isLcaRole,
  roleAfterRegistration,
  type SessionResponse,
  type SessionUser,
  type TokenPair,
} from '@portail/contract';
import type { AppConfig } from '../../config.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { independently } from '../../db/unit-of-work.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { emailChangeNoticeMail, emailChangeValidationMail, passwordResetMail, validationMail, type MailService } from '../mail/index.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens.ts';
import type { AuditService } from '../audit/index.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './accounts/passwords.ts';
import type { Account } from './accounts/repository.ts';
import { toSessionUser } from './accounts/session-user.ts';
import { maskEmail, PROCONNECT_SIGN_IN_AUDIT, REPORT_EMAIL_CHANGE_PATH } from './addresses.ts';
import type { AuthRepository } from './repository.ts';
import type { ServiceAddressProofs } from './services/address-proofs.ts';
import type { LoginThrottle } from './throttle/login-throttle.ts';

export interface AuthServiceDeps {
  repository: AuthRepository;
  mail: MailService;
  /** Audits an instructing service's login or contact address switching to its validated new address. */
  serviceAddresses: Pick<ServiceAddressProofs, 'switched'>;
  throttle: LoginThrottle;
  /** Sign-ins by ProConnect go to the account's own audit chain. */
  audit: Pick<AuditService, 'record'>;
  config: AppConfig;
  signAccessToken(claims: { sub: string; email: string; roles: string[]; sid: string; sv: number }): string;
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

export function createAuthService({ repository, mail, serviceAddresses, throttle, audit, config, signAccessToken }: AuthServiceDeps) {
  const link = (path: string) => `${config.publicUrl}/client${path}`;

  async function issueTokens(account: Account, familyId: string = randomUUID()): Promise<TokenPair> {
    const refreshToken = newOpaqueToken();
    await repository.insertRefreshToken({
      userId: account.id,
      tokenHash: hashOpaqueToken(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + config.refreshTokenTtlDays * 86_400_000),
    });
    const token = signAccessToken({
      sub: account.id,
      email: account.email,
      roles: account.roles.map((r) => r.role),
      sid: familyId,
      sv: account.sessionVersion,
    });
    return { token, refreshToken };
  }

  async function openSession(account: Account, role?: string): Promise<SessionResponse> {
    return { ...(await issueTokens(account)), user: toSessionUser(account, role) };
  }

  /** Mails a validation link for the account's address, or for `newEmail` (a pending change) to that address. */
  async function sendValidationLink(account: Account, newEmail?: string) {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + config.validationTokenTtlHours * 3_600_000);
    await repository.replaceOneTimeToken(account.id, 'VALIDATION', hashOpaqueToken(token), expiresAt, newEmail);
    const template = newEmail ? emailChangeValidationMail : validationMail;
    await mail.send({ to: newEmail ?? account.email, ...template(link(`/validate/${token}`)) });
  }

  /** A one-time token that exists, has not been used and has not expired. */
  async function usableOneTimeToken(token: string, ...purposes: ('VALIDATION' | 'PASSWORD_RESET' | 'CONTACT_VALIDATION')[]) {
    const record = await repository.findOneTimeToken(hashOpaqueToken(token), purposes);
    if (!record || record.usedAt) throw appError('LINK_INVALID');
    if (record.expiresAt.getTime() <= Date.now()) throw appError('LINK_EXPIRED');
    return record;
  }

  /** The caller's own account (the routes declare an owner-only account scope). */
  async function accountOf(claims: AuthClaims, id: string): Promise<Account> {
    const account = await repository.findById(id);
    if (!account) throw appError('USER_NOT_FOUND');
    // A locked service gets no new session through its still-valid access token.
    if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
    return account;
  }

  /** A unique-constraint violation (two requests racing for one address or role) is a 409, not a 500. */
  const emailTakenOnRace = (error: unknown): never => {
    if (isUniqueViolation(error)) throw appError('EMAIL_TAKEN');
    throw error;
  };

  return {
    async login(email: string, password: string, ip: string): Promise<SessionResponse> {
      const waitSeconds = await throttle.begin(email, ip);
      if (waitSeconds > 0) throw appError('LOGIN_THROTTLED', { seconds: waitSeconds }).retryAfter(waitSeconds);

      let account: Awaited<ReturnType<typeof repository.findByEmail>>;
      let valid: boolean;
      try {
        account = await repository.findByEmail(email);
        valid = account ? await verifyPassword(account.passwordHash, password) : await verifyAgainstDummy(password);
      } catch (error) {
        // No outcome: the place taken is given back rather than held until it lapses.
        await throttle.abandoned(email, ip).catch(() => {});
        throw error;
      }
      if (!account || !valid) {
        await throttle.failed(email, ip);
        throw appError('BAD_CREDENTIALS');
      }
      await throttle.succeeded(email, ip);
      if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
      await repository.touchLogin(account.id);
      return openSession(account);
    },

    /**
     * An agent ProConnect vouches for (proconnect/service.ts): the account of the same address, any
     * case, that holds an agent role (instructing services, Osiris, administrators). No account is
     * created, and a member account without such a role is refused like an unknown address (the
     * answer tells nothing of which). Then the same session as a password sign-in, audited in the
     * account's own chain (as an instructing service's address changes are).
     */
    async signInWithProconnect(email: string, providerSubject: string): Promise<SessionResponse> {
      const account = await repository.findByEmail(email.trim().toLowerCase());
      if (!account || !account.roles.some((r) => isAgentRole(r.role))) throw appError('PROCONNECT_NO_AGENT_ACCOUNT');
      if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
      await repository.touchLogin(account.id);
      await repository.transaction((tx) =>
        audit.record(tx, {
          associationId: account.id,
          actor: { id: account.id, email: account.email },
          entity: PROCONNECT_SIGN_IN_AUDIT.entity,
          entityId: account.id,
          action: PROCONNECT_SIGN_IN_AUDIT.action,
          after: { fournisseur: 'ProConnect', sub: providerSubject },
        }),
      );
      return openSession(account);
    },

    /**
     * An address already known answers 409 whatever the password, after the same hashing work as a
     * creation: registration neither opens a session on an existing account (that skipped the lock,
     * the validation and the login throttle) nor tells by its answer or its time whether the password was right.
     */
    async register(input: RegisterInput): Promise<SessionResponse & { roles: string[] }> {
      const passwordHash = await hashPassword(input.password);
      if (await repository.emailTaken(input.email)) throw appError('EMAIL_TAKEN');
      const account = await repository
        .createAccount({
          email: input.email,
          passwordHash,
          civilite: input.civilite,
          nom: input.nom,
          prenom: input.prenom,
          origin: input.origin,
          roles: [DEFAULT_LCA_ROLE],
        })
        .catch(emailTakenOnRace);
      if (input.sendValidation && !account.enabled) await sendValidationLink(account);
      const roles = account.roles.map((r) => r.role);
      return { ...(await openSession(account, roleAfterRegistration(roles))), roles };
    },

    /** Same answer whether the address exists or not. */
    async resendValidation(email: string): Promise<void> {
      const account = await repository.findByEmail(email);
      if (account && !account.enabled) await sendValidationLink(account);
    },

    /**
     * Validates the account's address, or makes a pending new address the login, or (a contact
     * link) an instructing service's pending contact address its contact address; for a service, the
     * switch is audited in its chain (as its request was, auth/services/address-proofs.ts). Answers
     * which address the link proved.
     */
    async validate(token: string): Promise<'account' | 'contact'> {
      const record = await usableOneTimeToken(token, 'VALIDATION', 'CONTACT_VALIDATION');
      // The new address may have been taken by another account meanwhile (unique e-mail).
      const done = await repository
        .validateWithToken(record, async (tx, change) => {
          if (!change.service) return;
          await serviceAddresses.switched(tx, { kind: change.kind, authId: record.userId, previousEmail: change.previousEmail, email: change.email });
        })
        .catch(emailTakenOnRace);
      if (!done) throw appError('LINK_INVALID');
      return record.purpose === 'CONTACT_VALIDATION' ? 'contact' : 'account';
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
      if (!account) throw appError('LINK_INVALID');
      if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
      return openSession(account);
    },

    /**
     * Revokes every refresh family of the account and every access token signed before (session
     * version), then answers a fresh pair in the caller's own family: the session that changed the
     * password stays signed in, every other one is over, and no second family is minted.
     */
    async changePassword(claims: AuthClaims, id: string, oldPassword: string, newPassword: string): Promise<SessionResponse> {
      const account = await accountOf(claims, id);
      if (!(await verifyPassword(account.passwordHash, oldPassword))) {
        throw appError('WRONG_PASSWORD');
      }
      if (oldPassword === newPassword) throw appError('SAME_PASSWORD');
      const updated = await repository.setPassword(account.id, await hashPassword(newPassword));
      return { ...(await issueTokens(updated!, claims.sessionId)), user: toSessionUser(updated!) };
    },

    /**
     * An account from another ministry site (sent to /register) joins the portal: its
     * own signed-in session proves it holds the account, so no password travels again.
     */
    async joinAssociationPortal(claims: AuthClaims, id: string): Promise<SessionUser> {
      const account = await accountOf(claims, id);
      if (account.roles.some((r) => isLcaRole(r.role))) throw appError('ALREADY_ASSOCIATION_ACCOUNT');
      const updated = await repository.addAssociationRole(account.id, DEFAULT_LCA_ROLE).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw appError('ALREADY_ASSOCIATION_ACCOUNT');
        throw error;
      });
      return toSessionUser(updated, DEFAULT_LCA_ROLE);
    },

    /**
     * Applies the changed fields only; mints no token. A new address needs the current password,
     * stays pending until its validation link is used (the current one stays the login), and the
     * current address is told, with a link to report a change its owner did not ask for.
     */
    async updateIdentity(
      claims: AuthClaims,
      id: string,
      changes: { email?: string; nom?: string; prenom?: string; civilite?: string; current_password?: string },
    ): Promise<SessionUser> {
      const account = await accountOf(claims, id);
      const { current_password: currentPassword, ...fields } = changes;
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([key, value]) => value !== undefined && value !== account[key as keyof typeof fields]),
      ) as typeof fields;
      if (Object.keys(changed).length === 0) throw appError('NOTHING_TO_UPDATE');
      const { email: newEmail, ...identity } = changed;
      if (newEmail !== undefined) {
        if (!currentPassword) {
          throw appError('CURRENT_PASSWORD_REQUIRED');
        }
        if (!(await verifyPassword(account.passwordHash, currentPassword))) {
          throw appError('WRONG_CURRENT_PASSWORD');
        }
        if (await repository.emailTaken(newEmail, account.id)) throw appError('EMAIL_TAKEN');
      }
      const updated = await repository.updateIdentity(account.id, { ...identity, ...(newEmail ? { pendingEmail: newEmail } : {}) });
      if (newEmail) {
        await sendValidationLink(updated, newEmail);
        await mail.send({ to: account.email, ...emailChangeNoticeMail(maskEmail(newEmail), link(REPORT_EMAIL_CHANGE_PATH)) });
      }
      return toSessionUser(updated);
    },

    /** Rotation: each refresh token works once; presenting a used one revokes its whole family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const record = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (!record || record.revokedAt) throw appError('TOKEN_EXPIRED');
      if (record.usedAt || !(await repository.consumeRefreshToken(record.id))) {
        // The revocation stands although the call is refused (outside the request's unit of work).
        await independently(() => repository.revokeFamily(record.familyId));
        throw appError('REFRESH_TOKEN_REUSED');
      }
      if (record.expiresAt.getTime() <= Date.now()) throw appError('TOKEN_EXPIRED');
      const account = await repository.findById(record.userId);
      if (!account) throw appError('SESSION_USER_NOT_FOUND');
      if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
      return issueTokens(account, record.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const record = await repository.findRefreshToken(hashOpaqueToken(refreshToken));
      if (record) await repository.revokeFamily(record.familyId);
    },

    async me(claims: AuthClaims) {
      const account = await repository.findById(claims.userId);
      if (!account) throw appError('USER_NOT_FOUND');
      if (account.serviceAccount?.locked) throw appError('USER_LOCKED');
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
