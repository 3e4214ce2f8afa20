// Instructing services, login part (docs/domain.md « Services instructeurs »): the account and its
// service record are created in one transaction, with the mail carrying the link to choose a
// password (never a password in an answer); changes of address, roles or lock; deletion.
import { randomBytes } from 'node:crypto';
import type { ServiceAccountView, ServiceFields } from '@portail/contract';
import type { AppConfig } from '../../../config.ts';
import { isUniqueViolation } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../../security/opaque-tokens.ts';
import { linkMail, type MailService } from '../../mail/index.ts';
import type { ServiceAdmin } from '../../rds/index.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { ServiceAccountRepository } from './repository.ts';

export interface ServiceAccountDeps {
  repository: ServiceAccountRepository;
  services: ServiceAdmin;
  mail: MailService;
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

export function createServiceAccountService({ repository, services, mail, config }: ServiceAccountDeps) {
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
      const authId = await repository
        .transaction(async (tx) => {
          if (await repository.emailTaken(tx, input.email)) throw appError('EMAIL_TAKEN');
          const user = await repository.createUser(tx, { email: input.email, passwordHash, roles: [...new Set(input.roles)] });
          await services.createRecord(tx, claims, user.id, input.service);
          const expiresAt = new Date(Date.now() + config.validationTokenTtlHours * 3_600_000);
          await repository.createResetToken(tx, user.id, hashOpaqueToken(token), expiresAt);
          const link = `${config.publicUrl}/client/mot-de-passe-oublie/${token}`;
          await mail.enqueue(tx, { to: input.email, ...welcomeMail(input.service.nom, link, config.validationTokenTtlHours) });
          return user.id;
        })
        .catch(emailTakenOnRace);
      await mail.flush().catch(() => undefined);
      return viewOf(authId);
    },

    /** Address, roles or lock; only what changes ('Nothing to update.' otherwise). A lock or a new role set ends the sessions. */
    async update(authId: string, changes: { email?: string; roles?: readonly string[]; locked?: boolean }): Promise<ServiceAccountView> {
      await repository
        .transaction(async (tx) => {
          await repository.lock(tx, authId);
          const account = await repository.findAccount(authId, tx);
          if (!account?.serviceAccount) throw appError('NOT_FOUND');
          const current = account.roles.map((r) => r.role).filter((role) => role.startsWith('rds.')).sort();
          const roles = changes.roles ? [...new Set(changes.roles)].sort() : undefined;
          const email = changes.email !== undefined && changes.email !== account.email ? changes.email : undefined;
          const rolesChanged = roles !== undefined && JSON.stringify(roles) !== JSON.stringify(current);
          const locked = changes.locked !== undefined && changes.locked !== account.serviceAccount.locked ? changes.locked : undefined;
          if (email === undefined && !rolesChanged && locked === undefined) throw appError('NOTHING_TO_UPDATE');
          if (email !== undefined) {
            if (await repository.emailTaken(tx, email, authId)) throw appError('EMAIL_TAKEN');
            await repository.setEmail(tx, authId, email);
          }
          if (rolesChanged) await repository.setRoles(tx, authId, roles!);
          if (locked !== undefined) await repository.setLocked(tx, authId, locked);
          if (rolesChanged || locked === true) await repository.endSessions(tx, authId);
        })
        .catch(emailTakenOnRace);
      return viewOf(authId);
    },

    remove: (authId: string) => services.remove(authId),
  };
}
export type ServiceAccountService = ReturnType<typeof createServiceAccountService>;
