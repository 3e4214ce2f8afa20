// lca-server rules: association-user record, joining and leaving associations, notes on page.
//
// Joining is open to any association user (after the certificate of honour, a client step): the
// association must exist and the SIRET must be one of its establishments; the association's legal
// representatives are told by mail (joinAssociationNotification). A user changes only their own
// links; lca.admin changes anyone's.
import {
  isAdminRole,
  MESSAGES,
  NOTE_TYPES,
  type AssociationUser,
  type LinkType,
  type NoteOnPage,
  type UserAssociationLink,
} from '@portail/contract';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { MailService } from '../mail/mail.service.ts';
import { paragraphs } from '../mail/mail-templates.ts';
import { findAssociationId, LCA_ADMIN } from '../proxy-asso/access.ts';
import { toUserAssociationLink, type LcaRepository } from './lca.repository.ts';

const noteType = (type: string): NoteOnPage['type'] =>
  (NOTE_TYPES as readonly string[]).includes(type) ? (type as NoteOnPage['type']) : 'info';

type Record_ = NonNullable<Awaited<ReturnType<LcaRepository['findAssociationUser']>>>;

function toAssociationUser(record: Record_): AssociationUser {
  const { user } = record;
  return {
    _id: record.id,
    authId: user.id,
    email: user.email,
    civilite: user.civilite,
    nom: user.nom,
    prenom: user.prenom,
    associations: record.links.map(toUserAssociationLink),
  };
}

export interface JoinLink {
  id_correspondance: string;
  id_siret?: string | null;
  fonction?: string | null;
}

function joinMail(association: { nom: string; idRna: string | null; idSiren: string | null }, email: string) {
  const ids = [association.idRna && `RNA ${association.idRna}`, association.idSiren && `SIREN ${association.idSiren}`]
    .filter(Boolean)
    .join(', ');
  const body = [
    'Bonjour,',
    `La personne utilisant l'adresse ${email} s'est rattachée à l'association « ${association.nom} »${ids ? ` (${ids})` : ''} sur le compte association, après avoir certifié sur l'honneur en être membre.`,
    "Elle peut désormais consulter et mettre à jour les informations administratives de l'association.",
    "Si vous ne connaissez pas cette personne, signalez-le à l'assistance du compte association.",
    "L'équipe du compte association",
  ].join('\n');
  return {
    subject: `Nouveau membre rattaché à l'association ${association.nom} – Le compte association`,
    text: body.replace(/\n/g, '\n\n'),
    html: paragraphs(body),
  };
}

