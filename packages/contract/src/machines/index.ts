// State machines of the product, declared as data with one mechanism (machine.ts).
export * from './machine.ts';
export * from './transition-messages.ts';
export { ASSOCIATION_SIDE, EITHER_SIDE, SERVICE_SIDE, SERVICE_SIDE_ON_ITS_OWN } from './guards.ts';
export * from './dossier-instruction.ts';
export * from './crf.ts';
export * from './demande-siret.ts';
export * from './pass-sport.ts';
export * from './agrement-dossier.ts';

import { agrementDossierMachine } from './agrement-dossier.ts';
import { crfMachine } from './crf.ts';
import { siretRequestMachine } from './demande-siret.ts';
import { dossierInstructionMachine } from './dossier-instruction.ts';
import { passSportMachine } from './pass-sport.ts';

/** The machines, by the name the history table stores. */
export const MACHINES = {
  dossier_instruction: dossierInstructionMachine,
  crf: crfMachine,
  demande_siret: siretRequestMachine,
  pass_sport: passSportMachine,
  agrement_dossier: agrementDossierMachine,
} as const;
export type MachineName = keyof typeof MACHINES;
