// The RIB of a granted dossier (DossierRibChange): the applicant establishment's RIBs only, the
// server's answer taken as the new dossier, its refusal shown in French.
import type { DossierView, Rib } from '@portail/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DossierRibChange } from '../src/features/subsidies/dossier-rib.tsx';
import { session } from '../src/lib/session/session-store.ts';
import { resetAppState } from './support/app-state.ts';
import { json, stubFetch } from './support/fake-fetch.ts';
import { makeJwt, makeSession, makeUser } from './support/factories.ts';
import { makeDossier } from './support/subsidies.ts';

const SIEGE = '12345678900011';
const rib = (id: string, idSiret: string, iban: string): Rib => ({ id, id_siret: idSiret, titulaire: 'Club nautique', banque: null, domiciliation: null, iban, bic: 'BNPAFRPP' });
const RIBS = [rib('a1000000-0000-4000-8000-000000000001', SIEGE, 'FR7630006000011234567890189'), rib('a1000000-0000-4000-8000-000000000002', SIEGE, 'FR7630006000011234567890555'), rib('a1000000-0000-4000-8000-000000000003', '12345678900029', 'FR7630006000011234567890777')];
const base = makeDossier({ step: 4, statut: 'complet', etat: '6' });
const DOSSIER: DossierView = { ...base, projets: [], demandeur: { ...base.demandeur, id_siret: SIEGE, id_rib: 'a1000000-0000-4000-8000-000000000001' }, deleted: false, options: { events: [], actions: ['consulter', 'changer_rib'] }, mode: 'read', transmission: null, crfs: [] };

afterEach(() => resetAppState());

describe('RIB of a granted dossier', () => {
  it('offers the establishment’s RIBs only and takes the server’s dossier once changed', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'rib-user')));
    const fake = stubFetch({ [`PUT /api/lca-server/demande/dossiers/${DOSSIER.id}/rib`]: (r) => json(200, { ...DOSSIER, demandeur: { ...DOSSIER.demandeur, id_rib: (r.body as { id_rib: string }).id_rib } }) });
    const onChanged = vi.fn();
    render(<DossierRibChange dossier={DOSSIER} ribs={RIBS} onChanged={onChanged} />);
    const select = screen.getByLabelText('RIB de l’établissement demandeur');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Sélectionnez un RIB', 'Club nautique – IBAN …0189', 'Club nautique – IBAN …0555']);
    expect(screen.getByRole('button', { name: 'Changer le RIB' })).toBeDisabled();
    await userEvent.selectOptions(select, 'a1000000-0000-4000-8000-000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le RIB' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', body: { id_rib: 'a1000000-0000-4000-8000-000000000002' } });
    expect(onChanged.mock.calls[0]![0].demandeur.id_rib).toBe('a1000000-0000-4000-8000-000000000002');
  });

  it('shows the server’s refusal', async () => {
    session.signIn(makeSession(makeUser(), makeJwt(4_000_000_000, 'rib-user')));
    stubFetch({ [`PUT /api/lca-server/demande/dossiers/${DOSSIER.id}/rib`]: () => json(403, { code: 'DOSSIER_NOT_EDITABLE', message: "Ce dossier n'est pas éditable." }) });
    render(<DossierRibChange dossier={DOSSIER} ribs={RIBS} onChanged={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText('RIB de l’établissement demandeur'), 'a1000000-0000-4000-8000-000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le RIB' }));
    expect(await screen.findByText("Ce dossier n'est pas éditable.")).toBeInTheDocument();
  });
});