export function createLcaService(repository: LcaRepository, mail: MailService) {
  const { db } = repository;

  /** The record of `lcaId`: the user's own, or anyone's for lca.admin (read: any admin role). */
  async function recordOf(claims: AuthClaims, lcaId: string, mode: 'read' | 'write') {
    const record = await repository.findAssociationUser(lcaId);
    if (!record) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
    const mayOverride = mode === 'read' ? claims.roles.some(isAdminRole) : claims.roles.includes(LCA_ADMIN);
    if (record.authId !== claims.userId && !mayOverride) throw forbidden();
    return record;
  }

  async function linksOfRecord(associationUserId: string): Promise<UserAssociationLink[]> {
    const links = await db.userAssociation.findMany({
      where: { associationUserId, association: { deletedAt: null } },
      include: { association: true },
      orderBy: { createdAt: 'asc' },
    });
    return links.map(toUserAssociationLink);
  }

  return {
    async getAssociationUser(claims: AuthClaims, lcaId: string): Promise<AssociationUser> {
      return toAssociationUser(await recordOf(claims, lcaId, 'read'));
    },

    /** Joins the given associations (or updates the establishment / fonction of an existing link). */
    async joinAssociations(claims: AuthClaims, lcaId: string, links: readonly JoinLink[]): Promise<AssociationUser> {
      const record = await recordOf(claims, lcaId, 'write');
      await db.$transaction(async (tx) => {
        for (const link of links) {
          const association = await tx.association.findFirst({
            where: { id: link.id_correspondance, deletedAt: null },
            include: { etablissements: { select: { siret: true, estSiege: true } } },
          });
          if (!association) throw notFound();
          let type: LinkType = 'Siège';
          if (link.id_siret) {
            const etablissement = association.etablissements.find((e) => e.siret === link.id_siret);
            if (!etablissement) {
              throw badRequest(MESSAGES.siretNotInAssociation, 'VALIDATION_ERROR', { id_siret: MESSAGES.siretNotInAssociation });
            }
            const isHeadOffice = etablissement.estSiege || association.idSiretSiege === link.id_siret;
            type = isHeadOffice ? 'Siège' : 'Etablissement secondaire';
          } else if (association.etablissements.length > 0) {
            throw badRequest(MESSAGES.associationRequiresSiret, 'VALIDATION_ERROR', { id_siret: MESSAGES.associationRequiresSiret });
          }
          const data = { idSiret: link.id_siret ?? null, type, fonction: link.fonction ?? null };
          await tx.userAssociation.upsert({
            where: { associationUserId_associationId: { associationUserId: record.id, associationId: association.id } },
            create: { associationUserId: record.id, associationId: association.id, ...data },
            update: data,
          });
        }
      });
      return toAssociationUser((await repository.findAssociationUser(record.id))!);
    },

    /** Leaves every association; the (empty) record stays, so the session keeps its lcaId. */
    async leaveAllAssociations(claims: AuthClaims, lcaId: string) {
      const record = await recordOf(claims, lcaId, 'write');
      await db.$transaction((tx) => tx.userAssociation.deleteMany({ where: { associationUserId: record.id } }));
      return { message: MESSAGES.associationLeft };
    },

    /** Leaves one association; answers the remaining ones. Not linked or unknown: 404. */
    async exitAssociation(claims: AuthClaims, authId: string, idAsso: string) {
      if (authId !== claims.userId && !claims.roles.includes(LCA_ADMIN)) throw forbidden();
      const record = await repository.findAssociationUserByAuthId(authId);
      if (!record) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const associationId = await findAssociationId(db, idAsso);
      const removed = associationId
        ? await db.$transaction((tx) => tx.userAssociation.deleteMany({ where: { associationUserId: record.id, associationId } }))
        : { count: 0 };
      if (removed.count === 0) throw notFound(MESSAGES.notLinkedToAssociation, 'NOT_LINKED');
      return { associations: await linksOfRecord(record.id) };
    },

    /** Mails the association's legal representatives that `email` joined; the caller must be linked. */
    async joinAssociationNotification(
      claims: AuthClaims,
      body: { id_correspondance: string; id_rna?: string | null; id_siren?: string | null; email: string },
    ) {
      const association = await db.association.findFirst({
        where: {
          id: body.id_correspondance,
          deletedAt: null,
          ...(body.id_rna ? { idRna: body.id_rna } : {}),
          ...(body.id_siren ? { idSiren: body.id_siren } : {}),
        },
        include: { representantsLegaux: { where: { deleted: false, courriel: { not: null } } } },
      });
      if (!association) throw notFound();
      if (!claims.roles.includes(LCA_ADMIN)) {
        const linked = await db.userAssociation.count({
          where: { associationId: association.id, associationUser: { authId: claims.userId } },
        });
        if (linked === 0) throw notFound();
        // A member announces their own arrival only.
        if (body.email !== claims.email.toLowerCase()) throw forbidden();
      }
      const recipients = [...new Set(association.representantsLegaux.map((r) => r.courriel!.trim().toLowerCase()))];
      const content = joinMail(association, body.email);
      for (const to of recipients) await mail.send({ to, ...content });
      return { message: MESSAGES.joinNotificationSent, sent: recipients.length };
    },

    async notesOnPage(route?: string): Promise<NoteOnPage[]> {
      const notes = await repository.activeNotes(new Date(), route);
      return notes.map((n) => ({ _id: n.id, type: noteType(n.type), title: n.title, content: n.content, routes: n.routes }));
    },
  };
}
export type LcaService = ReturnType<typeof createLcaService>;
