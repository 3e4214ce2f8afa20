// What a wizard step changes in its dossier, and what every step receives.
import type { Dossier, Etablissement, Representant, Rib, Subvention } from '@portail/contract';

export interface DossierChanges {
  description?: Partial<Dossier['description']>;
  demandeur?: Partial<Dossier['demandeur']>;
  documents?: Dossier['documents'];
  attestation?: Dossier['attestation'];
}

/** The association file's rows the applicant step offers. */
export interface ApplicantChoices {
  etablissements: readonly Etablissement[];
  representants: readonly Representant[];
  ribs: readonly Rib[];
}

export interface StepProps {
  dossier: Dossier;
  subvention: Subvention;
  readOnly: boolean;
  /** Where this step keeps its unsaved input (lib/forms/draft-state.ts); null: nothing kept. */
  draftKey: string | null;
  /** Saves the step on the server; resolves once saved (the page then moves on), rejects with the server's error. */
  onSave: (changes: DossierChanges) => Promise<void>;
}
