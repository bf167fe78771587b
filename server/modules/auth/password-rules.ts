import { normalizePassword } from '../../lib/password-hash';

/** The rules, worded once: served by password_texts_list and returned by the server when broken. */
export const PASSWORD_RULES = {
  minLength: 'Your password must contain at least 12 characters.',
  numeric: "Your password can't be entirely numeric.",
  common: "Your password can't be a commonly used password.",
  similar: "Your password can't be too similar to your other personal information.",
} as const;

export const PASSWORD_TEXTS: string[] = Object.values(PASSWORD_RULES);
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 4096;
const MAX_SIMILARITY = 0.7;

let commonPasswords: Promise<Set<string>> | null = null;

/** The zxcvbn-ts common password list (49,233 entries), loaded on first use. */
export function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = (dictionary as Record<string, string[]>)['passwords-common'];
    if (!list || list.length < 10_000) throw new Error('common password list missing or too short');
    return new Set(list.map((word) => word.toLowerCase()));
  });
  return commonPasswords;
}

/** Matched characters of Ratcliff/Obershelp (what Python's SequenceMatcher, used by Django, counts). */
function matchedCharacters(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  let best = 0;
  let bestA = 0;
  let bestB = 0;
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const length = a[i - 1] === b[j - 1] ? previous[j - 1] + 1 : 0;
      current[j] = length;
      if (length > best) {
        best = length;
        bestA = i - length;
        bestB = j - length;
      }
    }
    [previous, current] = [current, previous];
    current.fill(0);
  }
  if (best === 0) return 0;
  return (
    best +
    matchedCharacters(a.slice(0, bestA), b.slice(0, bestB)) +
    matchedCharacters(a.slice(bestA + best), b.slice(bestB + best))
  );
}

export function similarity(a: string, b: string): number {
  return a.length + b.length === 0 ? 0 : (2 * matchedCharacters(a, b)) / (a.length + b.length);
}

export interface PersonalInformation {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Too similar: the password resembles (ratio ≥ 0.7) the email, its local part, a name, or any word of
 * them, or contains the email's local part.
 */
export function isTooSimilar(password: string, person: PersonalInformation): boolean {
  const lowered = password.toLowerCase();
  if (lowered.length > 256) return false; // nothing personal is that long; spares the quadratic comparison
  const email = (person.email ?? '').toLowerCase();
  const local = email.split('@')[0] ?? '';
  if (local.length >= 4 && lowered.includes(local)) return true;
  const values = [
    email,
    local,
    person.firstName ?? '',
    person.lastName ?? '',
    `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim(),
  ]
    .map((value) => value.toLowerCase())
    .filter((value) => value.length >= 3);
  const parts = values
    .flatMap((value) => [value, ...value.split(/[^\p{L}\p{N}]+/u)])
    .filter((part) => part.length >= 3);
  return [...new Set(parts)].some((part) => similarity(lowered, part) >= MAX_SIMILARITY);
}

/** The texts of the rules the password breaks, in the order of PASSWORD_TEXTS (empty when it is fine). */
export async function passwordProblems(password: string, person: PersonalInformation): Promise<string[]> {
  const normalized = normalizePassword(password);
  const problems: string[] = [];
  if ([...normalized].length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_RULES.minLength);
  if (/^\d+$/.test(normalized)) problems.push(PASSWORD_RULES.numeric);
  if ((await loadCommonPasswords()).has(normalized.toLowerCase())) problems.push(PASSWORD_RULES.common);
  if (isTooSimilar(normalized, person)) problems.push(PASSWORD_RULES.similar);
  return problems;
}
