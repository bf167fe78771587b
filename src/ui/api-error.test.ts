import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_TEXT, apiErrorDetail, apiFieldErrors } from './api-error';

const failure = (status: number, data: unknown) => ({ isAxiosError: true, response: { status, data } });

describe('api errors', () => {
  it("reads the server's detail", () => {
    expect(apiErrorDetail(failure(401, { detail: 'Invalid email or password.', code: 'invalid_credentials' }))).toBe(
      'Invalid email or password.',
    );
  });

  it('says the server could not be reached when no answer came', () => {
    expect(apiErrorDetail({ isAxiosError: true })).toBe(NETWORK_ERROR_TEXT);
  });

  it('falls back for anything else', () => {
    expect(apiErrorDetail(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('maps field errors onto form fields', () => {
    const error = failure(400, {
      detail: 'Invalid input.',
      code: 'invalid',
      fields: { new_password: ['Too short.', 'Too common.'], uid: ['Bad.'] },
    });
    expect(apiFieldErrors(error)).toEqual({ new_password: 'Too short.', uid: 'Bad.' });
    expect(apiFieldErrors(error, { known: ['password'], rename: { new_password: 'password' } })).toEqual({
      password: 'Too short.',
    });
  });
});
