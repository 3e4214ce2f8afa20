// Pass'Sport over HTTP (docs/domain.md « Pass'Sport »): one live dossier per structure, returned
// with §8's toast instead of a second one; eligibility by federation affiliation or Sport approval;
// inscriptions by code with every refusal of §8 (format, unknown code, already registered,
// registrations closed or not open, federation and its certificate); removal answering the updated
// inscription; a federation with inscriptions kept; sharing and forceNotificationType; the machine
// pass_sport through the workflow engine; who reaches a dossier (§6); the PDF; the beneficiaries' list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, ERRORS, MESSAGES, NOTIFICATION_TYPE_IDS, PASS_SPORT_MESSAGES as M, pspDossierSchema } from '@portail/contract';
import { createAssociation, linkUser } from './support/association-factory.ts';
import { signIn } from './support/factories.ts';
import { pdfText } from './support/pdf-text.ts';
import {
  certify, clubWithDossier, createBeneficiaire, createClub, ensureExercices, EXERCICES, FOOTBALL, freshCode, pspCalls, TENNIS,
} from './support/psp-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await ensureExercices(t);
});
afterAll(async () => {
  await t.close();
});

const messageOf = (key: keyof typeof ERRORS, params?: object) => {
  const message = ERRORS[key].message;
  return typeof message === 'function' ? (message as (p: object) => string)(params ?? {}) : message;
};

