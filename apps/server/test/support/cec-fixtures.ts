// CEC fixtures (docs/domain.md « Déclarations CEC »): the current and a closed session, a validator
// (a member whose e-mail is a flagged legal representative's), declarations and missions.
import { CEC_WAITING } from '@portail/contract';
import { linkUser, type TestAssociation } from './association-factory.ts';
import { signIn } from './factories.ts';
import type { TestApp } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (offsetDays: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offsetDays * DAY_MS);
};

/** The session open today (TEST-EN-COURS) and one closed yesterday (TEST-CLOSE); the same rows on each call. */
export async function cecSessions(t: TestApp) {
  const current = await t.db.cecSession.upsert({
    where: { sessionId: 'TEST-EN-COURS' }, update: {},
    create: { sessionId: 'TEST-EN-COURS', libelle: 'Session en cours', anneeActivite: 2025, dateDebut: utcDay(-30), dateFin: utcDay(30) },
  });
  const closed = await t.db.cecSession.upsert({
    where: { sessionId: 'TEST-CLOSE' }, update: {},
    create: { sessionId: 'TEST-CLOSE', libelle: 'Session close', anneeActivite: 2024, dateDebut: utcDay(-400), dateFin: utcDay(-1) },
  });
  return { current, closed };
}

/**
 * A signed-in member of the association (head office, or the establishment `siret`) who is its CEC
 * validator: a legal representative with their e-mail, flagged, designated for `designatedFor` (null:
 * the whole association).
 */
export async function cecValidator(t: TestApp, asso: TestAssociation, options: { siret?: string; designatedFor?: string | null } = {}) {
  const caller = await signIn(t, { roles: ['lca.association'] });
  await linkUser(t, caller.account.id, asso, options.siret ?? asso.siege);
  const representant = await t.db.representantLegal.create({
    data: { associationId: asso.id, civilite: 'M.', nom: 'Valideur', prenom: 'Paul', fonction: 'Président', courriel: caller.account.email, valideurCec: true, idSiret: options.designatedFor ?? null },
  });
  return { ...caller, representant };
}

/** A declaration of the association's establishment `etabSiret` (head office unless said), waiting in the current session unless said. */
export async function cecDeclaration(
  t: TestApp,
  asso: TestAssociation,
  options: { etabSiret?: string; session?: 'current' | 'closed'; status?: string; motifRefusId?: number | null; nom?: string } = {},
) {
  const sessions = await cecSessions(t);
  return t.db.cecDeclaration.create({
    data: {
      associationId: asso.id, etabSiret: options.etabSiret ?? asso.siege, sessionId: sessions[options.session ?? 'current'].id,
      benevoleCivilite: 'Mme', benevoleNom: options.nom ?? 'Bénévole', benevolePrenom: 'Jeanne', benevoleCourriel: 'jeanne@benevoles.example.org',
      heures: 42, dateDebut: new Date('2025-01-01'), dateFin: new Date('2025-12-31'),
      status: options.status ?? CEC_WAITING, motifRefusId: options.motifRefusId ?? null,
    },
  });
}
