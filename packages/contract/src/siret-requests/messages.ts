// French messages of the SIRET requests (docs/domain.md « Demande de numéro SIRET »): the
// specification's texts where it gives them (§8), ours otherwise. Imports nothing, so errors.ts may read it.
export const SIRET_REQUEST_MESSAGES = {
  /** §8, word for word. */
  exists: "Une demande d'attribution siret existe déjà. Seul son créateur peut accéder aux détails de la demande.",
  /** §8, word for word: answered alike for a request that does not exist and one the caller may not see. */
  notAccessible: "La demande n'est pas accessible ou n'existe pas. Seul son créateur peut accéder aux détails de la demande.",
  notEditable: "La demande n'est pas modifiable dans son état actuel.",
  notTransmittable: (manquants: readonly string[]) => `La demande ne peut pas être transmise : ${manquants.join(', ')}.`,
  /** What `POST …/{id}/transmit` answers with the request (the client shows it as a toast). */
  transmitted: "Votre demande de numéro SIRET a été transmise. Elle sera traitée par l'administration du compte association, puis par l'INSEE.",
  siretTaken: "Ce SIRET est déjà celui d'un établissement du compte association.",
  /** An association that has a SIRET already asks INSEE for none. */
  associationHasSiret: (siret: string) => `L'association a déjà un numéro SIRET (${siret}) : elle ne peut pas en demander un autre.`,
  /** A document a request still being processed holds (REC, STC, LDC) stays in the association file. */
  documentInRequest: (numero: string) =>
    `Ce document est joint à la demande de numéro SIRET n° ${numero}, en cours : il ne peut pas être supprimé tant que la demande n'est pas accordée, rejetée ou refusée.`,
  unknownField: (name: string) => `« ${name} » n'est pas un champ d'une demande de numéro SIRET.`,
  unknownPopulate: (name: string) => `« ${name} » ne peut pas être joint à la demande (documents).`,
  siretNotOfSiren: (siren: string) => `Le SIRET attribué doit commencer par le SIREN de l'association (${siren}).`,
  /** Items of `notTransmittable`. */
  missing: {
    attestation: "l'attestation sur l'honneur",
    adresseSiege: "l'adresse du siège",
    document: (libelle: string) => `le document « ${libelle} »`,
    address: (which: string, message: string) => `${which} : ${message}`,
  },
  /** Client toasts when a call fails (spec §8, « Un problème est survenu lors de … »). */
  failure: {
    fetch: 'Un problème est survenu lors de la récupération de la demande.',
    create: 'Un problème est survenu lors de la création de la demande.',
    update: 'Un problème est survenu lors de la mise à jour de la demande.',
    delete: 'Un problème est survenu lors de la suppression de la demande.',
    pdf: 'Un problème est survenu lors de la génération du PDF.',
    transmit: 'Un problème est survenu lors de la transmission de la demande.',
  },
} as const;
