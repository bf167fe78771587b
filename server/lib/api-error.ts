/** The one error shape of the API: `{ detail, code, fields? }`. Throw these from services and handlers. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  toBody(): { detail: string; code: string; fields?: Record<string, string[]> } {
    return this.fields
      ? { detail: this.detail, code: this.code, fields: this.fields }
      : { detail: this.detail, code: this.code };
  }
}

export const invalid = (fields: Record<string, string[]>, detail = 'Invalid input.') =>
  new ApiError(400, 'invalid', detail, fields);
export const notAuthenticated = () =>
  new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.');
export const tokenNotValid = (detail = 'Given token not valid for any token type.') =>
  new ApiError(401, 'token_not_valid', detail);
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, 'permission_denied', detail);
export const formsDue = () =>
  new ApiError(
    403,
    'forms_due',
    'Complete the forms that are due first: until then only your onboarding and documents are open to you.',
  );
export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);
/** "a minute", "14 minutes", "an hour", "2 hours": when to try again, in words (rounded up to the minute). */
export function inWords(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 59) return `${minutes} minutes`;
  if (minutes < 90) return 'an hour';
  return `${Math.round(minutes / 60)} hours`;
}

/** 429 with Retry-After, and the wait in words for the page to show. */
export const throttled = (retryAfterSeconds: number) =>
  new ApiError(429, 'throttled', `Too many attempts. Try again in ${inWords(retryAfterSeconds)}.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