describe('POST /dossiers: one live dossier per structure', () => {
  it('creates the dossier with the creation toast, then returns it with the existing-dossier toast instead of a second one', async () => {
    const { asso, member } = await createClub(t);
    const calls = pspCalls(t, member.token);
    const first = await calls.create({ structure: { id_siret: asso.siege, nom: 'Club sportif' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: M.created, created: true });
    expect(pspDossierSchema.parse(first.body.dossier)).toMatchObject({ id_etat: '1', libelle_etat: 'Enregistré', structure: { id_siret: asso.siege, nom: 'Club sportif' }, options: { modifier: true } });

    const again = await calls.create({ structure: { id_siret: asso.siege, nom: 'Autre nom' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: M.existing, created: false, dossier: { id: first.body.dossier.id, structure: { nom: 'Club sportif' } } });
    expect(await t.db.pspDossier.count({ where: { idSiret: asso.siege } })).toBe(1);

    // Two members at once: still one dossier, the other shared with the one that did not create it.
    const other = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, other.account.id, asso);
    const fromOther = await pspCalls(t, other.token).create({ structure: { id_siret: asso.siege, nom: 'Club' } });
    expect(fromOther.body).toMatchObject({ created: false, dossier: { id: first.body.dossier.id } });
    expect(fromOther.body.dossier.shared_with).toContain(other.account.id);
  });

  it('answers the two creations of the same moment with one dossier', async () => {
    const { asso, member } = await createClub(t);
    const calls = pspCalls(t, member.token);
    const both = await Promise.all([0, 1].map(() => calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.created).sort()).toEqual([false, true]);
    expect(new Set(both.map((r) => r.body.dossier.id)).size).toBe(1);
  });

  it('refuses an association that has neither an affiliation to an approved federation nor a Sport approval, and accepts a valid Sport approval', async () => {
    const { asso, member } = await createClub(t, { eligible: false });
    const calls = pspCalls(t, member.token);
    const refused = await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.notEligible);
    expect((await calls.structure(asso.siege)).body).toMatchObject({ eligible: false, affiliations_reconnues: [], agrements_eligibles: [] });

    // An expired Sport approval does not count; a valid one does.
    await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'Sport', numero: 'OLD', dateValidite: new Date('2001-01-01') } });
    expect((await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } })).status).toBe(403);
    await t.db.associationAgrement.create({ data: { associationId: asso.id, type: 'Sport', numero: '75-S-12' } });
    expect((await calls.structure(asso.siege)).body).toMatchObject({ eligible: true, agrements_eligibles: ['Sport n° 75-S-12'] });
    expect((await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } })).status).toBe(200);
  });

  it('recognises a federation of the referential by its acronym, and a network that is not one does not count', async () => {
    const { asso, member } = await createClub(t, { eligible: false });
    await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: 'Union des amis du quartier' } });
    const calls = pspCalls(t, member.token);
    expect((await calls.structure(asso.siege)).body.eligible).toBe(false);
    await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: 'FFBB' } });
    expect((await calls.structure(asso.siege)).body).toMatchObject({ eligible: true, affiliations_reconnues: ['Fédération française de basket-ball'] });
  });

  it('refuses a structure the caller does not belong to, a RIB of another establishment and a share with a non-member', async () => {
    const { asso, member } = await createClub(t);
    const stranger = await createClub(t);
    const calls = pspCalls(t, stranger.member.token);
    expect((await calls.create({ structure: { id_siret: asso.siege, nom: 'Club' } })).status).toBe(404);
    const rib = await t.db.rib.create({ data: { associationId: stranger.asso.id, idSiret: stranger.asso.siege, titulaire: 'X', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' } });
    const own = pspCalls(t, member.token);
    const badRib = await own.create({ structure: { id_siret: asso.siege, nom: 'Club', id_rib: rib.id } });
    expect(badRib.status).toBe(400);
    expect(badRib.body.message).toBe(M.ribNotOfStructure);
    const badShare = await own.create({ structure: { id_siret: asso.siege, nom: 'Club' }, shared_with: [stranger.member.account.id] });
    expect(badShare.status).toBe(400);
    expect(badShare.body.message).toBe(M.notShareable);
  });
});

describe('inscriptions by code', () => {
  it('registers a beneficiary by a code typed in lower case, lists it, and answers the removal with the updated inscription', async () => {
    const { id, calls } = await clubWithDossier(t);
    const beneficiaire = await createBeneficiaire(t, EXERCICES.current, { prenom: 'Inès', nom: 'Benali' });
    const added = await calls.add(id, { code_psp: ` ${beneficiaire.codePsp.toLowerCase()} `, federation_siren: FOOTBALL.siren });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      id_etat: '1', libelle_etat: 'Inscrit', exercice_id: EXERCICES.current, federation: { siren: FOOTBALL.siren, nom: FOOTBALL.nom },
      beneficiaire: { id_psp: beneficiaire.codePsp, prenom: 'Inès', nom: 'Benali', adresse: { code_postal: '75011', commune: 'Paris' } },
    });
    const listed = await calls.list({ idSiret: (await t.db.pspDossier.findUniqueOrThrow({ where: { id } })).idSiret, exerciceId: String(EXERCICES.current) });
    expect(listed.body[0].inscriptions.map((i: { id: string }) => i.id)).toEqual([added.body.id]);

    const removed = await calls.remove(id, added.body.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: added.body.id, id_etat: '8', libelle_etat: 'Supprimé', beneficiaire: { id_psp: beneficiaire.codePsp } });
    expect((await calls.remove(id, added.body.id)).body.message).toBe(M.inscriptionRemoved);
    // Free again: registered anew.
    expect((await calls.add(id, { code_psp: beneficiaire.codePsp })).status).toBe(201);
  });

  it('refuses a code that does not follow YY-XXXX-XXXX before any lookup (letters I and O, wrong length)', async () => {
    const { id, calls } = await clubWithDossier(t);
    for (const code of ['26-ABCI-EFGH', '26-ABCD-EFGO', '2-ABCD-EFGH', '26ABCDEFGH', '26-ABCD-EFG1']) {
      const response = await calls.add(id, { code_psp: code });
      expect(response.status, code).toBe(400);
      expect(response.body.fields, code).toEqual({ code_psp: M.invalidCode });
    }
  });

  it('refuses a code that does not exist, and a beneficiary registered already (here or by another club)', async () => {
    const { id, calls } = await clubWithDossier(t);
    const unknown = freshCode();
    const response = await calls.add(id, { code_psp: unknown });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'PSP_CODE_UNKNOWN', message: M.codeUnknown(unknown) });

    const beneficiaire = await createBeneficiaire(t);
    expect((await calls.add(id, { code_psp: beneficiaire.codePsp })).status).toBe(201);
    const twice = await calls.add(id, { code_psp: beneficiaire.codePsp });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(M.alreadyRegistered(beneficiaire.codePsp));
    const otherClub = await clubWithDossier(t);
    expect((await otherClub.calls.add(otherClub.id, { code_psp: beneficiaire.codePsp })).body.message).toBe(M.alreadyRegistered(beneficiaire.codePsp));
  });

  it("refuses last year's closed registrations and next year's not yet open", async () => {
    const { id, calls } = await clubWithDossier(t);
    const past = await createBeneficiaire(t, EXERCICES.past);
    const closed = await calls.add(id, { code_psp: past.codePsp });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(messageOf('PSP_REGISTRATIONS_CLOSED', { annee: new Date().getUTCFullYear() - 1 }));
    const next = await createBeneficiaire(t, EXERCICES.next);
    const notOpen = await calls.add(id, { code_psp: next.codePsp });
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.message).toBe(M.registrationsNotOpen(new Date().getUTCFullYear() + 1));
  });

  it('needs the federation to be one of the dossier and its affiliation certificate, which may date from a past exercise', async () => {
    const { id, asso, calls } = await clubWithDossier(t);
    const beneficiaire = await createBeneficiaire(t);
    const unknown = await calls.add(id, { code_psp: beneficiaire.codePsp, federation_siren: TENNIS.siren });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(M.federationUnknown);

    // Declared with the certificate of the open exercise (the dossier's rule), which then goes.
    await certify(t, asso, TENNIS);
    expect((await calls.update(id, { federations: [FOOTBALL, TENNIS] })).status).toBe(200);
    await t.db.pspAffiliation.deleteMany({ where: { associationId: asso.id, sirenFederation: TENNIS.siren } });
    const uncertified = await calls.add(id, { code_psp: beneficiaire.codePsp, federation_siren: TENNIS.siren });
    expect(uncertified.status).toBe(409);
    expect(uncertified.body.message).toBe(M.certificateMissing(TENNIS.nom));
    // A certificate of next year does not cover this one; last year's does.
    await certify(t, asso, TENNIS, EXERCICES.next);
    expect((await calls.add(id, { code_psp: beneficiaire.codePsp, federation_siren: TENNIS.siren })).status).toBe(409);
    await certify(t, asso, TENNIS, EXERCICES.past);
    const added = await calls.add(id, { code_psp: beneficiaire.codePsp, federation_siren: TENNIS.siren });
    expect(added.status).toBe(201);

    // PATCH moves it to another federation under the same rules.
    const moved = await calls.patch(id, added.body.id, { federation_siren: FOOTBALL.siren });
    expect(moved.status).toBe(200);
    expect(moved.body.federation).toEqual({ siren: FOOTBALL.siren, nom: FOOTBALL.nom });
    const movedAway = await calls.patch(id, added.body.id, { federation_siren: '732829320' });
    expect(movedAway.status).toBe(400);
  });

  it('declares a federation in the dossier only with its affiliation certificate, of the open exercise or a past one (§8)', async () => {
    const { id, asso, calls } = await clubWithDossier(t);
    const refused = await calls.update(id, { federations: [FOOTBALL, TENNIS] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PSP_AFFILIATION_CERTIFICATE_MISSING', message: M.certificateMissing(TENNIS.nom) });
    // Next year's does not cover the open exercise; nothing was written.
    await certify(t, asso, TENNIS, EXERCICES.next);
    expect((await calls.update(id, { federations: [FOOTBALL, TENNIS] })).body.message).toBe(M.certificateMissing(TENNIS.nom));
    expect((await t.db.pspDossier.findUniqueOrThrow({ where: { id } })).federations).toEqual([FOOTBALL]);
    await certify(t, asso, TENNIS, EXERCICES.past);
    const declared = await calls.update(id, { federations: [FOOTBALL, TENNIS] });
    expect(declared.status).toBe(200);
    expect(declared.body.federations).toEqual([FOOTBALL, TENNIS]);
    // A federation already in the dossier is not asked again, even once its certificates are gone.
    await t.db.pspAffiliation.deleteMany({ where: { associationId: asso.id } });
    expect((await calls.update(id, { structure: { nom: 'Club renommé' }, federations: [TENNIS, FOOTBALL] })).status).toBe(200);
  });

  it('keeps a federation that inscriptions are linked to, and lets one without go', async () => {
    const { id, asso, calls } = await clubWithDossier(t);
    await certify(t, asso, TENNIS);
    await calls.update(id, { federations: [FOOTBALL, TENNIS] });
    const beneficiaire = await createBeneficiaire(t);
    await calls.add(id, { code_psp: beneficiaire.codePsp, federation_siren: FOOTBALL.siren });
    const refused = await calls.update(id, { federations: [TENNIS] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.federationHasInscriptions(FOOTBALL.nom));
    expect((await t.db.pspDossier.findUniqueOrThrow({ where: { id } })).federations).toEqual([FOOTBALL, TENNIS]);
    const kept = await calls.update(id, { federations: [FOOTBALL] });
    expect(kept.status).toBe(200);
    expect(kept.body.federations).toEqual([FOOTBALL]);
  });

  it('refuses a new inscription once the association is no longer eligible', async () => {
    const { id, asso, calls } = await clubWithDossier(t);
    await t.db.reseauAffiliation.deleteMany({ where: { associationId: asso.id } });
    await t.db.pspAffiliation.deleteMany({ where: { associationId: asso.id } });
    const response = await calls.add(id, { code_psp: (await createBeneficiaire(t)).codePsp });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(M.notEligible);
  });
});

describe('the machine pass_sport', () => {
  it('moves 1 → 2 → 3 → 4 by the service side only, locks the inscriptions after 1, and writes the history', async () => {
    const { id, member, calls } = await clubWithDossier(t);
    const rdsAdmin = await signIn(t, { roles: ['rds.admin'] });
    const service = pspCalls(t, rdsAdmin.token);
    const byClub = await calls.event(id, { event: 'traiter' });
    expect(byClub.status).toBe(403);
    for (const [event, etat] of [['traiter', '2'], ['mettre_en_paiement', '3'], ['rembourser', '4']] as const) {
      const response = await service.event(id, { event });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.id_etat).toBe(etat);
    }
    const locked = await calls.add(id, { code_psp: (await createBeneficiaire(t)).codePsp });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(M.notEditable);
    expect((await calls.update(id, { structure: { nom: 'Autre' } })).status).toBe(403);
    expect((await service.event(id, { event: 'refuser' })).status).toBe(409);
    const history = await t.db.stateHistory.findMany({ where: { machine: 'pass_sport', objectId: id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => h.toState)).toEqual(['2', '3', '4']);
    // The creator heard of each step.
    expect(await t.db.notification.count({ where: { userId: member.account.id, type: NOTIFICATION_TYPE_IDS.modification_etat_dossier } })).toBe(3);
  });

  it('lets the structure delete its dossier (1 → 8), after which it may create another', async () => {
    const { id, asso, calls } = await clubWithDossier(t);
    const deleted = await calls.event(id, { event: 'supprimer' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id_etat).toBe('8');
    const created = await calls.create({ structure: { id_siret: asso.siege, nom: 'Nouveau' } });
    expect(created.body).toMatchObject({ created: true });
    expect(created.body.dossier.id).not.toBe(id);
  });
});

describe('who reaches a dossier (§6)', () => {
  it('the creator and the people it is shared with change it; the head office reads it; a secondary establishment, a stranger and others do not', async () => {
    const { id, asso, member, calls } = await clubWithDossier(t);
    const shared = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, shared.account.id, asso, asso.secondaires[0]!);
    const headOffice = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, headOffice.account.id, asso);
    const secondary = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, secondary.account.id, asso, asso.secondaires[0]!);
    const stranger = (await createClub(t)).member;
    const rdsUser = await signIn(t, { roles: ['rds.user'], service: { nom: 'Service des sports' } });
    const admin = await signIn(t, { roles: ['lca.admin'] });

    // Shared with a secondary establishment's member: they reach it, although it is the head office's.
    expect((await calls.update(id, { shared_with: [shared.account.id] }, { forceNotificationType: String(NOTIFICATION_TYPE_IDS.modification_etat_dossier) })).status).toBe(200);
    expect(await t.db.notification.count({ where: { userId: shared.account.id, type: NOTIFICATION_TYPE_IDS.modification_etat_dossier } })).toBe(1);
    expect(await t.db.notification.count({ where: { userId: member.account.id } })).toBe(0);
    const beneficiaire = await createBeneficiaire(t);
    expect((await pspCalls(t, shared.token).add(id, { code_psp: beneficiaire.codePsp })).status).toBe(201);

    expect((await pspCalls(t, headOffice.token).pdf(id)).status).toBe(200);
    expect((await pspCalls(t, headOffice.token).add(id, { code_psp: freshCode() })).status).toBe(403);
    expect((await pspCalls(t, headOffice.token).list({ idSiret: asso.siege })).body.map((d: { id: string }) => d.id)).toEqual([id]);

    expect((await pspCalls(t, rdsUser.token).pdf(id)).status).toBe(200);
    expect((await pspCalls(t, admin.token).update(id, { structure: { nom: 'Par l’administration' } })).status).toBe(200);

    for (const who of [secondary, stranger]) {
      const response = await pspCalls(t, who.token).pdf(id);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(M.notAccessible);
    }
    // A member of the head office who is neither creator nor shared: reads the list, and only the creator's own list is narrowed.
    expect((await pspCalls(t, stranger.token).list({ idSiret: asso.siege })).status).toBe(404);
  });

  it('a secondary establishment member lists only the dossiers it created or is shared with', async () => {
    const asso = await createAssociation(t);
    await t.db.reseauAffiliation.create({ data: { associationId: asso.id, nom: FOOTBALL.nom } });
    const secondary = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, secondary.account.id, asso, asso.secondaires[0]!);
    const colleague = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, colleague.account.id, asso, asso.secondaires[0]!);
    const created = await pspCalls(t, colleague.token).create({ structure: { id_siret: asso.secondaires[0]!, nom: 'Antenne' } });
    expect(created.status).toBe(200);
    expect((await pspCalls(t, secondary.token).list({ idSiret: asso.secondaires[0]! })).body).toEqual([]);
    // The head office establishment is not theirs.
    expect((await pspCalls(t, secondary.token).create({ structure: { id_siret: asso.siege, nom: 'Siège' } })).status).toBe(404);
  });
});

