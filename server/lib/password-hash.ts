import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's minimum for Argon2id (m=19 MiB, t=2, p=1). The algorithm enum of @node-rs/argon2 is
 * a const enum, which isolated modules cannot read: 2 is Argon2id, 1 is version 0x13.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Options['algorithm'],
  version: 1 as Options['version'],
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

/** The PHC prefix of a hash made with the current parameters (older hashes are upgraded at sign-in). */
export const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/**
 * Passwords are NFC-normalised before hashing and verifying, so the same characters typed on systems
 * that compose accents differently (é as one code point or as e + combining accent) verify alike.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Verifying against this costs what a real verification costs, so unknown accounts answer in the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy password that never matches anything');
  return dummyHash;
}
