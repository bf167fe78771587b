/** List search: words that each must begin a field (served by `lower(column) text_pattern_ops` indexes). */

/** A searched list counts at most this many rows (the count then says "10,000 or more"). */
export const SEARCH_COUNT_LIMIT = 10_000;
const MAX_SEARCH_TERMS = 5;

/** The words of a search, at most five. */
export const searchTerms = (search: string | undefined): string[] =>
  (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);

/** A LIKE pattern for "begins with `term`", case-insensitive, its wildcards escaped. */
export const prefixPattern = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A camelCase column name as the contract writes it (`dateOfBirth` → `date_of_birth`), for audit rows of changes. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The words of a search as a prefix query on `users.search_words` (`nora:* & smi:*`): a prefilter the GIN index
 * answers by intersecting the words' matches. Only words of ASCII letters and digits take part: a field that
 * begins with such a word has a lexeme that begins with it, so the prefilter never drops a row the prefix test
 * keeps. Null when no word qualifies (the prefix indexes answer alone).
 */
export function wordsQuery(terms: string[]): string | null {
  const words = terms.map((term) => term.toLowerCase()).filter((term) => /^[a-z0-9]+$/.test(term));
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}
