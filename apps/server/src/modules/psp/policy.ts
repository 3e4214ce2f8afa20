// Who reaches which Pass'Sport dossier (spec §6, docs/domain.md « Droits »): its creator or the
// members it is shared with, and lca.admin, read and change it; the head office's members and the
// instructing services' roles read it; anyone else is told it is not accessible (404), the same
// answer as for a dossier that does not exist. And what makes an association eligible.
import { pspNameKey } from '@portail/contract';
import { appError } from '../../http/errors.ts';
import type { AuthClaims } from '../../http/request-context.ts';
import type { PassSportDossierScope } from '../../http/resource-scope.ts';
import type { PspDossierTie } from './repository.ts';

const LCA_ADMIN = 'lca.admin';
/** The instructing services' roles read every dossier (spec §6 « RDS roles »). */
const SERVICE_ROLES = ['rds.user', 'rds.service', 'rds.admin', 'rds.appli_admin'];

export const isLcaAdmin = (claims: AuthClaims) => claims.roles.includes(LCA_ADMIN);
export const isServiceSide = (claims: AuthClaims) => claims.roles.some((r) => SERVICE_ROLES.includes(r));

export function pspDossierScopeFor<M extends 'read' | 'write'>(claims: AuthClaims, tie: PspDossierTie | null, mode: M): PassSportDossierScope<M> {
  if (!tie) throw appError('PSP_DOSSIER_NOT_ACCESSIBLE');
  const base = { mode, dossierId: tie.id, associationId: tie.associationId };
  if (isLcaAdmin(claims)) return { ...base, reach: 'admin' };
  const link = claims.roles.includes('lca.association') ? tie.link : null;
  // Its creator and the members it is shared with, whatever establishment they are linked to;
  // otherwise the head office reads every dossier of the association.
  if (link) {
    if (tie.createdById === claims.userId || tie.sharedWith.includes(claims.userId)) return { ...base, reach: 'owner' };
    if (link.siret === null) {
      if (mode === 'write') throw appError('FORBIDDEN');
      return { ...base, reach: 'headOffice' };
    }
  }
  if (isServiceSide(claims)) {
    if (mode === 'write') throw appError('FORBIDDEN');
    return { ...base, reach: 'service' };
  }
  throw appError('PSP_DOSSIER_NOT_ACCESSIBLE');
}

export interface EligibilityFacts {
  reseaux: { nom: string }[];
  agrements: { type: string; numero: string | null; dateValidite: Date | null }[];
  federations: { label: string; meta: unknown }[];
  /** Affiliation certificates uploaded for Pass'Sport (their federation names). */
  attestations: { nomFederation: string }[];
}

/**
 * Eligible (docs/domain.md « Pass'Sport »): affiliated to a federation of the referential
 * federations-sportives (a network of the file named by its label or acronym, or an affiliation
 * certificate uploaded), or holding a Sport approval still valid on `today`.
 */
export function eligibilityOf(facts: EligibilityFacts, today: Date) {
  const known = new Map<string, string>();
  for (const f of facts.federations) {
    known.set(pspNameKey(f.label), f.label);
    const sigle = (f.meta as { sigle?: unknown } | null)?.sigle;
    if (typeof sigle === 'string') known.set(pspNameKey(sigle), f.label);
  }
  const affiliations = [...new Set([...facts.reseaux.map((r) => r.nom), ...facts.attestations.map((a) => a.nomFederation)]
    .map((nom) => known.get(pspNameKey(nom)))
    .filter((label): label is string => label !== undefined))];
  const day = today.toISOString().slice(0, 10);
  const agrements = facts.agrements
    .filter((a) => pspNameKey(a.type) === 'sport' && (!a.dateValidite || a.dateValidite.toISOString().slice(0, 10) >= day))
    .map((a) => (a.numero ? `Sport n° ${a.numero}` : 'Sport'));
  return { eligible: affiliations.length > 0 || agrements.length > 0, affiliations, agrements };
}

/** Why an inscription in exercise `exercice` is refused on `today`, or null when registrations are open. */
export function registrationsRefusal(exercice: { id: number; annee: number; active: boolean; dateDebut: Date; dateFin: Date }, today: Date) {
  const day = today.toISOString().slice(0, 10);
  if (exercice.dateDebut.toISOString().slice(0, 10) > day) return appError('PSP_REGISTRATIONS_NOT_OPEN', { annee: exercice.annee });
  if (!exercice.active || exercice.dateFin.toISOString().slice(0, 10) < day) return appError('PSP_REGISTRATIONS_CLOSED', { annee: exercice.annee });
  return null;
}
