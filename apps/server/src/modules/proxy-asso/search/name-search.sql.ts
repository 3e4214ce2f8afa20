// The name search's statements (plans described at the top of repository.ts), as plain SQL with
// positional values, run on the pg pool (db/read-rows.ts). Each statement ranks its candidates,
// cuts the page and reads the page's rows itself: one round trip, and only the page crosses the
// wire. Every statement answers at least one row: the figures of the plan (`m_*` columns, the same
// on every row), then the page's columns, null when the page is empty.
//
// Ranking, as it always was: the exact name (with or without its sigle) first, then the names
// starting with the term (in byte order), then the other candidates (by word similarity, then
// name and id; by trigram distance for the nearest names).

export interface Statement {
  text: string;
  values: unknown[];
}

/** The first string after every string starting with `prefix` (byte order, as text_pattern_ops). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Positional values: `$n` for each value, cast as asked. */
function binder() {
  const values: unknown[] = [];
  const bind = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  return { values, bind };
}

/**
 * The sigle as nom_recherche holds it (normaliseSearchText for a sigle: decomposed, combining marks
 * removed, lower case, runs of anything but letters and digits as one space, trimmed).
 */
const NORMALISED_SIGLE = `btrim(regexp_replace(lower(regexp_replace(normalize(c.sigle, NFD),
  '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', '', 'g')), '[^[:alnum:]]+', ' ', 'g'), ' ')`;

/**
 * word_similarity(term, name), read as 1 without computing it when the name holds the term's words
 * in a row, whole (pg_trgm's trigrams are per word: the extent of those words holds exactly the
 * term's trigrams). Most names read by the rare and all-words plans do; the others are computed.
 */
const wordSimilarity = (term: string, name: string) =>
  `(CASE WHEN strpos(' ' || ${name} || ' ', ' ' || ${term} || ' ') > 0 THEN 1 ELSE word_similarity(${term}, ${name}) END)::float8`;

/** The names' word similarity threshold (pg_trgm.word_similarity_threshold, what `<%` compares with). */
const THRESHOLD = `current_setting('pg_trgm.word_similarity_threshold')::float8`;

/** The first `wanted` live names starting with the term, in byte order, numbered (`ord`). */
const prefixRows = (term: string, upper: string, wanted: string) => `
  SELECT id, nom_recherche, sigle, row_number() OVER () AS ord FROM (
    SELECT id, nom_recherche, sigle FROM associations
     WHERE nom_recherche ~>=~ ${term} AND nom_recherche ~<~ ${upper} AND deleted_at IS NULL
     ORDER BY nom_recherche USING ~<~ LIMIT ${wanted}) x`;

/**
 * The page of the ranked candidates `c` (id, nom_recherche, sigle, and the ranking columns `order`
 * names), with the plan's figures `m`: one row at least.
 */
const page = (term: string, order: string, figures: string, offset: string, limit: string) => `
  r AS (
    SELECT c.id, row_number() OVER (
             ORDER BY (CASE WHEN NOT starts_with(c.nom_recherche, ${term}) THEN false
                            WHEN c.nom_recherche = ${term} THEN true
                            WHEN c.sigle IS NULL THEN false
                            ELSE c.nom_recherche = ${term} || ' ' || ${NORMALISED_SIGLE} END) DESC,
                      ${order}) AS rk
      FROM c),
  m AS (SELECT ${figures})
  SELECT m.*, pg.* FROM m LEFT JOIN LATERAL (
    SELECT r.rk,
           a.id::text AS id, a.nom, a.sigle, a.id_rna, a.id_siren, a.id_siret_siege, a.cp_siege AS cp,
           a.adresse_siege->>'commune' AS commune,
           (SELECT count(*)::int FROM etablissements e WHERE e.association_id = a.id AND e.actif) AS nb_etablissements
      FROM r JOIN associations a ON a.id = r.id
     WHERE r.rk > ${offset} ORDER BY r.rk LIMIT ${limit}) pg ON true
   ORDER BY pg.rk`;

/**
 * The `wanted` nearest live names (GiST trigram KNN, in distance order, numbered `ord`), read only
 * when `gate` holds.
 */
