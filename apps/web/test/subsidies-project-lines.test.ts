// The project editor checks its territory and co-funder lines with the contract's schemas of a line,
// those the API applies (projetInputSchema): what the server would refuse is shown before sending,
// with the same French words, the line numbered.
import { DOSSIER_LIMITS, MESSAGES, projetInputSchema } from '@portail/contract';
import { describe, expect, it } from 'vitest';
import { newProject, projectProblems, type ProjectDraft } from '../src/features/subsidies/wizard/project/project-draft.ts';
import { makeDossier, makeSubvention } from './support/subsidies.ts';

const base = (): ProjectDraft => {
  const projet = newProject(makeDossier({ step: 3, statut: 'complet', pluriannuel: false, renouvellement: false, exercice_fin: 2026 }), makeSubvention());
  return { ...projet, description: { ...projet.description, intitule: 'École de vélo' }, evaluation: { indicateurs: [], commentaire: 'Bilan' } };
};
const linesOf = (projet: ProjectDraft) => Object.fromEntries(Object.entries(projectProblems(projet, [])).filter(([key]) => /^(territoires|cofinancements)\./.test(key)));

describe('territory and co-funder lines', () => {
  it('are refused as the server refuses them, each message naming its line', () => {
    const projet: ProjectDraft = {
      ...base(),
      territoires: { commentaire: '', territoires: [{ libelle: 'Paris 19e' }, { libelle: '  ' }, { libelle: 'x'.repeat(DOSSIER_LIMITS.label + 1) }] },
      cofinancements: [{ financeur: 'Ville de Paris', montant: 1500 }, { financeur: 'Région', montant: -5 }, { financeur: '', montant: null }],
    };
    expect(linesOf(projet)).toEqual({
      'territoires.territoires.1.libelle': MESSAGES.pleaseFill('territoire 2'),
      'territoires.territoires.2.libelle': MESSAGES.maxLength('territoire 3', DOSSIER_LIMITS.label),
      'cofinancements.1.montant': MESSAGES.badFormat('montant sollicité du cofinanceur 2'),
      'cofinancements.2.financeur': MESSAGES.pleaseFill('cofinanceur 3'),
    });
    // The API's schema refuses the same fields.
    const server = projetInputSchema.safeParse({ territoires: projet.territoires, cofinancements: projet.cofinancements });
    expect(new Set(server.error?.issues.map((i) => i.path.join('.')))).toEqual(new Set(Object.keys(linesOf(projet))));
  });

  it('are taken when well formed, by the editor and by the API alike', () => {
    const projet: ProjectDraft = { ...base(), territoires: { commentaire: '', territoires: [{ libelle: 'Paris 19e' }] }, cofinancements: [{ financeur: 'Ville de Paris', montant: null }] };
    expect(linesOf(projet)).toEqual({});
    expect(projetInputSchema.safeParse({ territoires: projet.territoires, cofinancements: projet.cofinancements }).success).toBe(true);
  });
});
