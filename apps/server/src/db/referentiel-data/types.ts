// The shape every referential source produces, before it is stored.

export interface SeedOption {
  value: string;
  label: string;
  meta?: Record<string, unknown> | null;
}

export interface ReferentielSource {
  type: string;
  label: string;
  categorie: string | null;
  /** Loaded only when the type is missing from the database (communes weigh 8 MB). */
  load(): SeedOption[];
}
