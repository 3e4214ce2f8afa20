// The dossiers of the data benchmarks (bench-dossiers.ts, bench-instruction.ts): loaded in SQL with
// generate_series into a migrated, empty database, and an agent of the busiest instructing service.
import { hashPassword } from '../../apps/server/src/modules/auth/index.ts';
import { withClient } from '../../apps/server/test/support/postgres-cluster.ts';

/** The statements that load `size` dossiers (and what they need) into a migrated, empty database. */
export function loadStatements(size: number): string[] {
  const associations = Math.max(50, Math.round(size / 20));
  return [
    `SELECT setseed(0.42)`,
    `INSERT INTO users (id, email, password_hash, nom, origin, created_at, updated_at)
       SELECT gen_random_uuid(), 'bench-service-' || g || '@service.example.gouv.fr', 'x', 'Service ' || g, 'lca', now(), now() FROM generate_series(1, 200) g`,
    `CREATE TABLE bench_services AS
       SELECT row_number() OVER (ORDER BY u.email) - 1 AS idx, gen_random_uuid() AS id, u.id AS auth_id, u.nom FROM users u WHERE u.email LIKE 'bench-service-%'`,
    `INSERT INTO service_accounts (id, auth_id, nom, created_at, updated_at) SELECT id, auth_id, nom, now(), now() FROM bench_services`,
    `INSERT INTO dispositifs (id, code, label, duree_pluriannuelle, updated_at)
       SELECT gen_random_uuid(), c, 'Dispositif ' || c, CASE WHEN c = 'FDVA' THEN 2 ELSE NULL END, now() FROM unnest(ARRAY['CNDS', 'FDVA', 'FEDE', '2h-sport-college']) c`,
    `CREATE TABLE bench_subventions AS
       SELECT (e - 2022) * 4 + d.n - 1 AS idx, gen_random_uuid() AS id, d.id AS dispositif_id, e AS exercice, d.code
       FROM generate_series(2022, 2026) e, (SELECT id, code, row_number() OVER (ORDER BY code) AS n FROM dispositifs) d`,
    `INSERT INTO subventions (id, code, label, active, dispositif_id, campagne_exercice, updated_at)
       SELECT id, code || '-' || exercice, 'Campagne ' || code || ' ' || exercice, exercice = 2026, dispositif_id, exercice, now() FROM bench_subventions`,
    `CREATE TABLE bench_associations AS SELECT g - 1 AS idx, gen_random_uuid() AS id FROM generate_series(1, ${associations}) g`,
    `INSERT INTO associations (id, nom, nom_recherche, id_siren, updated_at)
       SELECT id, 'Association du banc ' || idx, 'association du banc ' || idx, lpad((100000000 + idx)::text, 9, '0'), now() FROM bench_associations`,
    // Dossier g: exercise 2022 + g % 5, campaign by scheme, association skewed toward the first ones (random()²).
    `CREATE TABLE bench_dossiers AS
       SELECT g, gen_random_uuid() AS id, 2022 + g % 5 AS exercice, floor(${associations} * power(random(), 2))::int AS asso_idx,
              (g % 5) * 4 + (g / 5) % 4 AS sub_idx, ((g::bigint * 7919) % 100)::int AS draw,
              make_timestamptz(2022 + g % 5, 1 + g % 12, 1 + g % 28, 8, 0, 0) + (g % 36000) * interval '1 second' AS created
       FROM generate_series(0, ${size - 1}) g`,
    `INSERT INTO dossiers (id, id_fo, step, statut, exercice, exercice_fin, subvention_id, dispositif_id, association_id, pluriannuel, renouvellement,
                          created_by_type, created_at, updated_at)
       SELECT d.id, d.exercice || '-' || lpad((d.g / 5)::text, 6, '0'), CASE WHEN d.draw < 15 THEN d.draw % 4 ELSE 4 END,
              CASE WHEN d.draw < 15 THEN 'incomplet' ELSE 'complet' END, d.exercice, d.exercice + CASE WHEN s.code = 'FDVA' AND d.g % 4 = 0 THEN 2 ELSE 0 END,
              s.id, s.dispositif_id, a.id, s.code = 'FDVA' AND d.g % 4 = 0, d.g % 2 = 0, 'association',
              d.created, d.created + ((d.g * 31) % 120) * interval '1 day'
       FROM bench_dossiers d JOIN bench_subventions s ON s.idx = d.sub_idx JOIN bench_associations a ON a.idx = d.asso_idx
       ORDER BY d.created, d.g`,
    `INSERT INTO dossier_instructions (id, dossier_id, service_id, association_id, etat, is_referent, created_by_type, complet, created_at, updated_at)
       SELECT gen_random_uuid(), d.id, sv.id, a.id,
              CASE WHEN d.draw < 15 THEN 'A' WHEN d.draw < 20 THEN 'B' WHEN d.draw < 28 THEN 'D' WHEN d.draw < 36 THEN '2' WHEN d.draw < 46 THEN '6'
                   WHEN d.draw < 50 THEN '8' WHEN d.draw < 62 THEN '9' WHEN d.draw < 92 THEN '10' WHEN d.draw < 97 THEN '11' ELSE '12' END,
              true, 'association', d.draw >= 15, d.created, d.created
       FROM bench_dossiers d JOIN bench_associations a ON a.idx = d.asso_idx JOIN bench_services sv ON sv.idx = d.asso_idx % 200
       ORDER BY d.created, d.g`,
    `CREATE TABLE bench_projets AS
       SELECT gen_random_uuid() AS id, d.id AS dossier_id, r AS rang, d.exercice, d.asso_idx % 200 AS service_idx, d.created, d.g
       FROM bench_dossiers d, generate_series(1, 2) r WHERE r = 1 OR d.g % 3 = 0`,
    `INSERT INTO projets (id, dossier_id, rang_dossier, intitule, periode, exercice, exercice_fin, evaluation, updated_at)
       SELECT id, dossier_id, rang, 'Projet ' || rang, 'Annuel', exercice, exercice, '{"commentaire": "Bilan"}', now() FROM bench_projets ORDER BY created, g, rang`,
    `INSERT INTO projet_financements (id, projet_id, annee, service_id, montant_demande, updated_at)
       SELECT gen_random_uuid(), p.id, p.exercice, sv.id, 5000, now() FROM bench_projets p JOIN bench_services sv ON sv.idx = p.service_idx ORDER BY p.created, p.g, p.rang`,
    `INSERT INTO projet_budgets (id, projet_id, annee, charges, produits, updated_at)
       SELECT gen_random_uuid(), id, exercice, '{"comptes": {"60": 1000, "64": 4000}}', '{"comptes": {"74": 5000}}', now() FROM bench_projets ORDER BY created, g, rang`,
    `INSERT INTO dossier_budgets (id, dossier_id, annee, charges, produits, updated_at)
       SELECT gen_random_uuid(), id, exercice, '{"comptes": {"64": 30000}}', '{"comptes": {"74": 30000}}', now() FROM bench_dossiers WHERE g % 2 = 0 ORDER BY created, g`,
    `DROP TABLE bench_dossiers, bench_projets, bench_subventions, bench_services, bench_associations`,
    `ANALYZE`,
  ];
}


