// `pnpm bench:pdf`: the PDF of a subsidy dossier (docs/domain.md « Dossiers de subvention ») on a
// throw-away embedded PostgreSQL, through the portal itself (buildApp: the same service and worker
// pool as GET /demande/dossiers/:id/pdf):
// 1. the usual dossier (5 projects over 3 years, 2 instructing services, every budget line filled):
//    rows read, Cerfa 12156 drawn by a worker thread, bytes back; p50/p95, target p95 ≤ 100 ms;
// 2. the largest dossier allowed (contract DOSSIER_LIMITS: every project, list and free text at its
//    bound), four PDFs at once, again and again, while GET /health is called over HTTP: /health p99,
//    target ≤ 50 ms (the event loop stays free while PDFs are drawn).
// Exit 1 on a missed target. Options: BENCH_RUNS (100), BENCH_PDF_OUT (a file where one PDF of
// the usual dossier is written, to look at it).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { DOSSIER_LIMITS as L } from '../packages/contract/src/limits.ts';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { createProjetRepository, createProjetService } from '../apps/server/src/modules/demande/index.ts';
import { createDatabaseFromTemplate, prepareTemplate, startTestCluster } from '../apps/server/test/support/postgres-cluster.ts';
import { startTestApp } from '../apps/server/test/support/test-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? '100');
const TARGET_P95_MS = 100;
const TARGET_HEALTH_P99_MS = 50;
/** PDFs of the largest dossier drawn at once, and how many such rounds while /health is timed. */
const CONCURRENT = 4;
const ROUNDS = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const cluster = await startTestCluster();
try {
  const template = `bench_pdf_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  const databaseUrl = await createDatabaseFromTemplate(cluster.adminUrl, template, `bench_pdf_${process.pid}`);
  const db = createDatabase(databaseUrl);
  const siren = '775672272';
  const association = await db.association.create({
    data: {
      idRna: 'W751234567', idSiren: siren, idSiretSiege: `${siren}00018`, nom: 'Union sportive et culturelle de Belleville', nomRecherche: 'union sportive',
      objet: "Favoriser la pratique du sport et l'accès à la culture pour tous les habitants du quartier, sans distinction.",
      adresseSiege: { num_voie: '12', type_voie: 'RUE', voie: 'de Belleville', cp: '75020', commune: 'Paris' }, telephone: '0142000000', courriel: 'contact@usb.example.org',
      representantsLegaux: { create: [{ civilite: 'Mme', nom: 'Martin', prenom: 'Claire', fonction: 'Présidente', courriel: 'claire@usb.example.org', telephone: '0612345678' }] },
      ribs: { create: [{ idSiret: `${siren}00018`, titulaire: 'USB', banque: 'Banque coopérative', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' }] },
    },
    include: { representantsLegaux: true, ribs: true },
  });
  const services = await Promise.all(
    ['Service départemental', 'Délégation régionale', ...Array.from({ length: 8 }, (_, i) => `Service ${i + 3}`)].map(async (nom) => {
      const user = await db.user.create({ data: { email: `${randomUUID()}@service.example.gouv.fr`, passwordHash: 'x', nom, prenom: 'Agent', civilite: 'M.', origin: 'lca' } });
      return db.serviceAccount.create({ data: { authId: user.id, nom } });
    }),
  );
  const dispositif = await db.dispositif.create({ data: { code: 'FDVA', label: 'Fonds pour le développement de la vie associative', dureePluriannuelle: 2 } });
  const subvention = await db.subvention.create({ data: { code: 'FDVA-2026', label: 'FDVA 2026', active: true, dispositifId: dispositif.id, campagneExercice: 2026 } });
  const representant = association.representantsLegaux[0]!.id;
  const YEARS = [2026, 2027, 2028];
  const newDossier = (idFo: string, instructing: typeof services) =>
    db.dossier.create({
      data: {
        idFo, exercice: 2026, exerciceFin: 2028, pluriannuel: true, renouvellement: false, statut: 'complet', subventionId: subvention.id, dispositifId: dispositif.id,
        associationId: association.id, idSiret: `${siren}00018`, nom: association.nom, idRepresentantLegal: representant, idSignataire: representant, idResponsable: representant,
        idRib: association.ribs[0]!.id, attestation: { certifie: true, lieu: 'Paris', date: '2026-03-01T10:00:00.000Z' }, createdByType: 'association',
        instructions: { create: instructing.map((s, i) => ({ serviceId: s.id, associationId: association.id, isReferent: i === 0, createdByType: 'association' })) },
        budgets: { create: YEARS.map((annee) => ({ annee, charges: { comptes: { '60': 4000, '61': 2500, '62': 1800, '64': 42000 } }, produits: { comptes: { '70': 9000, '74': 38000, '75': 3000 } } })) },
      },
    });
  const projets = createProjetService(createProjetRepository(db));
  const full = (k: readonly string[], v: number) => Object.fromEntries(k.map((key) => [key, v]));
  const budgets = YEARS.map((annee) => ({
    annee,
    charges: { comptes: full(['60', '61', '62', '63', '64', '65', '66', '67', '68', '69'], 1000), charges_fixes: full(['charges_fixes_fonctionnement', 'frais_financiers', 'autres_charges'], 300) },
    produits: { comptes: full(['70', '71', '72', '73', '74', '75', '76', '77', '78', '79'], 900), ressources_propres: full(['fonds_propres', 'cotisations_dons', 'autres_ressources'], 400) },
    contributions: { '86': 500, '87': 500 },
  }));
  type ProjetBody = Parameters<typeof projets.create>[2];

  // The usual dossier: 5 projects over 3 years, 2 services.
  const usual = await newDossier('2026-900001', services.slice(0, 2));
  for (let i = 1; i <= 5; i += 1) {
    await projets.create({ side: 'association' }, usual.id, {
      description: {
        intitule: `Projet ${i} : école de sport et ateliers culturels`, objectifs: 'Ouvrir la pratique à 120 jeunes du quartier. '.repeat(4),
        description: 'Séances hebdomadaires encadrées par deux éducateurs diplômés, sorties mensuelles et rencontres inter-clubs. '.repeat(6), exercice_fin: 2028,
      },
      beneficiaire: [{ id_statut: 'JEUNES', lib_statut: 'Jeunes', id_tranche_age: '12-17', lib_tranche_age: '12-17 ans', id_genre: 'MIXTE', lib_genre: 'Mixte', nombre: 120 }],
      moyens: { commentaire: 'Deux éducateurs, un minibus, le gymnase municipal.', recrutement_specifique: true, recrutement_nb_etpt: 1.5 },
      evaluation: { indicateurs: [1, 2, 3].map((rang) => ({ rang, intitule: `Indicateur ${rang}`, prevu_min: 10 * rang, prevu_max: 20 * rang })), commentaire: 'Bilan annuel.' },
      financements: YEARS.flatMap((annee) => services.slice(0, 2).map((s) => ({ annee, id_service_instructeur: s.id, montant_demande: 5000 }))),
      budgets,
    } as ProjetBody);
  }

  // The largest dossier allowed: every project, list and free text at its bound (DOSSIER_LIMITS).
  const largest = await newDossier('2026-900002', services);
  const long = (phrase: string, max: number) => phrase.repeat(Math.ceil(max / phrase.length)).slice(0, max);
  for (let i = 1; i <= L.projetsPerDossier; i += 1) {
    await projets.create({ side: 'association' }, largest.id, {
      description: {
        intitule: long(`Projet ${i} : école de sport et ateliers culturels `, L.label),
        objectifs: long('Ouvrir la pratique sportive aux jeunes du quartier. ', L.longText),
        description: long('Séances encadrées, sorties et rencontres inter-clubs toute l’année. ', L.longText),
        exercice_fin: 2028,
      },
      territoires: { commentaire: long('Quartiers prioritaires de la ville. ', L.comment), territoires: [] },
      beneficiaire: Array.from({ length: L.beneficiairesPerProjet }, (_, k) => ({
        id_statut: 'JEUNES', lib_statut: long(`Public ${k} `, L.label), id_tranche_age: '12-17', lib_tranche_age: '12-17 ans', id_genre: 'MIXTE', lib_genre: 'Mixte', nombre: k + 1,
      })),
      moyens: { commentaire: long('Deux éducateurs, un minibus, le gymnase municipal. ', L.comment), recrutement_specifique: true, recrutement_nb_etpt: 1.5 },
      evaluation: {
        indicateurs: Array.from({ length: L.indicateursPerProjet }, (_, k) => ({ rang: k + 1, intitule: long(`Indicateur ${k + 1} `, L.label), prevu_min: k, prevu_max: k + 10 })),
        commentaire: long('Bilan annuel partagé avec les familles. ', L.comment),
      },
      cofinancements: Array.from({ length: L.cofinancementsPerProjet }, (_, k) => ({ financeur: `Financeur ${k}`, montant: 1000 })),
      financements: YEARS.flatMap((annee) => services.map((s) => ({ annee, id_service_instructeur: s.id, montant_demande: 5000 }))).slice(0, L.financementsPerProjet),
      budgets,
    } as ProjetBody);
  }

  // The portal itself, listening: its PDF service (worker pool) and its /health over HTTP.
  const portal = await startTestApp({}, { databaseUrl });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const healthUrl = `http://127.0.0.1:${(portal.app.server.address() as AddressInfo).port}/health`;
  const pdf = portal.app.services.pdf;
  const once = async (id: string) => (await pdf.dossierPdf(id)).bytes;
  try {
    const sample = await once(usual.id);
    for (let i = 0; i < 10; i += 1) await once(usual.id); // warm-up: plans, fonts, JIT, the worker thread
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await once(usual.id);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    if (process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, sample);

    // /health, one call after another, while CONCURRENT PDFs of the largest dossier are drawn.
    const largestSize = (await once(largest.id)).length;
    const health: number[] = [];
    const pdfTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let drawing = true;
      const rendered = Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          const started = performance.now();
          await once(largest.id);
          pdfTimes.push(performance.now() - started);
        }),
      ).finally(() => (drawing = false));
      while (drawing) {
        const started = performance.now();
        const response = await fetch(healthUrl);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await rendered;
    }
    health.sort((a, b) => a - b);
    pdfTimes.sort((a, b) => a - b);

    const p95 = percentile(samples, 95);
    const healthP99 = percentile(health, 99);
    const verdict = (ok: boolean) => (ok ? 'tenu' : 'DÉPASSÉ');
    console.log(`\n== PDF du dossier habituel (5 projets sur 3 ans, 2 services), ${RUNS} générations, ${Math.round(sample.length / 1024)} Kio, fils : ${portal.config.pdf.threads}`);
    console.log(`p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms`);
    console.log(`p95 ${p95.toFixed(1).padStart(6)} ms   cible ≤ ${TARGET_P95_MS} ms   ${verdict(p95 <= TARGET_P95_MS)}`);
    console.log(
      `\n== /health pendant ${CONCURRENT} PDF simultanés du plus grand dossier permis (${L.projetsPerDossier} projets, listes et textes à leur borne, ${Math.round(largestSize / 1024)} Kio), ${ROUNDS} tours, ${health.length} appels`,
    );
    console.log(`PDF p50 ${percentile(pdfTimes, 50).toFixed(0).padStart(6)} ms, max ${pdfTimes.at(-1)!.toFixed(0)} ms (file d'attente comprise)`);
    console.log(`/health p50 ${percentile(health, 50).toFixed(1).padStart(6)} ms`);
    console.log(`/health p99 ${healthP99.toFixed(1).padStart(6)} ms   cible ≤ ${TARGET_HEALTH_P99_MS} ms   ${verdict(healthP99 <= TARGET_HEALTH_P99_MS)}`);
    if (p95 > TARGET_P95_MS || healthP99 > TARGET_HEALTH_P99_MS) process.exitCode = 1;
  } finally {
    await portal.app.close();
    await db.$disconnect();
  }
} finally {
  await cluster.stop();
}