const nearestRows = (term: string, wanted: string, gate: string) => `
  SELECT id, nom_recherche, sigle, row_number() OVER () AS ord FROM (
    SELECT id, nom_recherche, sigle FROM associations
     WHERE ${gate} AND ${term} <% (nom_recherche COLLATE "C") AND deleted_at IS NULL
     ORDER BY ${term} <<-> (nom_recherche COLLATE "C") LIMIT ${wanted}) y`;

export interface PageOptions {
  offset: number;
  limit: number;
}

/**
 * Rare plan: the live names holding a word that contains one of `words` (the dictionary's words
 * containing them, then the names' words GIN index), at most `scan` + 1 read; those starting with
 * the term or similar enough to it are the matches. Figures: m_read (names read), m_matches.
 */
export function rareStatement(term: string, words: string[], scan: number, { offset, limit }: PageOptions): Statement {
  const { values, bind } = binder();
  const t = bind(term, 'text');
  const holdsOne = words.map((word) => `s.word LIKE ${bind(`%${word}%`, 'text')}`).join(' OR ');
  const text = `
  WITH d AS (SELECT array_agg(s.word) AS words FROM association_search_words s WHERE ${holdsOne}),
  n AS MATERIALIZED (
    SELECT id, nom_recherche, sigle FROM associations
     WHERE string_to_array(nom_recherche, ' ') && (SELECT words FROM d) AND deleted_at IS NULL
     LIMIT ${bind(scan + 1, 'int')}),
  nr AS (SELECT count(*)::int AS read FROM n),
  c AS MATERIALIZED (
    SELECT * FROM (
      SELECT n.id, n.nom_recherche, n.sigle, starts_with(n.nom_recherche, ${t}) AS prefix,
             ${wordSimilarity(t, 'n.nom_recherche')} AS ws
        FROM n WHERE (SELECT read FROM nr) <= ${bind(scan, 'int')}) s
     WHERE prefix OR ws >= ${THRESHOLD}),
  ${page(t, `c.prefix DESC, (CASE WHEN c.prefix THEN c.nom_recherche END) COLLATE "C", c.ws DESC, c.nom_recherche COLLATE "C", c.id`,
    `(SELECT read FROM nr) AS m_read, (SELECT count(*)::int FROM c) AS m_matches`, bind(offset, 'int'), bind(limit, 'int'))}`;
  return { text, values };
}

/**
 * All-words plan: the first `offset + limit` names starting with the term (p), and the live names
 * holding every one of `words` (w: exact intersection of the words' postings), at most `scan` + 1
 * read. When the names starting with the term fill the page, w is read to be counted only: the
 * names starting with the term are counted first (at most countCap + 1 read), and w (at most
 * countCap + 1) only when they are at most countCap. The names of w not starting with the term and
 * similar enough to it follow the names starting with it.
 * When neither fill the page (or w holds more than `scan` names), the common plan answers in the
 * same statement: the nearest names follow the names starting with the term (commonStatement).
 * Figures: m_prefix (p), m_read (w; null when not read), m_similar (w's matches not starting with
 * the term), m_prefix_all (every name starting with the term, up to countCap + 1), m_common (the
 * common plan answered), m_near and m_matches (as commonStatement's).
 */