describe('the PDF, the exercises and the beneficiaries', () => {
  it('draws the structure, its federations and the standing inscriptions', async () => {
    const { id, calls } = await clubWithDossier(t);
    const kept = await createBeneficiaire(t, EXERCICES.current, { prenom: 'Hugo', nom: 'Lefèvre' });
    const gone = await createBeneficiaire(t, EXERCICES.current, { prenom: 'Zoé', nom: 'Partie' });
    await calls.add(id, { code_psp: kept.codePsp, federation_siren: FOOTBALL.siren });
    const removed = await calls.add(id, { code_psp: gone.codePsp });
    await calls.remove(id, removed.body.id);
    const response = await calls.pdf(id);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.body as Buffer);
    expect(text).toContain(kept.codePsp);
    expect(text).toContain('Hugo Lefèvre');
    expect(text).toContain(FOOTBALL.nom);
    expect(text).not.toContain(gone.codePsp);
  });

  it('lists the exercises, newest first', async () => {
    const { member } = await createClub(t);
    const response = await pspCalls(t, member.token).exercices();
    expect(response.status).toBe(200);
    expect(response.body.map((e: { id: number }) => e.id).slice(0, 3)).toEqual([EXERCICES.next, EXERCICES.current, EXERCICES.past].sort((a, b) => b - a));
    expect(response.body.find((e: { id: number }) => e.id === EXERCICES.current)).toMatchObject({ active: true, id_exercice: new Date().getUTCFullYear() });
  });

  it('filters the beneficiaries by exercise, postcode, beginning of the name (accents ignored), code and registration, page by page', async () => {
    const admin = await signIn(t, { roles: ['rds.admin'] });
    const calls = pspCalls(t, admin.token);
    const cp = '13' + String(Math.floor(Math.random() * 900) + 100);
    const names = ['Éluard', 'Elbaz', 'Martin'];
    const created = [];
    for (const nom of names) created.push(await createBeneficiaire(t, EXERCICES.current, { nom, codePostal: cp }));
    const byName = await calls.beneficiaires({ exerciceId: String(EXERCICES.current), code_postal: cp, nom: 'el' });
    expect(byName.status).toBe(200);
    expect(byName.body.map((b: { nom: string }) => b.nom)).toEqual(['Elbaz', 'Éluard']);
    const first = await calls.beneficiaires({ code_postal: cp, limit: '2' });
    const second = await calls.beneficiaires({ code_postal: cp, limit: '2', after: first.body[1].id });
    expect([...first.body, ...second.body].map((b: { nom: string }) => b.nom)).toEqual(['Elbaz', 'Éluard', 'Martin']);
    expect((await calls.beneficiaires({ code: created[2]!.codePsp })).body).toMatchObject([{ id_psp: created[2]!.codePsp, inscrit: false }]);

    const { id, calls: club } = await clubWithDossier(t);
    await club.add(id, { code_psp: created[2]!.codePsp });
    expect((await calls.beneficiaires({ code_postal: cp, inscrit: 'true' })).body.map((b: { nom: string }) => b.nom)).toEqual(['Martin']);
    expect((await calls.beneficiaires({ code_postal: cp, inscrit: 'false' })).body).toHaveLength(2);
    // A code's lookup keeps the other filters, and says whether an inscription of it stands.
    const martin = created[2]!.codePsp;
    const lookup = async (query: Record<string, string>) => (await calls.beneficiaires({ code: martin, ...query })).body as { id_psp: string; inscrit: boolean; date_naissance: string | null }[];
    expect(await lookup({})).toMatchObject([{ id_psp: martin, inscrit: true, date_naissance: '2012-04-03', adresse: { code_postal: cp, commune: 'Paris' } }]);
    expect(await lookup({ inscrit: 'true', code_postal: cp, nom: 'mar', exerciceId: String(EXERCICES.current) })).toHaveLength(1);
    expect(await lookup({ inscrit: 'false' })).toEqual([]);
    expect(await lookup({ code_postal: '75001' })).toEqual([]);
    expect(await lookup({ nom: 'el' })).toEqual([]);
    expect(await lookup({ exerciceId: String(EXERCICES.past) })).toEqual([]);
    expect(await lookup({ after: created[0]!.id })).toEqual([]);
    // Not for association members.
    expect((await club.beneficiaires({})).status).toBe(403);
  });
});

