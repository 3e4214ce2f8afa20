// Watched changes of the association file (RIBs, legal representatives): each is written to the
// audit trail, mailed to the association's members who see it and to its representatives, and —
// for RIBs — notified to those members (type 6 modification_rib), all in the transaction of the
// change, so a change never happens unseen and a rolled-back change tells nobody.
import { formatSiret, maskIban, NOTIFICATION_TYPE_IDS, type Representant, type Rib } from '@portail/contract';
import type { DbTransaction } from '../../../db/transaction.ts';
import type { AuthClaims } from '../../../http/request-context.ts';
import type { AuditService } from '../../audit/index.ts';
import { linkMail, type MailService } from '../../mail/index.ts';
import type { NotificationService } from '../../notifications/index.ts';
import { memberSeesSiret } from '../access/policy.ts';
import type { FileRepository } from './repository.ts';
export type FileChangeAction = 'create' | 'update' | 'delete';

export type FileChange = { associationId: string; action: FileChangeAction } & (
  | { entity: 'rib'; before: Rib | null; after: Rib | null }
  | { entity: 'representant_legal'; before: Representant | null; after: Representant | null }
);

const DONE: Record<FileChangeAction, string> = { create: 'a été ajouté', update: 'a été modifié', delete: 'a été supprimé' };
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

function describe(change: FileChange): { subject: string; what: string; details: string[] } {
  if (change.entity === 'rib') {
    const rib = (change.after ?? change.before)!;
    const details =
      change.before && change.after && change.before.iban !== change.after.iban
        ? [`IBAN ${maskIban(change.before.iban)} remplacé par ${maskIban(change.after.iban)}.`]
        : [];
    return {
      subject: "Modification des coordonnées bancaires de l'association",
      what: `le RIB « ${rib.titulaire} » (IBAN ${maskIban(rib.iban)}) de l'établissement SIRET ${formatSiret(rib.id_siret)}`,
      details,
    };
  }
  const rep = (change.after ?? change.before)!;
  return {
    subject: "Modification des représentants légaux de l'association",
    what: `le représentant légal ${[rep.prenom, rep.nom].filter(Boolean).join(' ')}${rep.fonction ? ` (${rep.fonction})` : ''}`,
    details: [],
  };
}

export function fileChangeMail(change: FileChange, association: { nom: string }, actorEmail: string, at: Date, journalLink: string) {
  const { subject, what, details } = describe(change);
  return {
    subject: `${subject} ${association.nom} – Le compte association`,
    ...linkMail(
      [
        `Dans le dossier de l'association « ${association.nom} » sur le compte association, ${what} ${DONE[change.action]} le ${dateTime.format(at)} par ${actorEmail}.`,
        ...details,
        "Vous recevez ce message en tant que membre ou représentant légal de l'association. Le journal des modifications est consultable ici :",
      ].join('\n'),
      journalLink,
      "Si cette modification vous paraît anormale, prévenez sans attendre les autres responsables de l'association et l'assistance du compte association.",
    ),
  };
}

export interface FileChangeDeps {
  repository: FileRepository;
  audit: AuditService;
  mail: MailService;
  notifications: NotificationService;
  publicUrl: string;
}

export function createFileChanges({ repository, audit, mail, notifications, publicUrl }: FileChangeDeps) {
  return {
    /** Trail, notifications and mails of one change, in its transaction. */
    async record(tx: DbTransaction, claims: AuthClaims, change: FileChange) {
      const row = (change.after ?? change.before)!;
      const idSiret = row.id_siret;
      await audit.record(tx, {
        associationId: change.associationId,
        actor: { id: claims.userId, email: claims.email },
        entity: change.entity,
        entityId: row.id,
        action: change.action,
        idSiret,
        before: change.before,
        after: change.after,
      });

      // Members who can see the changed row (../access/policy.ts): head office, or the row's establishment.
      const links = await repository.memberLinks(tx, change.associationId);
      const members = links
        .filter((l) => memberSeesSiret(l, idSiret, change.entity === 'representant_legal'))
        .map((l) => l.associationUser.user);
      const representatives = await repository.representants.addresses(tx, change.associationId);
      // A removed or re-addressed representative hears of it too.
      const touched = change.entity === 'representant_legal' ? [change.before?.courriel, change.after?.courriel] : [];
      const recipients = [
        ...new Set(
          [...members.map((m) => m.email), ...representatives.map((r) => r.courriel), ...touched]
            .filter((a): a is string => Boolean(a?.trim()))
            .map((a) => a.trim().toLowerCase()),
        ),
      ];

      const at = new Date();
      if (change.entity === 'rib') {
        const rib = row as Rib;
        await notifications.notify(tx, {
          associationId: change.associationId,
          userIds: members.map((m) => m.id),
          type: NOTIFICATION_TYPE_IDS.modification_rib,
          payload: { action: change.action, id_rib: rib.id, id_siret: rib.id_siret, iban: maskIban(rib.iban), date: at.toISOString() },
          author: claims.userId,
        });
      }
      const association = await repository.association.find(change.associationId, tx);
      const journalLink = `${publicUrl}/client/informations-administratives/${change.associationId}?onglet=journal`;
      const content = fileChangeMail(change, association, claims.email, at, journalLink);
      for (const to of recipients) await mail.enqueue(tx, { to, ...content });
    },
    /** After commit: deliver the mails now (on failure the outbox's retry loop keeps them). */
    deliver: () => mail.flush().catch(() => undefined),
  };
}
export type FileChanges = ReturnType<typeof createFileChanges>;
