// /rattachement/signalement/:token, the « Je ne connais pas cette personne » link of a join mail:
// open to anybody, opening it sends nothing; only the button detaches (POST), once.
import { MEMBERSHIP_MESSAGES, MESSAGES } from '@portail/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { renderApp } from './support/render-app.tsx';

const TOKEN = 'Jc0m1a9pXk7bQeZr4TtYw2LhVn8sDfGu3oIy6EaBcMq';
const URL_ = `/api/lca-server/rattachements/signalement/${TOKEN}`;

afterEach(() => resetAppState());

describe('signalement d’un rattachement', () => {
  it('asks before acting, then detaches on the button and shows the server’s confirmation', async () => {
    const fake = stubFetch({
      'GET /api/lca-server/notesOnPage': () => json(200, []),
      [`POST ${URL_}`]: () => json(200, { message: MEMBERSHIP_MESSAGES.memberReported }),
    });
    renderApp(`/rattachement/signalement/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Je ne connais pas cette personne' });
    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.memberReported)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([URL_]);
    expect(screen.queryByRole('button', { name: 'Je ne connais pas cette personne' })).not.toBeInTheDocument();
  });

  it('shows the refusal of a used, expired or altered link', async () => {
    stubFetch({
      'GET /api/lca-server/notesOnPage': () => json(200, []),
      [`POST ${URL_}`]: () => json(400, { message: MESSAGES.invalidToken, status: 400, code: 'INVALID_TOKEN' }),
    });
    renderApp(`/rattachement/signalement/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Je ne connais pas cette personne' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidToken);
  });
});
