// What the other side of a subsidy dossier hears of (docs/domain.md « Dossiers de subvention »):
// notifications and mails to the services the dossier reached or to the association's members,
// written in the caller's transaction; the explicit notify, the messages between the two sides,
// and sharing the dossier with another member of the association.
import { DOSSIER_MESSAGES, NOTIFICATION_TYPE_IDS, type NotificationTypeId } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import { appError } from '../../../http/errors.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { RouteLimiter } from '../../../http/rate-limit.ts';
import type { DossierScope } from '../../../http/resource-scope.ts';
import type { AuditService } from '../../audit/index.ts';
import type { MailService } from '../../mail/index.ts';
import type { NotificationService } from '../../notifications/index.ts';
import { NOT_TRANSMITTED_STATES } from './policy.ts';
import type { DossierRepository, DossierRow, Person } from './repository.ts';

export interface DossierExchangesDeps {
  repository: DossierRepository;
  audit: AuditService;
  mail: MailService;
  notifications: NotificationService;
  rateLimits: RouteLimiter;
  publicUrl: string;
  /** The dossier, or 404. */
  load: (id: string) => Promise<DossierRow>;
}

const serviceIdsOf = (row: { instructions: { serviceId: string }[] }) => row.instructions.map((i) => i.serviceId);
/** The services the dossier has reached (their instruction past A and B): the only ones told of it (policy.ts). */
const reachedServiceIdsOf = (row: { instructions: { serviceId: string; etat: string }[] }) =>
  row.instructions.filter((i) => !(NOT_TRANSMITTED_STATES as readonly string[]).includes(i.etat)).map((i) => i.serviceId);

export function createDossierExchanges(deps: DossierExchangesDeps) {
  const { repository, audit, mail, notifications, rateLimits, publicUrl, load } = deps;

  /**
   * A change the services the dossier reached must hear of (a dossier sent back to the association,
   * or granted): notification of `type` and a mail, in the caller's transaction. None before that.
   */
  async function tellReachedServices(tx: DbTransaction, claims: AuthClaims, row: DossierRow, type: NotificationTypeId, change: string) {
    const reached = reachedServiceIdsOf(row);
    if (reached.length === 0) return;
    // A change that mails is counted per account and per dossier; over the limit, the change is refused (429) and rolled back.
    await rateLimits.check('dossierChangeMail', { account: `user:${claims.userId}`, target: `dossier:${row.id}` });
    await tell(tx, claims, await repository.serviceContacts(tx, reached), { associationId: row.associationId, type, dossierId: row.id, idFo: row.idFo, text: `${change} (dossier n° ${row.idFo})` });
  }
  /** Notifies and mails the people of the other side (the author excluded). */
  async function tell(tx: DbTransaction, claims: AuthClaims, people: Person[], n: { associationId: string; type: NotificationTypeId; dossierId: string; idFo: string; text: string }) {
    const others = people.filter((p) => p.userId !== claims.userId);
    await notifications.notify(tx, { associationId: n.associationId, userIds: others.map((p) => p.userId), type: n.type, payload: { dossier: n.dossierId, id_fo: n.idFo, texte: n.text }, author: claims.userId });
    for (const to of new Set(others.map((p) => p.email.toLowerCase()))) {
      await mail.enqueue(tx, {
        to,
        subject: `Dossier de subvention n° ${n.idFo} – Le compte association`,
        text: `${n.text}\n\nPour consulter le dossier : ${publicUrl}/client/dossiers/${n.dossierId}`,
      });
    }
  }

  /** A change the association's members must hear of (the « incomplet » mark, the service in charge): notification and mail. */
  async function tellMembers(tx: DbTransaction, claims: AuthClaims, row: DossierRow, type: NotificationTypeId, change: string) {
    await tell(tx, claims, await repository.membersFor(tx, row.associationId, row.idSiret), { associationId: row.associationId, type, dossierId: row.id, idFo: row.idFo, text: `${change} (dossier n° ${row.idFo})` });
  }

  return {
    tellReachedServices,
    tellMembers,

    /** A change the other side should hear of (statut 2, document 4, RIB 6). */
    async notify(claims: AuthClaims, scope: DossierScope, type: 2 | 4 | 6) {
      const row = await load(scope.dossierId);
      const labels = { 2: 'Le statut du dossier a changé.', 4: 'Les documents du dossier ont changé.', 6: 'Le RIB du dossier a changé.' };
      await repository.transaction(async (tx) => {
        const people = scope.side === 'association' ? await repository.serviceContacts(tx, reachedServiceIdsOf(row)) : await repository.membersFor(tx, row.associationId, row.idSiret);
        await tell(tx, claims, people, { associationId: row.associationId, type, dossierId: row.id, idFo: row.idFo, text: `${labels[type]} (dossier n° ${row.idFo})` });
      });
      await mail.flush().catch(() => undefined);
      return { message: DOSSIER_MESSAGES.notified };
    },

    /** A member's message reaches the services' users; a service's message reaches the members (type 5 and mail). */
    async message(claims: AuthClaims, scope: DossierScope, body: { message: string; id_service_instructeur?: string }) {
      const row = await load(scope.dossierId);
      const services = serviceIdsOf(row);
      if (body.id_service_instructeur && !services.includes(body.id_service_instructeur)) {
        throw appError('DOSSIER_INPUT_INVALID', { motif: "Ce service n'instruit pas ce dossier." });
      }
      const fromService = scope.side === 'service';
      const serviceId = fromService ? (scope.serviceIds[0] ?? body.id_service_instructeur ?? null) : (body.id_service_instructeur ?? null);
      await repository.transaction(async (tx) => {
        await repository.addMessage(tx, { dossierId: row.id, authorId: claims.userId, serviceId, direction: fromService ? 'vers_association' : 'vers_service', texte: body.message });
        const reached = reachedServiceIdsOf(row);
        const people = fromService ? await repository.membersFor(tx, row.associationId, row.idSiret) : await repository.serviceContacts(tx, serviceId ? reached.filter((id) => id === serviceId) : reached);
        await tell(tx, claims, people, { associationId: row.associationId, type: NOTIFICATION_TYPE_IDS.message, dossierId: row.id, idFo: row.idFo, text: `Nouveau message sur le dossier n° ${row.idFo} :\n${body.message}` });
      });
      await mail.flush().catch(() => undefined);
      return { message: DOSSIER_MESSAGES.messageSent };
    },

    /** The caller opened the dossier's messages: those they had not read are marked read (their notifications of type 5 on it). */
    async markMessagesRead(claims: AuthClaims, scope: DossierScope) {
      return { lus: await notifications.markDossierMessagesRead(claims.userId, scope.dossierId), messages_non_lus: 0 as const };
    },

    async share(claims: AuthClaims, scope: DossierScope<'write'>, email: string) {
      const userId = await repository.memberByEmail(scope.associationId, email);
      if (!userId) throw appError('DOSSIER_INPUT_INVALID', { motif: DOSSIER_MESSAGES.shareNotMember });
      await repository.transaction(async (tx) => {
        await repository.share(tx, scope.dossierId, userId);
        await audit.record(tx, { associationId: scope.associationId, actor: { id: claims.userId, email: claims.email }, entity: 'dossier', entityId: scope.dossierId, action: 'partager', before: null, after: { partage_avec: email } });
      });
      return { message: DOSSIER_MESSAGES.shared };
    },
  };
}
