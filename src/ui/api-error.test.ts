import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_TEXT, apiErrorDetail, apiFieldErrors, showSubmitFailure } from './api-error';

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

  describe('a failed submit', () => {
    const form = (known?: string[]) => ({ known, setErrors: vi.fn(), setError: vi.fn(), fallback: 'Could not save.' });

    it('puts the field errors beside the fields the form has, and no message above it', () => {
      const shown = form(['email']);
      showSubmitFailure(
        failure(400, { detail: 'Invalid input.', code: 'invalid', fields: { email: ['Already in use.'] } }),
        shown,
      );
      expect(shown.setErrors).toHaveBeenCalledWith({ email: 'Already in use.' });
      expect(shown.setError).not.toHaveBeenCalled();
    });

    it("says the server's detail once when it named no field the form has", () => {
      const shown = form(['email']);
      showSubmitFailure(
        failure(400, { detail: 'The visit overlaps another.', code: 'invalid', fields: { starts_at: ['Overlaps.'] } }),
        shown,
      );
      expect(shown.setErrors).not.toHaveBeenCalled();
      expect(shown.setError).toHaveBeenCalledWith('The visit overlaps another.');
    });

    it("says the form's fallback when the answer carries no detail", () => {
      const shown = form();
      showSubmitFailure(new Error('boom'), shown);
      expect(shown.setError).toHaveBeenCalledWith('Could not save.');
    });
  });
});