describe('POST /upload-affiliation', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const documentsOf = (associationId: string) => t.db.associationDocument.findMany({ where: { associationId }, orderBy: { dateChargement: 'asc' } });

  it("files the certificate among the association's documents, with its audit entry, and it then lets the federation be declared and used", async () => {
    const { id, asso, member, calls } = await clubWithDossier(t);
    const uploaded = await pspCalls(t, member.token).upload({ id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom }, PDF);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ siren_federation: TENNIS.siren, nom_federation: TENNIS.nom, exercice_id: EXERCICES.current, created_at: expect.any(String) });
    const document = await t.db.associationDocument.findUniqueOrThrow({ where: { id: uploaded.body.document_id } });
    expect(document).toMatchObject({ associationId: asso.id, type: 'AFFIL', etat: 'courant', idSiret: null, anneeValidite: new Date().getUTCFullYear() });
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id, entity: 'psp_affiliation', action: 'create', entityId: uploaded.body.id } })).toBe(1);

    expect((await calls.update(id, { federations: [FOOTBALL, TENNIS] })).status).toBe(200);
    expect((await calls.add(id, { code_psp: (await createBeneficiaire(t)).codePsp, federation_siren: TENNIS.siren })).status).toBe(201);
    // The structure lists it, with the federations its file declares.
    const structure = (await calls.structure(asso.siege)).body;
    expect(structure.attestations).toContainEqual(uploaded.body);
    expect(structure.federations_declarees).toEqual([{ nom: FOOTBALL.nom, siren: null }]);
  });

  it('keeps one certificate per federation and exercise: a new one replaces it, archiving its document and no other', async () => {
    const { asso, member } = await clubWithDossier(t);
    const club = pspCalls(t, member.token);
    const tennis = await club.upload({ id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom }, PDF);
    const football = await club.upload({ id_siren: asso.siren, siren_federation: FOOTBALL.siren, nom_federation: FOOTBALL.nom }, PDF, 'football.pdf');
    expect(football.status).toBe(201);
    // Two federations of one exercise: both documents stay current.
    expect((await documentsOf(asso.id)).map((d) => [d.id, d.etat])).toEqual([[tennis.body.document_id, 'courant'], [football.body.document_id, 'courant']]);

    const again = await club.upload({ id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: 'FF Tennis' }, PDF, 'tennis-2.pdf');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: tennis.body.id, nom_federation: 'FF Tennis' });
    expect(again.body.document_id).not.toBe(tennis.body.document_id);
    const etats = Object.fromEntries((await documentsOf(asso.id)).map((d) => [d.id, d.etat]));
    expect(etats).toEqual({ [tennis.body.document_id]: 'archive', [football.body.document_id]: 'courant', [again.body.document_id]: 'courant' });
    expect(await t.db.pspAffiliation.count({ where: { associationId: asso.id, sirenFederation: TENNIS.siren } })).toBe(1);
    expect(await t.db.auditEntry.count({ where: { associationId: asso.id, entity: 'psp_affiliation', action: 'update', entityId: tennis.body.id } })).toBe(1);
    // Another exercise is another certificate.
    const past = await club.upload({ id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom, exerciceId: String(EXERCICES.past) }, PDF);
    expect(past.status).toBe(201);
    expect(past.body.exercice_id).toBe(EXERCICES.past);
    expect(await t.db.pspAffiliation.count({ where: { associationId: asso.id, sirenFederation: TENNIS.siren } })).toBe(2);
  });

  it('refuses what the association documents refuse, a missing federation with the message of §5, and keeps nothing', async () => {
    const { asso, member } = await clubWithDossier(t);
    const club = pspCalls(t, member.token);
    const query = { id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom };
    const before = (await documentsOf(asso.id)).length;

    const disguised = await club.upload(query, Buffer.from('<html><script>alert(1)</script></html>'), 'attestation.pdf');
    expect(disguised.status).toBe(400);
    expect(disguised.body).toMatchObject({ code: 'FILE_CONTENT_REFUSED', message: DOCUMENT_MESSAGES.contentMismatch });
    const script = await club.upload(query, PDF, 'attestation.exe');
    expect(script.status).toBe(400);
    expect(script.body.message).toBe("L'extension du fichier (exe) n'est pas autorisée.");
    const word = await club.upload(query, PDF, 'attestation.docx');
    expect(word.body.message).toBe(DOCUMENT_MESSAGES.wrongType);
    const none = await t.http().post('/api/psp-server/upload-affiliation').query(query).set('x-access-token', member.token).field('note', 'sans fichier');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(DOCUMENT_MESSAGES.missingFile);

    const noFederation = await club.upload({ ...query, siren_federation: '' }, PDF);
    expect(noFederation.status).toBe(400);
    expect(noFederation.body.fields).toEqual({ siren_federation: M.federationSirenRequired });
    expect((await club.upload({ ...query, siren_federation: '123456789' }, PDF)).status).toBe(400);
    const noName = await club.upload({ ...query, nom_federation: ' ' }, PDF);
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual({ nom_federation: MESSAGES.required('nom de la fédération') });
    const noExercise = await club.upload({ ...query, exerciceId: '3' }, PDF);
    expect(noExercise.status).toBe(404);
    expect(noExercise.body.message).toBe(M.exerciseUnknown);

    expect(await documentsOf(asso.id)).toHaveLength(before);
    expect(await t.db.pspAffiliation.count({ where: { associationId: asso.id, sirenFederation: TENNIS.siren } })).toBe(0);
  });

  it("is the head office's: a secondary establishment's member is refused, another association's member does not find it", async () => {
    const { asso } = await clubWithDossier(t);
    const query = { id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom };
    const antenne = await signIn(t, { roles: ['lca.association'] });
    await linkUser(t, antenne.account.id, asso, asso.secondaires[0]);
    const refused = await pspCalls(t, antenne.token).upload(query, PDF);
    expect(refused.status).toBe(403);
    const stranger = await createClub(t);
    expect((await pspCalls(t, stranger.member.token).upload(query, PDF)).status).toBe(404);
    // The platform's association administrator files it for the club.
    const admin = await signIn(t, { roles: ['lca.admin'] });
    expect((await pspCalls(t, admin.token).upload(query, PDF)).status).toBe(201);
    expect(await t.db.pspAffiliation.count({ where: { associationId: asso.id, sirenFederation: TENNIS.siren } })).toBe(1);
  });
});

