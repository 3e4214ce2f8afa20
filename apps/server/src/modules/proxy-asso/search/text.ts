// Text normalisation of association names for search, shared by the writers (who fill
// associations.nom_recherche) and the search (which normalises the term the same way).

/** Lower case, without accents or ligatures, punctuation turned to single spaces. */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The value of associations.nom_recherche: nom then sigle, normalised. */
export function searchableName(nom: string, sigle?: string | null): string {
  const sigleText = sigle ? normaliseSearchText(sigle) : '';
  const nomText = normaliseSearchText(nom);
  return sigleText ? `${nomText} ${sigleText}` : nomText;
}
