// lca-server rules: association-user record, joining and leaving associations, notes on page,
// questions asked of subsidy dossiers.
//
// Joining is open to any association user (after the certificate of honour, a client step): the
// association must exist and the SIRET must be one of its establishments. In the transaction of a
// new link the server itself mails every legal representative with an address and the
// association's own address, each with a single-use « Je ne connais pas cette personne » link that
// detaches the member; the join is written to the audit trail. Joins are limited per account and
// per association per day. Who may change which links: policy.ts.
import { type AssociationUser, type LinkType, MEMBERSHIP_MESSAGES, type UserAssociationLink } from '@portail/contract';
import type { MembershipLimits } from '../../config.ts';
import type { DbTransaction } from '../../db/transaction.ts';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import { accountScope, type ScopeResolvers } from '../../http/resource-scope.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens.ts';
import type { AuditService } from '../audit/index.ts';
import type { MailService } from '../mail/index.ts';
import { createNoteService } from './notes/service.ts';
import { createQuestionService } from './questions/service.ts';
import { joinsUnlimited, mayAnnounceJoinOf } from './policy.ts';
import { detachedMail, joinMail } from './reports/mails.ts';
import type { LcaRepository } from './repository.ts';
import { toUserAssociationLink, type Association, type UserAssociation } from './users/repository.ts';

type AssociationUserRecord = NonNullable<Awaited<ReturnType<LcaRepository['findAssociationUser']>>>;

function toAssociationUser(record: AssociationUserRecord): AssociationUser {
  const { user } = record;
  return {
    _id: record.id,
    authId: user.id,
    email: user.email,
    civilite: user.civilite,
    nom: user.nom,
    prenom: user.prenom,
    associations: record.links.map(toUserAssociationLink(user.email)),
  };
}

export interface JoinLink {
  id_correspondance: string;
  id_siret?: string | null;
  fonction?: string | null;
}

const DAY_MS = 24 * 60 * 60_000;

/** The link's state as the audit trail keeps it. */
const linkSnapshot = (link: UserAssociation, email: string) => ({ email, id_siret: link.idSiret, type: link.type, fonction: link.fonction });

export interface LcaServiceDeps {
  repository: LcaRepository;
  mail: MailService;
  audit: AuditService;
  limits: MembershipLimits;
  /** Public base URL of the portal, for the links in mails. */
  publicUrl: string;
}

