// The addresses of an instructing service that count only once proven (docs/domain.md « Services
// instructeurs »): its login (users.pending_email) and its contact address, where dossier mails go
// (service_accounts.pending_email). A manager's new address waits for the link mailed to it. One
// piece for both kinds, in the caller's transaction: the link (one-time token kept hashed, the
// earlier unused links of the same kind voided), its mail in the outbox, and the entry in the
// service account's own audit chain (addresses masked). The link is used through the validation
// route (auth service `validate`, tokens repository `validateWithToken`), which audits the switch here.
import type { AppConfig } from '../../../config.ts';
import type { DbTransaction } from '../../../db/transaction.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../../security/opaque-tokens.ts';
import type { AuditService } from '../../audit/index.ts';
import { linkMail, type MailService } from '../../mail/index.ts';
import { maskEmail, SERVICE_LOGIN_AUDIT_ENTITY } from '../addresses.ts';
import type { AuthRepository } from '../repository.ts';

export type ServiceAddressKind = 'login' | 'contact';

/** The audit entity of an instructing service's contact address (same chain as its login's). */
export const SERVICE_CONTACT_AUDIT_ENTITY = 'adresse_contact_service';

/** An address and the one waiting for its link (null: none; a null contact address means the login). */
export interface AddressState {
  email: string | null;
  pending: string | null;
}

const KINDS = {
  login: {
    purpose: 'VALIDATION',
    entity: SERVICE_LOGIN_AUDIT_ENTITY,
    /** Proof that the address belongs to the service before it becomes the login. */
    mail: (nom: string, link: string, validHours: number) => ({
      subject: 'Confirmez la nouvelle adresse de connexion de votre service – Le compte association',
      ...linkMail(
        `Cette adresse a été indiquée comme nouvelle adresse de connexion du service instructeur « ${nom} ». Pour la confirmer, ouvrez ce lien (valable ${validHours} heures, une seule fois) :`,
        link,
        "Si vous n'attendiez pas ce message, ignorez-le : l'adresse de connexion du service reste inchangée.",
      ),
    }),
  },
  contact: {
    purpose: 'CONTACT_VALIDATION',
    entity: SERVICE_CONTACT_AUDIT_ENTITY,
    /** Proof that the address belongs to the service before dossier mails go to it. */
    mail: (nom: string, link: string, validHours: number) => ({
      subject: 'Confirmez la nouvelle adresse de contact de votre service – Le compte association',
      ...linkMail(
        `Cette adresse a été indiquée comme adresse de contact du service instructeur « ${nom} » : les courriels des dossiers de subvention lui seront envoyés. Pour la confirmer, ouvrez ce lien (valable ${validHours} heures, une seule fois) :`,
        link,
        "Si vous n'attendiez pas ce message, ignorez-le : aucun courriel de dossier ne sera envoyé à cette adresse.",
      ),
    }),
  },
} as const;

export interface ServiceAddressDeps {
  repository: Pick<AuthRepository, 'issueOneTimeToken' | 'voidOneTimeTokens'>;
  mail: MailService;
  audit: AuditService;
  config: Pick<AppConfig, 'publicUrl' | 'validationTokenTtlHours'>;
}

export function createServiceAddressProofs({ repository, mail, audit, config }: ServiceAddressDeps) {
  const masked = (state: AddressState) => ({
    email: state.email === null ? null : maskEmail(state.email),
    email_en_attente: state.pending === null ? null : maskEmail(state.pending),
  });
  const trail = (
    tx: DbTransaction,
    kind: ServiceAddressKind,
    authId: string,
    actor: { id: string; email: string },
    action: string,
    before: AddressState,
    after: AddressState,
  ) =>
    // Services have no association: their entries go to a chain keyed by the service account's id.
    audit.record(tx, { associationId: authId, actor, entity: KINDS[kind].entity, entityId: authId, action, before: masked(before), after: masked(after) });

  return {
    /**
     * `next` waits for its link: the kind's earlier unused links are voided, a new one is mailed to
     * `next` (outbox, the caller's transaction) and the request is audited. The caller writes the
     * pending column. The link itself is never answered.
     */
    async request(
      tx: DbTransaction,
      input: { kind: ServiceAddressKind; authId: string; nom: string; actor: { id: string; email: string }; current: AddressState; next: string },
    ): Promise<void> {
      const { kind, authId, next } = input;
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + config.validationTokenTtlHours * 3_600_000);
      await repository.issueOneTimeToken(tx, authId, KINDS[kind].purpose, hashOpaqueToken(token), expiresAt, next);
      const link = `${config.publicUrl}/client/validate/${token}`;
      await mail.enqueue(tx, { to: next, ...KINDS[kind].mail(input.nom, link, config.validationTokenTtlHours) });
      await trail(tx, kind, authId, input.actor, 'demande', input.current, { email: input.current.email, pending: next });
    },

    /**
     * A change that needs no link (a pending address dropped: `annulation`; an address taken at
     * once: `modification`): the kind's unused links are voided and the change audited.
     */
    async settle(
      tx: DbTransaction,
      input: { kind: ServiceAddressKind; authId: string; actor: { id: string; email: string }; action: 'annulation' | 'modification'; current: AddressState; next: AddressState },
    ): Promise<void> {
      await repository.voidOneTimeTokens(tx, input.authId, KINDS[input.kind].purpose);
      await trail(tx, input.kind, input.authId, input.actor, input.action, input.current, input.next);
    },

    /** The link was used (validation route): the switch is audited, the link's holder as actor. */
    switched: (tx: DbTransaction, input: { kind: ServiceAddressKind; authId: string; previousEmail: string | null; email: string }) =>
      trail(
        tx,
        input.kind,
        input.authId,
        { id: input.authId, email: maskEmail(input.email) },
        'validation',
        { email: input.previousEmail, pending: input.email },
        { email: input.email, pending: null },
      ),

    /** Sends what the transaction wrote to the outbox (failures are retried by the outbox). */
    flush: () => mail.flush().catch(() => undefined),
  };
}
export type ServiceAddressProofs = ReturnType<typeof createServiceAddressProofs>;
