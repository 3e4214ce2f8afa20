// Associations of the journeys, written straight into the database (outside the demo registry's
// identifier ranges), and members linked to them through the public API (the same calls as the
// join journey's pages: register, validate, login, PATCH lca-server users/:lcaId).
import type pg from 'pg';
import { createValidatedAccount } from './mail.ts';

export interface JourneyAssociation {
  id: string;
  nom: string;
  sigle: string;
  siren: string;
  rna: string;
  siretSiege: string;
  siretSecondaire: string;
  /** Head office postcode (57, 67, 68: Alsace-Moselle). */
  cp?: string;
  commune?: string;
  /** Regime stored at creation (null: to be chosen by the member). */
  regime?: string | null;
}

/** The association, its head office and one active secondary establishment ('Antenne de Joué'). */
export async function insertAssociation(pool: pg.Pool, a: JourneyAssociation): Promise<void> {
  const cp = a.cp ?? '37000';
  const adresse = JSON.stringify({
    num_voie: '3',
    type_voie: 'rue',
    voie: 'des Sentiers',
    cp,
    commune: a.commune ?? 'Tours',
    pays: 'FRANCE',
  });
  const motsCles = `${a.nom} ${a.sigle}`.toLowerCase();
  await pool.query(
    `INSERT INTO associations (id, nom, sigle, nom_recherche, id_siren, id_rna, id_siret_siege, id_forme_juridique,
       regime, adresse_siege, cp_siege, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '9220', $8, $9::jsonb, $10, now())
     ON CONFLICT DO NOTHING`,
    [
      a.id,
      a.nom,
      a.sigle,
      motsCles,
      a.siren,
      a.rna,
      a.siretSiege,
      a.regime === undefined ? 'loi1901' : a.regime,
      adresse,
      cp,
    ],
  );
  await pool.query(
    `INSERT INTO etablissements (siret, association_id, nic, est_siege, actif, enseigne, adresse, updated_at)
     VALUES ($1, $3, $4, true, true, NULL, $6::jsonb, now()), ($2, $3, $5, false, true, 'Antenne de Joué', $6::jsonb, now())
     ON CONFLICT DO NOTHING`,
    [a.siretSiege, a.siretSecondaire, a.id, a.siretSiege.slice(9), a.siretSecondaire.slice(9), adresse],
  );
}

async function call(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} : HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A validated account linked to the association (head office, or `siret`'s establishment). */
export async function createLinkedMember(
  baseUrl: string,
  account: { email: string; password: string; nom?: string; prenom?: string },
  link: { id_correspondance: string; id_siret: string; fonction?: string },
): Promise<void> {
  await createValidatedAccount(baseUrl, account);
  const session = (await call(baseUrl, 'POST', '/auth-server/login', {
    email: account.email,
    password: account.password,
  })) as {
    token: string;
    user: { lcaId: string | null };
  };
  if (!session.user.lcaId) throw new Error(`Pas de fiche association pour ${account.email}.`);
  await call(
    baseUrl,
    'PATCH',
    `/lca-server/users/${session.user.lcaId}`,
    { associations: [{ fonction: 'Membre', ...link }] },
    session.token,
  );
}