export function createLcaService({ repository, mail, audit, limits, publicUrl }: LcaServiceDeps) {
  const reportLink = (token: string) => `${publicUrl}/client/rattachement/signalement/${token}`;

  /**
   * Mails the association's representatives (with an address, not deleted) and its own address about
   * `memberEmail` joining through `link`, in `tx`; each recipient gets its own single-use link.
   * Refused (429) once the association's join mails of the last 24 hours reach the limit.
   */
  async function announceJoin(
    tx: DbTransaction,
    link: UserAssociation,
    association: Association & { representantsLegaux: { courriel: string | null }[] },
    memberEmail: string,
  ) {
    const announced = await repository.announcedJoinsSince(tx, association.id, new Date(Date.now() - DAY_MS));
    if (announced >= limits.joinNotificationsPerAssociationPerDay) {
      throw appError('JOIN_NOTIFICATIONS_LIMIT').retryAfter(DAY_MS / 1000);
    }
    const addresses = [...association.representantsLegaux.map((r) => r.courriel), association.courriel];
    const recipients = [...new Set(addresses.filter((a): a is string => Boolean(a?.trim())).map((a) => a.trim().toLowerCase()))];
    const expiresAt = new Date(Date.now() + limits.reportLinkTtlDays * DAY_MS);
    for (const to of recipients) {
      const token = newOpaqueToken();
      await repository.createReportToken(tx, {
        tokenHash: hashOpaqueToken(token),
        linkId: link.id,
        associationId: association.id,
        associationUserId: link.associationUserId,
        recipient: to,
        expiresAt,
      });
      await mail.enqueue(tx, { to, ...joinMail(association, memberEmail, reportLink(token), limits.reportLinkTtlDays) });
    }
    return recipients.length;
  }

  /** Delivers what a committed transaction enqueued; a failure stays in the outbox for the retry loop. */
  const flushMail = () => mail.flush().catch(() => undefined);

  /** The record of `lcaId` (who may reach it is the route's declared account scope). */
  async function recordOf(lcaId: string) {
    const record = await repository.findAssociationUser(lcaId);
    if (!record) throw appError('USER_NOT_FOUND');
    return record;
  }

  /** The contract's `account` scope: an association-user record is reached through its owner's sign-in id. */
  const resolvers = {
    account: async (claims, id, declared) =>
      accountScope(claims, declared.idKind === 'auth' ? id : (await recordOf(id)).authId, declared.others),
  } satisfies ScopeResolvers;

  /** A member's link created, removed or detached, in its association's audit trail (in `tx`). */
  function recordLinkChange(
    tx: DbTransaction,
    actor: { id: string | null; email: string },
    link: UserAssociation,
    memberEmail: string,
    action: 'create' | 'delete' | 'detach',
  ) {
    const snapshot = linkSnapshot(link, memberEmail);
    return audit.record(tx, {
      associationId: link.associationId,
      actor,
      entity: 'membre',
      entityId: link.id,
      action,
      idSiret: link.idSiret,
      ...(action === 'create' ? { after: snapshot } : { before: snapshot }),
    });
  }

  /**
   * Removes the record's links (to one association, or all), each written to that association's
   * audit trail in the same transaction: the members can see who left and when.
   */
  async function leave(claims: AuthClaims, record: { id: string; user: { email: string } }, associationId?: string) {
    return repository.transaction(async (tx) => {
      const links = await repository.linksOfRecord(tx, record.id, associationId);
      for (const link of links) {
        await repository.deleteLink(tx, link.id);
        await recordLinkChange(tx, { id: claims.userId, email: claims.email }, link, record.user.email, 'delete');
      }
      return links.length;
    });
  }

  async function linksOfRecord(associationUserId: string, email: string): Promise<UserAssociationLink[]> {
    return (await repository.liveLinksOfRecord(associationUserId)).map(toUserAssociationLink(email));
  }

  /** One link of a join request, in `tx`: a new link (limited, audited, announced) or new fields on an existing one. */
  async function joinOne(tx: DbTransaction, claims: AuthClaims, record: AssociationUserRecord, link: JoinLink) {
    const association = await repository.findAssociationToJoin(tx, link.id_correspondance);
    if (!association) throw appError('NOT_FOUND');
    let type: LinkType = 'Siège';
    if (link.id_siret) {
      const etablissement = association.etablissements.find((e) => e.siret === link.id_siret);
      if (!etablissement) {
        throw appError('SIRET_NOT_IN_ASSOCIATION');
      }
      const isHeadOffice = etablissement.estSiege || association.idSiretSiege === link.id_siret;
      type = isHeadOffice ? 'Siège' : 'Etablissement secondaire';
    } else if (association.etablissements.length > 0) {
      throw appError('ASSOCIATION_REQUIRES_SIRET');
    }
    const fields = { idSiret: link.id_siret ?? null, type, fonction: link.fonction ?? null };
    const existing = await repository.findLink(tx, record.id, association.id);
    if (existing) {
      await repository.updateLink(tx, existing.id, fields);
      return;
    }
    if (!joinsUnlimited(claims)) {
      await repository.lockJoinsOf(tx, claims.userId);
      const since = new Date(Date.now() - DAY_MS);
      const joins = await audit.countEntries(tx, { actorId: claims.userId, entity: 'membre', action: 'create', since });
      if (joins >= limits.joinsPerAccountPerDay) {
        throw appError('JOINS_LIMIT', { max: limits.joinsPerAccountPerDay }).retryAfter(DAY_MS / 1000);
      }
    }
    const created = await repository.createLink(tx, record.id, association.id, fields);
    await recordLinkChange(tx, { id: claims.userId, email: claims.email }, created, record.user.email, 'create');
    await announceJoin(tx, created, association, record.user.email);
  }

  return {
    resolvers,

    async getAssociationUser(claims: AuthClaims, lcaId: string): Promise<AssociationUser> {
      return toAssociationUser(await recordOf(lcaId));
    },

    /** Joins the given associations (or updates the establishment / fonction of an existing link), all or none. */
    async joinAssociations(claims: AuthClaims, lcaId: string, links: readonly JoinLink[]): Promise<AssociationUser> {
      const record = await recordOf(lcaId);
      await repository.transaction(async (tx) => {
        for (const link of links) await joinOne(tx, claims, record, link);
      });
      await flushMail();
      return toAssociationUser((await repository.findAssociationUser(record.id))!);
    },

    /** Leaves every association; the (empty) record stays, so the session keeps its lcaId. */
    async leaveAllAssociations(claims: AuthClaims, lcaId: string) {
      const record = await recordOf(lcaId);
      await leave(claims, record);
      return { message: MEMBERSHIP_MESSAGES.associationLeft };
    },

    /** Leaves one association; answers the remaining ones. Not linked or unknown: 404. */
    async exitAssociation(claims: AuthClaims, authId: string, idAsso: string) {
      const record = await repository.findAssociationUserByAuthId(authId);
      if (!record) throw appError('USER_NOT_FOUND');
      const associationId = await repository.findAssociationId(idAsso);
      const removed = associationId ? await leave(claims, record, associationId) : 0;
      if (removed === 0) throw appError('NOT_LINKED');
      return { associations: await linksOfRecord(record.id, record.user.email) };
    },

    /**
     * The client's announcement of a join. The server already mailed at the join; this mails only
     * for a link never announced (made before, or by other means), so one join gives one mail.
     */
    async joinAssociationNotification(
      claims: AuthClaims,
      body: { id_correspondance: string; id_rna?: string | null; id_siren?: string | null; email: string },
    ) {
      const association = await repository.findAssociationToAnnounce(body.id_correspondance, body.id_rna, body.id_siren);
      if (!association) throw appError('NOT_FOUND');
      // A caller who may not announce this join learns only whether they are linked themself.
      if (!mayAnnounceJoinOf(claims, body.email)) {
        const linked = await repository.countLinksOfAccount(association.id, claims.userId);
        throw appError(linked === 0 ? 'NOT_FOUND' : 'FORBIDDEN');
      }
      const link = await repository.findLinkOfMemberEmail(association.id, body.email);
      if (!link) throw appError('NOT_FOUND');
      const already = await repository.reportRecipients(link.id);
      if (already.length > 0) return { message: MEMBERSHIP_MESSAGES.joinNotificationSent, sent: already.length };
      const sent = await repository.transaction((tx) => announceJoin(tx, link, association, body.email));
      await flushMail();
      return { message: MEMBERSHIP_MESSAGES.joinNotificationSent, sent };
    },

    /**
     * « Je ne connais pas cette personne »: the link of a join mail detaches the member (once; an
     * unknown, used or expired link, or one whose join is gone, is refused alike), tells them by
     * mail, and writes the detachment to the audit trail, all in one transaction.
     */
    async reportMember(token: string) {
      const tokenHash = hashOpaqueToken(token);
      await repository.transaction(async (tx) => {
        const invalid = () => appError('LINK_INVALID');
        if (!(await repository.claimReportToken(tx, tokenHash, new Date()))) throw invalid();
        const report = (await repository.findReportToken(tx, tokenHash))!;
        const link = await repository.findLinkWithMember(tx, report.linkId);
        if (!link) throw invalid();
        await repository.deleteLink(tx, link.id);
        const email = link.associationUser.user.email;
        await recordLinkChange(tx, { id: null, email: report.recipient }, link, email, 'detach');
        await mail.enqueue(tx, { to: email, ...detachedMail(link.association) });
      });
      await flushMail();
      return { message: MEMBERSHIP_MESSAGES.memberReported };
    },

    ...createNoteService(repository),
    ...createQuestionService(repository),
  };
}
export type LcaService = ReturnType<typeof createLcaService>;
