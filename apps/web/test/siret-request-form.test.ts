// The SIRET request form's own checks (features/siret-requests/siret-draft.ts): the address rules of
// §5 with their messages, on the head office address and on the management address when given;
// the body sent; the server's field keys mapped back to the form's.
import { describe, expect, it } from 'vitest';
import type { SiretRequest } from '@portail/contract';
import { bodyOf, checkAddress, checkDraft, draftOf, fieldOfServerKey } from '../src/features/siret-requests/siret-draft.ts';

const ADDRESS = { code_insee: '69266', pays: 'FRANCE', num_voie: '3', repet_voie: null, type_voie: 'RUE', voie: 'des Lilas', cplt_1: null, bp: null, cp: '69100', commune: 'Villeurbanne', cedex: null };
const DEMANDE: SiretRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  identifiant: { step: 0, id_fo_fonctionnel: '2026-1' },
  attestation: false,
  identite: { id_rna: 'W691234567', id_correspondance: '22222222-2222-4222-8222-222222222222', nom: 'Club', sigle: null, dateCreation: '2024-03-01', id_forme_juridique: '9220' },
  activites: { id_objet_social1: null, lib_objet_social1: null, id_famille1: null, objet: 'Sport' },
  coordonnees: { info_siege: { domicile_entreprise: false, domicile_provisoire_rl: false }, adresse_gestion: null, adresse_siege: ADDRESS },
  documents: [{ type: 'STC', uuid: '33333333-3333-4333-8333-333333333333', nom: 'statuts.pdf' }],
  description: { code_etat: 'ECS', libelle_etat: 'En cours de saisie', siret_attribue: null, motif: null },
  createdBy: { id: '44444444-4444-4444-8444-444444444444', identifiant: 'Claire Martin' },
  mode: 'edit',
  options: { events: ['transmettre'], actions: ['consulter', 'modifier'] },
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
};

describe('the SIRET request form', () => {
  it('takes the pre-filled request as it is', () => {
    expect(checkDraft(draftOf(DEMANDE))).toEqual({});
  });

  it.each([
    ['code_insee', '', 'Le champ code INSEE est obligatoire.'],
    ['code_insee', '6', 'Le champ code INSEE doit contenir au moins 2 caractère(s).'],
    ['code_insee', '692661', 'Le champ code INSEE ne doit pas contenir plus de 5 caractère(s).'],
    ['pays', 'P'.repeat(39), 'Le champ pays ne doit pas contenir plus de 38 caractère(s).'],
    ['num_voie', '1234567890', 'Le champ numéro de voie ne doit pas contenir plus de 9 caractère(s).'],
    ['repet_voie', 'BI', 'Le champ indice de répétition doit contenir exactement 1 caractère(s).'],
    ['type_voie', 'ROUTE', 'Le champ type de voie ne doit pas contenir plus de 4 caractère(s).'],
    ['voie', 'v'.repeat(33), 'Le champ libellé de la voie ne doit pas contenir plus de 32 caractère(s).'],
    ['cplt_1', 'c'.repeat(39), "Le champ complément d'adresse ne doit pas contenir plus de 38 caractère(s)."],
    ['bp', 'b'.repeat(10), 'Le champ boîte postale ne doit pas contenir plus de 9 caractère(s).'],
    ['cp', '', 'Le champ code postal est obligatoire.'],
    ['cp', '1234567890', 'Le champ code postal ne doit pas contenir plus de 9 caractère(s).'],
    ['commune', '', 'Le champ commune est obligatoire.'],
    ['commune', 'c'.repeat(33), 'Le champ commune ne doit pas contenir plus de 32 caractère(s).'],
    ['cedex', 'c'.repeat(33), 'Le champ cedex ne doit pas contenir plus de 32 caractère(s).'],
  ])('head office %s = %j: « %s »', (key, value, message) => {
    const draft = draftOf(DEMANDE);
    expect(checkDraft({ ...draft, siege: { ...draft.siege, [key]: value } })).toEqual({ [`siege.${key}`]: message });
  });

  it('checks the management address only when one is given, FRANCE its country by default', () => {
    const draft = draftOf(DEMANDE);
    expect(draft.withGestion).toBe(false);
    expect(draft.gestion.pays).toBe('FRANCE');
    expect(checkDraft(draft)).toEqual({});
    expect(checkDraft({ ...draft, withGestion: true })).toEqual({
      'gestion.code_insee': 'Le champ code INSEE est obligatoire.',
      'gestion.cp': 'Le champ code postal est obligatoire.',
      'gestion.commune': 'Le champ commune est obligatoire.',
    });
    expect(checkAddress('gestion', { ...draft.siege })).toEqual({});
  });

  it('sends the parts of the request, empty texts as null, and maps the server’s field keys back', () => {
    const body = bodyOf({ ...draftOf(DEMANDE), attestation: true });
    expect(body).toMatchObject({
      attestation: true,
      identite: { nom: 'Club', sigle: null, dateCreation: '2024-03-01' },
      coordonnees: { adresse_siege: { ...ADDRESS }, adresse_gestion: null },
      documents: [{ type: 'STC', uuid: '33333333-3333-4333-8333-333333333333' }],
    });
    expect(fieldOfServerKey('coordonnees.adresse_gestion.repet_voie')).toBe('gestion.repet_voie');
    expect(fieldOfServerKey('identite.nom')).toBe('nom');
    expect(fieldOfServerKey('documents.0.uuid')).toBeNull();
  });
});
