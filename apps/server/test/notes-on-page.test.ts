// GET /api/lca-server/notesOnPage: only active notes within their period, optionally for one route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteOnPageSchema } from '@portail/contract';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  const now = Date.now();
  // Created one by one so that the creation order (the answer's order) is known.
  const notes = [
    { title: 'Toujours', content: '<p>Sans période</p>', routes: ['home', 'dossiers'] },
    {
      title: 'En cours',
      content: 'Dans sa période',
      type: 'warning',
      routes: ['home'],
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    },
    {
      title: 'Commencée',
      content: 'Début passé, pas de fin',
      type: 'success',
      routes: ['login'],
      startsAt: new Date(now - HOUR),
    },
    { title: 'Type inconnu', content: 'Type hors DSFR', type: 'bizarre', routes: ['dossiers'] },
    { title: 'Inactive', content: 'Désactivée', routes: ['home'], active: false },
    { title: 'Future', content: 'Pas encore', routes: ['home'], startsAt: new Date(now + HOUR) },
    { title: 'Finie', content: 'Terminée', routes: ['home'], endsAt: new Date(now - HOUR) },
    {
      title: 'Future sans fin',
      content: 'Pas encore',
      routes: ['login'],
      startsAt: new Date(now + HOUR),
      endsAt: new Date(now + 2 * HOUR),
    },
  ];
  for (const note of notes) {
    await t.db.noteOnPage.create({ data: note });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
});
afterAll(() => t.close());

const notesOnPage = (query: Record<string, string> = {}) => t.http().get('/api/lca-server/notesOnPage').query(query);

describe('GET /api/lca-server/notesOnPage', () => {
  it('answers only the active notes whose period includes now, oldest first, in the contract shape', async () => {
    const response = await notesOnPage();
    expect(response.status).toBe(200);
    const notes = noteOnPageSchema.array().parse(response.body);
    expect(notes.map((note) => note.title)).toEqual(['Toujours', 'En cours', 'Commencée', 'Type inconnu']);
    expect(notes[0]).toEqual({
      _id: expect.any(String),
      type: 'info',
      title: 'Toujours',
      content: '<p>Sans période</p>',
      routes: ['home', 'dossiers'],
    });
    expect(notes[1]!.type).toBe('warning');
    // A type outside the DSFR severities is shown as info.
    expect(notes[3]!.type).toBe('info');
  });

  it.each([
    ['home', ['Toujours', 'En cours']],
    ['dossiers', ['Toujours', 'Type inconnu']],
    ['login', ['Commencée']],
    ['inconnue', []],
  ])('filters by ?route=%s', async (route, titles) => {
    const response = await notesOnPage({ route });
    expect(response.status).toBe(200);
    expect(response.body.map((note: { title: string }) => note.title)).toEqual(titles);
  });

  it('hides a note once its end has passed, and a deactivated one', async () => {
    const note = await t.db.noteOnPage.create({
      data: { title: 'Éphémère', content: 'Bientôt finie', routes: ['ephemere'], endsAt: new Date(Date.now() + HOUR) },
    });
    const ids = async () => (await notesOnPage({ route: 'ephemere' })).body.map((n: { _id: string }) => n._id);
    expect(await ids()).toEqual([note.id]);
    await t.db.noteOnPage.update({ where: { id: note.id }, data: { endsAt: new Date(Date.now() - 1) } });
    expect(await ids()).toEqual([]);
    await t.db.noteOnPage.update({ where: { id: note.id }, data: { endsAt: null } });
    expect(await ids()).toEqual([note.id]);
    await t.db.noteOnPage.update({ where: { id: note.id }, data: { active: false } });
    expect(await ids()).toEqual([]);
  });

  it('refuses a route longer than 100 characters', async () => {
    const response = await notesOnPage({ route: 'x'.repeat(101) });
    expect(response.status).toBe(400);
  });
});