describe('the administration: exercises, every structure’s dossiers, the certificates', () => {
  const admin = () => signIn(t, { roles: ['rds.appli_admin'] });
  const exercices = (token: string) => ({
    create: (body: object) => t.http().post('/api/psp-server/exercices').set('x-access-token', token).send(body),
    patch: (id: number, body: object) => t.http().patch(`/api/psp-server/exercices/${id}`).set('x-access-token', token).send(body),
  });
  const today = new Date().toISOString().slice(0, 10);

  it('creates an exercise whose year gives its id, refuses a second one of that year and dates in the wrong order', async () => {
    const calls = exercices((await admin()).token);
    const created = await calls.create({ annee: 2071, date_debut: '2071-01-01', date_fin: '2071-12-31' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: 71, id_exercice: 2071, active: false, date_debut: '2071-01-01', date_fin: '2071-12-31' });
    const again = await calls.create({ annee: 2071, date_debut: '2071-01-01', date_fin: '2071-12-31' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.exerciseExists(2071));
    const reversed = await calls.create({ annee: 2070, date_debut: '2070-12-31', date_fin: '2070-01-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(M.exerciseDates);
    expect((await calls.patch(71, { date_fin: '2070-06-01' })).body.message).toBe(M.exerciseDates);
    expect((await calls.patch(98, { active: true })).status).toBe(404);
    expect((await calls.create({ annee: 1999, date_debut: '1999-01-01', date_fin: '1999-12-31' })).status).toBe(400);
  });

  it('closes an exercise, after which its codes are refused, and opens it again', async () => {
    const calls = exercices((await admin()).token);
    expect((await calls.create({ annee: 2072, date_debut: '2000-01-01', date_fin: '2099-12-31', active: true })).status).toBe(201);
    const { id, calls: club } = await clubWithDossier(t);
    expect((await club.add(id, { code_psp: (await createBeneficiaire(t, 72)).codePsp })).status).toBe(201);

    const closed = await calls.patch(72, { active: false });
    expect(closed.status).toBe(200);
    expect(closed.body.active).toBe(false);
    const refused = await club.add(id, { code_psp: (await createBeneficiaire(t, 72)).codePsp });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.registrationsClosed(2072));

    // Opened again, but from a later day: not open yet.
    expect((await calls.patch(72, { active: true, date_debut: '2099-01-01' })).body).toMatchObject({ active: true, date_debut: '2099-01-01' });
    const early = await club.add(id, { code_psp: (await createBeneficiaire(t, 72)).codePsp });
    expect(early.body.message).toBe(M.registrationsNotOpen(2072));
    expect((await calls.patch(72, { date_debut: today })).status).toBe(200);
    expect((await club.add(id, { code_psp: (await createBeneficiaire(t, 72)).codePsp })).status).toBe(201);
  });

  it('lists every structure’s dossiers by state with the events the caller may fire, and the refund moves 2 → 3 → 4', async () => {
    const { id, asso } = await clubWithDossier(t);
    const rdsAdmin = await signIn(t, { roles: ['rds.admin'] });
    const list = (token: string, query: Record<string, string>) => t.http().get('/api/psp-server/admin/dossiers').query(query).set('x-access-token', token);
    const service = pspCalls(t, rdsAdmin.token);
    expect((await service.event(id, { event: 'traiter' })).status).toBe(200);

    const inProcess = await list(rdsAdmin.token, { etat: '2', limit: '200' });
    expect(inProcess.status).toBe(200);
    const row = inProcess.body.find((d: { id: string }) => d.id === id);
    expect(row).toMatchObject({ id_etat: '2', libelle_etat: 'En cours de traitement', structure: { id_siret: asso.siege }, association: { id: asso.id }, options: { events: expect.arrayContaining(['mettre_en_paiement']) } });
    expect(inProcess.body.every((d: { id_etat: string }) => d.id_etat === '2')).toBe(true);
    // An application administrator reads them but fires nothing.
    const appli = await admin();
    const read = (await list(appli.token, { etat: '2', limit: '200' })).body.find((d: { id: string }) => d.id === id);
    expect(read.options.events).toEqual([]);

    for (const [event, etat] of [['mettre_en_paiement', '3'], ['rembourser', '4']] as const) {
      expect((await service.event(id, { event })).body.id_etat).toBe(etat);
    }
    const refunded = (await list(rdsAdmin.token, { etat: '4', limit: '200' })).body.find((d: { id: string }) => d.id === id);
    expect(refunded).toMatchObject({ id_etat: '4', libelle_etat: 'Remboursé', options: { events: [] } });
    // Newest first, the next page by `before`.
    const page = (await list(rdsAdmin.token, { limit: '2' })).body as { numero: number }[];
    expect(page[0]!.numero).toBeGreaterThan(page[1]!.numero);
    const next = (await list(rdsAdmin.token, { limit: '2', before: String(page[1]!.numero) })).body as { numero: number }[];
    expect(next.every((d) => d.numero < page[1]!.numero)).toBe(true);
    expect((await list(rdsAdmin.token, { etat: '5' })).status).toBe(400);
  });

  it("opens a certificate's document by a single-use link, and says when a certificate has none", async () => {
    const { asso, member } = await clubWithDossier(t);
    const pdf = Buffer.from('%PDF-1.4\n% attestation FFT\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const filed = await pspCalls(t, member.token).upload({ id_siren: asso.siren, siren_federation: TENNIS.siren, nom_federation: TENNIS.nom }, pdf, 'attestation-fft.pdf');
    const ticket = (token: string, id: string) => t.http().post(`/api/psp-server/affiliations/${id}/ticket`).set('x-access-token', token);
    const { token } = await admin();
    const issued = await ticket(token, filed.body.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const opened = await t.http().get(issued.body.url).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(opened.status).toBe(200);
    expect((opened.body as Buffer).equals(pdf)).toBe(true);
    expect((await t.http().get(issued.body.url)).status).not.toBe(200);
    // The football certificate of the fixtures has no document; an unknown one is not found either.
    const football = await t.db.pspAffiliation.findFirstOrThrow({ where: { associationId: asso.id, sirenFederation: FOOTBALL.siren } });
    expect((await ticket(token, football.id)).status).toBe(404);
    expect((await ticket(token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ticket(member.token, filed.body.id)).status).toBe(403);
  });

  it('lists the affiliation certificates with their association', async () => {
    const { asso } = await clubWithDossier(t);
    const response = await t.http().get('/api/psp-server/affiliations').query({ exerciceId: String(EXERCICES.current) }).set('x-access-token', (await admin()).token);
    expect(response.status).toBe(200);
    expect(response.body.find((a: { association: { id: string } }) => a.association.id === asso.id)).toMatchObject({
      nom_federation: FOOTBALL.nom, exercice_id: EXERCICES.current, association: { nom: expect.any(String) },
    });
  });
});
