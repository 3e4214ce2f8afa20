// Mails about memberships: the join notice with its « Je ne connais pas cette personne » link, and
// the notice to a member detached through that link.
import { linkMail, paragraphs } from '../../mail/index.ts';

export interface AssociationNames {
  nom: string;
  idRna: string | null;
  idSiren: string | null;
}

const identifiers = (a: AssociationNames) =>
  [a.idRna && `RNA ${a.idRna}`, a.idSiren && `SIREN ${a.idSiren}`].filter(Boolean).join(', ');

export function joinMail(association: AssociationNames, memberEmail: string, reportLink: string, validDays: number) {
  const ids = identifiers(association);
  return {
    subject: `Nouveau membre rattaché à l'association ${association.nom} – Le compte association`,
    ...linkMail(
      `La personne utilisant l'adresse ${memberEmail} s'est rattachée à l'association « ${association.nom} »${ids ? ` (${ids})` : ''} sur le compte association, ` +
        "après avoir certifié sur l'honneur en être membre. Elle peut désormais consulter et mettre à jour les informations administratives " +
        "de l'association, dont ses coordonnées bancaires.\n" +
        `Si vous ne connaissez pas cette personne, ouvrez ce lien « Je ne connais pas cette personne » pour la détacher de l'association (valable ${validDays} jours, une seule fois) :`,
      reportLink,
      'Si vous connaissez cette personne, vous pouvez ignorer ce message.',
    ),
  };
}

export function detachedMail(association: AssociationNames) {
  const ids = identifiers(association);
  const text =
    `Bonjour,\n\nVotre rattachement à l'association « ${association.nom} »${ids ? ` (${ids})` : ''} a été retiré : ` +
    "un destinataire du courriel d'information (représentant légal ou adresse de l'association) a indiqué ne pas vous connaître.\n\n" +
    "S'il s'agit d'une erreur, rapprochez-vous de l'association ou contactez l'assistance du compte association.\n\n" +
    "L'équipe du compte association";
  return {
    subject: `Votre rattachement à l'association ${association.nom} a été retiré – Le compte association`,
    text,
    html: paragraphs(text),
  };
}