export function allWordsStatement(
  term: string, words: string[], scan: number, countCap: number, { offset, limit }: PageOptions,
): Statement {
  const { values, bind } = binder();
  const t = bind(term, 'text');
  const upper = bind(prefixUpperBound(term), 'text');
  const wanted = bind(offset + limit, 'int');
  const cap = bind(countCap, 'int');
  const scanValue = bind(scan, 'int');
  const text = `
  WITH p AS MATERIALIZED (${prefixRows(t, upper, wanted)}),
  pn AS (SELECT count(*)::int AS n, count(*) >= ${wanted} AS filled FROM p),
  pa AS (
    SELECT CASE WHEN (SELECT filled FROM pn) THEN count(*)::int ELSE (SELECT n FROM pn) END AS n FROM (
      SELECT 1 FROM associations
       WHERE (SELECT filled FROM pn) AND nom_recherche ~>=~ ${t} AND nom_recherche ~<~ ${upper} AND deleted_at IS NULL
       ORDER BY nom_recherche USING ~<~ LIMIT ${cap} + 1) z),
  lim AS (SELECT CASE WHEN NOT filled THEN ${scanValue} WHEN (SELECT n FROM pa) <= ${cap} THEN ${cap} END AS n FROM pn),
  w AS MATERIALIZED (
    SELECT id, nom_recherche, sigle FROM associations
     WHERE (SELECT n FROM lim) IS NOT NULL
       AND string_to_array(nom_recherche, ' ') @> ${bind(words, 'text[]')} AND deleted_at IS NULL
     LIMIT (SELECT n + 1 FROM lim)),
  wr AS (SELECT CASE WHEN (SELECT n FROM lim) IS NOT NULL THEN count(*)::int END AS read FROM w),
  ws AS MATERIALIZED (
    SELECT * FROM (
      SELECT w.id, w.nom_recherche, w.sigle, ${wordSimilarity(t, 'w.nom_recherche')} AS ws FROM w
       WHERE (SELECT read FROM wr) <= (SELECT n FROM lim) AND NOT starts_with(w.nom_recherche, ${t})) s
     WHERE ws >= ${THRESHOLD}),
  aw AS (
    SELECT (SELECT filled FROM pn)
        OR ((SELECT read FROM wr) <= ${scanValue} AND (SELECT n FROM pn) + (SELECT count(*) FROM ws) >= ${wanted}) AS answers),
  k AS MATERIALIZED (${nearestRows(t, wanted, 'NOT (SELECT answers FROM aw)')}),
  c AS (
    SELECT id, nom_recherche, sigle, 0 AS src, ord, 1::float8 AS ws FROM p
    UNION ALL
    SELECT id, nom_recherche, sigle, 1, 0, ws FROM ws WHERE (SELECT answers FROM aw)
    UNION ALL
    SELECT id, nom_recherche, sigle, 1, ord, 0 FROM k WHERE k.id NOT IN (SELECT id FROM p)),
  ${page(t, `c.src, c.ord, c.ws DESC, c.nom_recherche COLLATE "C", c.id`,
    `(SELECT n FROM pn) AS m_prefix, (SELECT read FROM wr) AS m_read, (SELECT count(*)::int FROM ws) AS m_similar,
     (SELECT n FROM pa) AS m_prefix_all, NOT (SELECT answers FROM aw) AS m_common,
     (SELECT count(*)::int FROM k) AS m_near, (SELECT count(*)::int FROM c) AS m_matches`,
    bind(offset, 'int'), bind(limit, 'int'))}`;
  return { text, values };
}

/**
 * Common plan: the first `offset + limit` names starting with the term and, only when they do not
 * fill the page, the `offset + limit` nearest names (GiST trigram KNN). Figures: m_prefix,
 * m_near (nearest names read), m_matches (both, without repeats).
 */
export function commonStatement(term: string, { offset, limit }: PageOptions): Statement {
  const { values, bind } = binder();
  const t = bind(term, 'text');
  const wanted = bind(offset + limit, 'int');
  const text = `
  WITH p AS MATERIALIZED (${prefixRows(t, bind(prefixUpperBound(term), 'text'), wanted)}),
  k AS MATERIALIZED (${nearestRows(t, wanted, `(SELECT count(*) FROM p) < ${wanted}`)}),
  c AS (
    SELECT id, nom_recherche, sigle, 0 AS src, ord FROM p
    UNION ALL
    SELECT id, nom_recherche, sigle, 1, ord FROM k WHERE k.id NOT IN (SELECT id FROM p)),
  ${page(t, 'c.src, c.ord',
    `(SELECT count(*)::int FROM p) AS m_prefix, (SELECT count(*)::int FROM k) AS m_near, (SELECT count(*)::int FROM c) AS m_matches`,
    bind(offset, 'int'), bind(limit, 'int'))}`;
  return { text, values };
}
