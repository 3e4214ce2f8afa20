// Pass'Sport demo data (never in production): last year's closed exercise, this year's open one and
// next year's not open yet; beneficiaries with valid codes (YY-XXXX-XXXX, letters without I and O)
// living in real communes; the demo sports association affiliated to an approved federation, with
// this year's affiliation certificate: a document of its file (type AFFIL) whose small PDF is stored
// through the storage driver as an upload is, so the administration opens it. The
// beneficiaries come from a generator `pnpm bench:passsport` shares, each code a bijection of its
// index (no two alike, no lookup needed to draw them). One multi-row INSERT per table (< 100 ms).
import { randomUUID } from 'node:crypto';
import { PASS_SPORT_CODE_LETTERS, PSP_CERTIFICATE_DOCUMENT_TYPE, pspNameKey } from '@portail/contract';
import type { Database } from '../db/prisma.ts';
import type { FileStorage, StoredFile } from '../storage/index.ts';
import { storeDemoPdf } from './demo-files.ts';
import { DEMO_ASSOCIATIONS } from './demo-registry.ts';
import { defaultCommunePicker } from './registry/communes.ts';
import { hashSeed, randomFor } from './registry/random.ts';
import { FIRST_NAMES, LAST_NAMES } from './registry/words.ts';

export const DEMO_BENEFICIAIRES = 300;
/** The federation the demo sports association is affiliated to (referential federations-sportives). */
export const DEMO_FEDERATION = { siren: '775671357', nom: 'Fédération française de football' };

const LETTERS = BigInt(PASS_SPORT_CODE_LETTERS.length);
const SPACE = LETTERS ** 8n;
/** Odd and not a multiple of 3: coprime with 24^8, so index → code is a bijection. */
const STRIDE = 7_777_777_777n;
const OFFSET = 1_234_567_891n;

/** The code of beneficiary `index` of exercise `exerciceId`: unique per index below 24^8. */
export function pspCodeOf(exerciceId: number, index: number): string {
  let n = (BigInt(index) * STRIDE + OFFSET) % SPACE;
  let letters = '';
  for (let i = 0; i < 8; i += 1) {
    letters = PASS_SPORT_CODE_LETTERS[Number(n % LETTERS)] + letters;
    n /= LETTERS;
  }
  return `${String(exerciceId).padStart(2, '0')}-${letters.slice(0, 4)}-${letters.slice(4)}`;
}

export interface GeneratedBeneficiaire {
  id: string;
  code_psp: string;
  exercice_id: number;
  prenom: string;
  nom: string;
  nom_recherche: string;
  date_naissance: Date;
  code_postal: string;
  commune: string;
}

const SEED = hashSeed('pass-sport');
/** A beneficiary aged 6 to 17 at the start of the exercise, in a commune drawn by population. */
export function generateBeneficiaire(exerciceId: number, annee: number, index: number, id: string): GeneratedBeneficiaire {
  const random = randomFor(SEED ^ exerciceId, index);
  const commune = defaultCommunePicker().pick(random.next());
  const nom = random.pick(LAST_NAMES);
  return {
    id,
    code_psp: pspCodeOf(exerciceId, index),
    exercice_id: exerciceId,
    prenom: random.pick(FIRST_NAMES)[0],
    nom,
    nom_recherche: pspNameKey(nom),
    date_naissance: new Date(Date.UTC(annee - random.int(6, 17), random.int(0, 11), random.int(1, 28))),
    code_postal: commune.codesPostaux[0] ?? '75001',
    commune: commune.nom,
  };
}

/** The three exercises around `today`: last year's closed, this year's open, next year's not open yet. */
export function exercicesAround(today: Date) {
  const year = today.getUTCFullYear();
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
  return [
    { id: (year - 1) % 100, annee: year - 1, active: false, dateDebut: at(year - 1, 0, 1), dateFin: at(year - 1, 11, 31) },
    { id: year % 100, annee: year, active: true, dateDebut: at(year, 0, 1), dateFin: at(year, 11, 31) },
    { id: (year + 1) % 100, annee: year + 1, active: false, dateDebut: at(year + 1, 0, 1), dateFin: at(year + 1, 11, 31) },
  ];
}

/** The demo certificate's file name, as the club would have uploaded it. */
export const DEMO_CERTIFICATE_FILE = 'attestation-affiliation-fff.pdf';

/**
 * Seeds the exercises, the beneficiaries and the demo sports association's certificate when there
 * is no exercise yet; returns whether it did. The certificate's file goes to `storage` first (storage
 * is no part of the transaction); it is removed again when nothing is written.
 */
export async function seedDemoPassSport(db: Database, storage: FileStorage): Promise<boolean> {
  if ((await db.pspExercice.count()) > 0) return false;
  const exercices = exercicesAround(new Date());
  const current = exercices[1]!;
  const sportive = await db.association.findUnique({ where: { id: DEMO_ASSOCIATIONS.sportive.id }, select: { id: true, nom: true } });
  const file: StoredFile | null = sportive
    ? await storeDemoPdf(storage, "Attestation d'affiliation", sportive.nom, [
      `${DEMO_FEDERATION.nom} (SIREN ${DEMO_FEDERATION.siren}).`,
      `L'association est affiliée à la fédération pour la saison ${current.annee}.`,
    ])
    : null;
  try {
    await db.$transaction(async (tx) => {
      await tx.pspExercice.createMany({ data: exercices });
      await tx.pspBeneficiaire.createMany({
        data: Array.from({ length: DEMO_BENEFICIAIRES }, (_, index) => {
          const b = generateBeneficiaire(current.id, current.annee, index, randomUUID());
          return {
            id: b.id, codePsp: b.code_psp, exerciceId: b.exercice_id, prenom: b.prenom, nom: b.nom, nomRecherche: b.nom_recherche,
            dateNaissance: b.date_naissance, codePostal: b.code_postal, commune: b.commune,
          };
        }),
      });
      // A few of last year's, whose registrations are closed.
      await tx.pspBeneficiaire.createMany({
        data: Array.from({ length: 20 }, (_, index) => {
          const b = generateBeneficiaire(exercices[0]!.id, exercices[0]!.annee, index, randomUUID());
          return {
            id: b.id, codePsp: b.code_psp, exerciceId: b.exercice_id, prenom: b.prenom, nom: b.nom, nomRecherche: b.nom_recherche,
            dateNaissance: b.date_naissance, codePostal: b.code_postal, commune: b.commune,
          };
        }),
      });
      // The demo sports association: affiliated to an approved federation, with this year's certificate and its file.
      if (sportive && file) {
        await tx.reseauAffiliation.create({ data: { associationId: sportive.id, nom: DEMO_FEDERATION.nom, idSiren: DEMO_FEDERATION.siren } });
        const document = await tx.associationDocument.create({
          data: {
            associationId: sportive.id, type: PSP_CERTIFICATE_DOCUMENT_TYPE, anneeValidite: current.annee, nom: DEMO_CERTIFICATE_FILE,
            commentaire: `Attestation d'affiliation : ${DEMO_FEDERATION.nom}`, mimeType: 'application/pdf',
            taille: file.size, sha256: file.sha256, storageKey: file.key,
          },
        });
        await tx.pspAffiliation.create({
          data: { associationId: sportive.id, sirenFederation: DEMO_FEDERATION.siren, nomFederation: DEMO_FEDERATION.nom, exerciceId: current.id, documentId: document.id },
        });
      }
    });
  } catch (error) {
    // Nothing half-written: the file of a certificate that was not recorded goes too.
    if (file) await storage.remove(file.key).catch(() => undefined);
    throw error;
  }
  return true;
}
