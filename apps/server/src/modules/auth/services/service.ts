// Instructing services, login part (docs/domain.md « Services instructeurs »): the account and its
// service record are created in one transaction, with the mail carrying the link to choose a
// password (never a password in an answer); changes of address (pending until the new address's
// link is used, audited: address-proofs.ts, shared with the contact address), roles or lock; deletion.
import { randomBytes } from 'node:crypto';
import { SERVICE_ACCOUNT_MESSAGES, type ServiceAccountView, type ServiceFields, type ServiceInstructeur } from '@portail/contract';
import type { AppConfig } from '../../../config.ts';
import { isUniqueViolation, type DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../../security/opaque-tokens.ts';
import { emailChangeNoticeMail, linkMail, type MailService } from '../../mail/index.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { maskEmail, REPORT_EMAIL_CHANGE_PATH } from '../addresses.ts';
import type { ServiceAddressProofs } from './address-proofs.ts';
import type { ServiceAccountRepository } from './repository.ts';

/**
 * The service records kept with their accounts (the rds module's ServiceAdmin, handed in by
 * services.ts): read, created in the account's transaction, removed. Declared here, as these calls
 * need them, so that auth imports nothing from rds, which uses auth's address proofs.
 */
export interface ServiceRecords {
  get(id: string): Promise<ServiceInstructeur>;
  createRecord(tx: DbTransaction, claims: AuthClaims, authId: string, fields: ServiceFields): Promise<{ message?: string }>;
  remove(claims: AuthClaims, id: string): Promise<{ message: string }>;
}

export interface ServiceAccountDeps {
  repository: ServiceAccountRepository;
  services: ServiceRecords;
  mail: MailService;
  addresses: ServiceAddressProofs;
  config: Pick<AppConfig, 'publicUrl' | 'validationTokenTtlHours'>;
}

function welcomeMail(nom: string, link: string, validHours: number) {
  return {
    subject: 'Votre compte de service instructeur – Le compte association',
    ...linkMail(
      `Un compte a été ouvert pour le service « ${nom} ». Pour choisir son mot de passe, ouvrez ce lien (valable ${validHours} heures, une seule fois) :`,
      link,
      "Passé ce délai, demandez un nouveau lien depuis la page « Mot de passe oublié ».",
    ),
  };
}

export function createServiceAccountService({ repository, services, mail, addresses, config }: ServiceAccountDeps) {
  const emailTakenOnRace = (error: unknown): never => {
    if (isUniqueViolation(error)) throw appError('EMAIL_TAKEN');
    throw error;
  };

  async function viewOf(authId: string): Promise<ServiceAccountView> {
    const account = await repository.findAccount(authId);
    if (!account?.serviceAccount) throw appError('NOT_FOUND');
    return {
      authId: account.id,
      email: account.email,
      pendingEmail: account.pendingEmail,
      roles: account.roles.map((r) => r.role),
      enabled: account.enabled,
      locked: account.serviceAccount.locked,
      service: await services.get(account.serviceAccount.id),
    };
  }

  return {
    async create(claims: AuthClaims, input: { email: string; roles: readonly string[]; service: ServiceFields }): Promise<ServiceAccountView> {
      // A random password nobody knows: the account is usable once its owner has chosen one.
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const token = newOpaqueToken();
      const { authId, message } = await repository
        .transaction(async (tx) => {
          if (await repository.emailTaken(tx, input.email)) throw appError('EMAIL_TAKEN');
          const user = await repository.createUser(tx, { email: input.email, passwordHash, roles: [...new Set(input.roles)] });
          // A contact address other than the login waits for its own link (rds `changeContact`).
          const record = await services.createRecord(tx, claims, user.id, input.service);
          const expiresAt = new Date(Date.now() + config.validationTokenTtlHours * 3_600_000);
          await repository.createResetToken(tx, user.id, hashOpaqueToken(token), expiresAt);
          const link = `${config.publicUrl}/client/mot-de-passe-oublie/${token}`;
          await mail.enqueue(tx, { to: input.email, ...welcomeMail(input.service.nom, link, config.validationTokenTtlHours) });
          return { authId: user.id, message: record.message };
        })
        .catch(emailTakenOnRace);
      await mail.flush().catch(() => undefined);
      const view = await viewOf(authId);
      return message ? { ...view, message } : view;
    },

    /**
     * Address, roles or lock; only what changes ('Nothing to update.' otherwise). A new address is
     * never the login at once: it waits, pending, for the link mailed to it (outbox, same
     * transaction), the current address is told, and the request is audited; giving the current
     * address back cancels a pending change. A lock or a new role set ends the sessions.
     */
    async update(
      claims: AuthClaims,
      authId: string,
      changes: { email?: string; roles?: readonly string[]; locked?: boolean },
    ): Promise<ServiceAccountView> {
      const pending = await repository
        .transaction(async (tx) => {
          await repository.lock(tx, authId);
          const account = await repository.findAccount(authId, tx);
          if (!account?.serviceAccount) throw appError('NOT_FOUND');
          const current = account.roles.map((r) => r.role).filter((role) => role.startsWith('rds.')).sort();
          const roles = changes.roles ? [...new Set(changes.roles)].sort() : undefined;
          const email = changes.email !== undefined && changes.email !== account.email ? changes.email : undefined;
          const cancel = changes.email !== undefined && changes.email === account.email && account.pendingEmail !== null;
          const rolesChanged = roles !== undefined && JSON.stringify(roles) !== JSON.stringify(current);
          const locked = changes.locked !== undefined && changes.locked !== account.serviceAccount.locked ? changes.locked : undefined;
          if (email === undefined && !cancel && !rolesChanged && locked === undefined) throw appError('NOTHING_TO_UPDATE');
          const address = { kind: 'login' as const, authId, actor: { id: claims.userId, email: claims.email }, current: { email: account.email, pending: account.pendingEmail } };
          if (email !== undefined) {
            if (await repository.emailTaken(tx, email, authId)) throw appError('EMAIL_TAKEN');
            await repository.setPendingEmail(tx, authId, email);
            await addresses.request(tx, { ...address, nom: account.serviceAccount.nom, next: email });
            await mail.enqueue(tx, { to: account.email, ...emailChangeNoticeMail(maskEmail(email), `${config.publicUrl}/client${REPORT_EMAIL_CHANGE_PATH}`) });
          } else if (cancel) {
            await repository.setPendingEmail(tx, authId, null);
            await addresses.settle(tx, { ...address, action: 'annulation', next: { email: account.email, pending: null } });
          }
          if (rolesChanged) await repository.setRoles(tx, authId, roles!);
          if (locked !== undefined) await repository.setLocked(tx, authId, locked);
          if (rolesChanged || locked === true) await repository.endSessions(tx, authId);
          return email !== undefined ? { from: account.email, to: email } : null;
        })
        .catch(emailTakenOnRace);
      if (pending) await mail.flush().catch(() => undefined);
      const view = await viewOf(authId);
      return pending ? { ...view, message: SERVICE_ACCOUNT_MESSAGES.emailChangePending(pending.to, pending.from) } : view;
    },

    remove: (claims: AuthClaims, authId: string) => services.remove(claims, authId),
  };
}
export type ServiceAccountService = ReturnType<typeof createServiceAccountService>;
