import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../lib/password-hash';
import { loadCommonPasswords, PASSWORD_RULES, PASSWORD_TEXTS, passwordProblems, similarity } from './password-rules';

const person = { email: 'nora.okafor@sunrise.example', firstName: 'Nora', lastName: 'Okafor' };

describe('password rules', () => {
  it('are served as four texts', () => {
    expect(PASSWORD_TEXTS).toEqual([
      'Your password must contain at least 12 characters.',
      "Your password can't be entirely numeric.",
      "Your password can't be a commonly used password.",
      "Your password can't be too similar to your other personal information.",
    ]);
  });

  it('accept a long unrelated passphrase', async () => {
    expect(await passwordProblems('copper lantern orchard', person)).toEqual([]);
  });

  it('refuse short, numeric, common and personal passwords with the texts of the broken rules', async () => {
    expect(await passwordProblems('x7#Lq', person)).toEqual([PASSWORD_RULES.minLength]);
    expect(await passwordProblems('12345678901234', person)).toEqual([PASSWORD_RULES.numeric]);
    expect(await passwordProblems('123456', person)).toEqual([
      PASSWORD_RULES.minLength,
      PASSWORD_RULES.numeric,
      PASSWORD_RULES.common,
    ]);
    expect(await passwordProblems('passwordpassword', person)).toContain(PASSWORD_RULES.common);
    expect(await passwordProblems('PasswordPassword', person)).toContain(PASSWORD_RULES.common);
    expect(await passwordProblems('nora.okafor2026', person)).toEqual([PASSWORD_RULES.similar]);
    expect(await passwordProblems('noraokafor12', person)).toEqual([PASSWORD_RULES.similar]);
    expect(await passwordProblems('xx-nora.okafor-xx', person)).toEqual([PASSWORD_RULES.similar]);
  });

  it('check against a bundled list of at least 10,000 common passwords', async () => {
    const list = await loadCommonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const common of ['qwertyuiop123', 'iloveyou1234', '1q2w3e4r5t6y']) {
      if (list.has(common)) expect(await passwordProblems(common, person)).toContain(PASSWORD_RULES.common);
    }
  });

  it('measure similarity as SequenceMatcher does', () => {
    expect(similarity('abcd', 'abcd')).toBe(1);
    expect(similarity('abcd', 'wxyz')).toBe(0);
    expect(similarity('okafor', 'okafor1')).toBeCloseTo(12 / 13);
  });
});

describe('password hashing', () => {
  it('uses Argon2id at or above the OWASP minimum (m=19456 KiB, t=2, p=1)', async () => {
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    const hash = await hashPassword('copper lantern orchard');
    const [, algorithm, version, params] = hash.split('$');
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    const values = Object.fromEntries(params.split(',').map((kv) => kv.split('=')));
    expect(Number(values.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(values.t)).toBeGreaterThanOrEqual(2);
    expect(Number(values.p)).toBeGreaterThanOrEqual(1);
  });

  it('verifies long and Unicode passwords exactly (NFC and NFD forms alike)', async () => {
    const long = 'ä€𝄞 '.repeat(200) + 'Zürich-東京-ÅngströM';
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.normalize('NFD'))).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, -1))).toBe(false);
    expect(await verifyPassword(hash, long + ' ')).toBe(false);
    expect(await verifyPassword(hash, long.replace('東京', '東亰'))).toBe(false);
  });
});