// The layout's version is part of the mark: a database loaded by an older layout is loaded again.
export const loadedMark = (size: number) => `bench-dossiers: ${size} dossiers loaded (v2, in creation order)`;

/**
 * An agent of the service that received the most dossiers (its instructions past A and B): the
 * service's login account of the load, given a password and the rds.user role once, and kept.
 */
export async function busiestServiceAgent(url: string, password: string): Promise<{ email: string; dossiers: number; serviceId: string; authId: string }> {
  const passwordHash = await hashPassword(password);
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ auth_id: string; service_id: string; email: string; n: number }>(
      `WITH busiest AS (SELECT i.service_id, count(DISTINCT i.dossier_id)::int AS n FROM dossier_instructions i
                          JOIN dossiers d ON d.id = i.dossier_id AND d.deleted_at IS NULL
                         WHERE i.etat NOT IN ('A', 'B') GROUP BY i.service_id ORDER BY n DESC, i.service_id LIMIT 1)
       SELECT sa.auth_id, sa.id AS service_id, u.email, b.n FROM busiest b JOIN service_accounts sa ON sa.id = b.service_id JOIN users u ON u.id = sa.auth_id`);
    const agent = rows[0]!;
    await client.query('UPDATE users SET password_hash = $2, enabled = true WHERE id = $1', [agent.auth_id, passwordHash]);
    await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'rds.user') ON CONFLICT DO NOTHING`, [agent.auth_id]);
    return { email: agent.email, dossiers: agent.n, serviceId: agent.service_id, authId: agent.auth_id };
  });
}

/**
 * `count` of the service's instructions in 2 put back in D (a bench database only): each run's bulk
 * moves rows of D to 2, so on a kept database the next run would find none left to move.
 */
export async function instructionsBackInD(url: string, serviceId: string, count: number): Promise<number> {
  return withClient(url, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE dossier_instructions SET etat = 'D' WHERE id IN (
         SELECT i.id FROM dossier_instructions i JOIN dossiers d ON d.id = i.dossier_id AND d.deleted_at IS NULL
          WHERE i.service_id = $1 AND i.etat = '2' ORDER BY i.id LIMIT $2)`,
      [serviceId, count]);
    return rowCount ?? 0;
  });
}
