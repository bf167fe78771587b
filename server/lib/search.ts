/** List search: words that each must begin a field (served by `lower(column) text_pattern_ops` indexes). */

/** A searched list counts at most this many rows (the count then says "10,000 or more"). */
export const SEARCH_COUNT_LIMIT = 10_000;
const MAX_SEARCH_TERMS = 5;

/** The words of a search, at most five. */
export const searchTerms = (search: string | undefined): string[] => (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);

/** A LIKE pattern for "begins with `term`", case-insensitive, its wildcards escaped. */
export const prefixPattern = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A camelCase column name as the contract writes it (`dateOfBirth` → `date_of_birth`), for audit rows of changes. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
