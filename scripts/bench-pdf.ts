// `pnpm bench:pdf`: time to produce the PDF of a subsidy dossier (docs/domain.md « Dossiers de
// subvention »): the rows read from PostgreSQL and the Cerfa 12156 layout drawn and streamed to its
// last byte, through the same service as GET /demande/dossiers/:id/pdf, on a throw-away embedded
// PostgreSQL. The dossier has 5 projects over 3 years, 2 instructing services, every budget line
// filled. Prints p50/p95 beside the target (p95 ≤ 200 ms). Options: BENCH_RUNS (100),
// BENCH_PDF_OUT (a file where one generated PDF is written, to look at it).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { createDatabase } from '../apps/server/src/db/prisma.ts';
import { createPdfRepository, createPdfService, createProjetRepository, createProjetService } from '../apps/server/src/modules/demande/index.ts';
import { createDatabaseFromTemplate, prepareTemplate, startTestCluster } from '../apps/server/test/support/postgres-cluster.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? '100');
const TARGET_P95_MS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const consume = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const cluster = await startTestCluster();
try {
  const template = `bench_pdf_tpl_${process.pid}`;
  await prepareTemplate(cluster.adminUrl, template);
  const db = createDatabase(await createDatabaseFromTemplate(cluster.adminUrl, template, `bench_pdf_${process.pid}`));
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
  const services = await Promise.all(['Service départemental', 'Délégation régionale'].map(async (nom) => {
    const user = await db.user.create({ data: { email: `${randomUUID()}@service.example.gouv.fr`, passwordHash: 'x', nom, prenom: 'Agent', civilite: 'M.', origin: 'lca' } });
    return db.serviceAccount.create({ data: { authId: user.id, nom } });
  }));
  const dispositif = await db.dispositif.create({ data: { code: 'FDVA', label: 'Fonds pour le développement de la vie associative', dureePluriannuelle: 2 } });
  const subvention = await db.subvention.create({ data: { code: 'FDVA-2026', label: 'FDVA 2026', active: true, dispositifId: dispositif.id, campagneExercice: 2026 } });
  const representant = association.representantsLegaux[0]!.id;
  const dossier = await db.dossier.create({
    data: {
      idFo: '2026-900001', exercice: 2026, exerciceFin: 2028, pluriannuel: true, renouvellement: false, statut: 'complet', subventionId: subvention.id, dispositifId: dispositif.id,
      associationId: association.id, idSiret: `${siren}00018`, nom: association.nom, idRepresentantLegal: representant, idSignataire: representant, idResponsable: representant,
      idRib: association.ribs[0]!.id, attestation: { certifie: true, lieu: 'Paris', date: '2026-03-01T10:00:00.000Z' }, createdByType: 'association',
      instructions: { create: services.map((s, i) => ({ serviceId: s.id, associationId: association.id, isReferent: i === 0, createdByType: 'association' })) },
      budgets: { create: [2026, 2027, 2028].map((annee) => ({ annee, charges: { comptes: { '60': 4000, '61': 2500, '62': 1800, '64': 42000 } }, produits: { comptes: { '70': 9000, '74': 38000, '75': 3000 } } })) },
    },
  });
  const projets = createProjetService(createProjetRepository(db));
  const full = (k: readonly string[], v: number) => Object.fromEntries(k.map((key) => [key, v]));
  for (let i = 1; i <= 5; i += 1) {
    await projets.create({ side: 'association' }, dossier.id, {
      description: {
        intitule: `Projet ${i} : école de sport et ateliers culturels`, objectifs: 'Ouvrir la pratique à 120 jeunes du quartier. '.repeat(4),
        description: 'Séances hebdomadaires encadrées par deux éducateurs diplômés, sorties mensuelles et rencontres inter-clubs. '.repeat(6), exercice_fin: 2028,
      },
      beneficiaire: [{ lib_statut: 'Jeunes', lib_tranche_age: '12-17 ans', lib_genre: 'Mixte', nombre: 120 }],
      moyens: { commentaire: 'Deux éducateurs, un minibus, le gymnase municipal.', recrutement_specifique: true, recrutement_nb_etpt: 1.5 },
      evaluation: { indicateurs: [1, 2, 3].map((rang) => ({ rang, intitule: `Indicateur ${rang}`, prevu_min: 10 * rang, prevu_max: 20 * rang })), commentaire: 'Bilan annuel.' },
      financements: [2026, 2027, 2028].flatMap((annee) => services.map((s) => ({ annee, id_service_instructeur: s.id, montant_demande: 5000 }))),
      budgets: [2026, 2027, 2028].map((annee) => ({
        annee,
        charges: { comptes: full(['60', '61', '62', '63', '64', '65', '66', '67', '68', '69'], 1000), charges_fixes: full(['charges_fixes_fonctionnement', 'frais_financiers', 'autres_charges'], 300) },
        produits: { comptes: full(['70', '71', '72', '73', '74', '75', '76', '77', '78', '79'], 900), ressources_propres: full(['fonds_propres', 'cotisations_dons', 'autres_ressources'], 400) },
        contributions: { '86': 500, '87': 500 },
      })),
    } as Parameters<typeof projets.create>[2]);
  }

  const pdf = createPdfService(createPdfRepository(db));
  const once = async () => consume((await pdf.dossierPdf(dossier.id)).stream);
  const sample = await once();
  for (let i = 0; i < 10; i += 1) await once(); // warm-up: plans, fonts, JIT
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  if (process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, sample);
  const p95 = percentile(samples, 95);
  console.log(`\n== PDF d'un dossier (5 projets sur 3 ans, 2 services), ${RUNS} générations, ${Math.round(sample.length / 1024)} Kio`);
  console.log(`p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms`);
  console.log(`p95 ${p95.toFixed(1).padStart(6)} ms   cible ≤ ${TARGET_P95_MS} ms   ${p95 <= TARGET_P95_MS ? 'tenu' : 'DÉPASSÉ'}`);
  await db.$disconnect();
} finally {
  await cluster.stop();
}
