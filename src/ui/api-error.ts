/** Reading the API's one error shape `{ detail, code, fields? }` from a failed call (an axios error). */

export interface ApiErrorShape {
  detail: string;
  code: string;
  fields?: Record<string, string[]>;
}

export const NETWORK_ERROR_TEXT = 'Could not reach the server. Check your connection and try again.';

/** The error body of a failed call, if it has the API's shape. */
export function apiErrorBody(error: unknown): ApiErrorShape | null {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data && typeof data === 'object' && typeof (data as ApiErrorShape).detail === 'string')
    return data as ApiErrorShape;
  return null;
}

/** The HTTP status of a failed call, if any. */
export function apiErrorStatus(error: unknown): number | null {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : null;
}

/** The server's `detail`, or a network text when no answer came, or the fallback. */
export function apiErrorDetail(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const body = apiErrorBody(error);
  if (body?.detail) return body.detail;
  const hasResponse = !!(error as { response?: unknown } | null)?.response;
  const isAxios = !!(error as { isAxiosError?: boolean } | null)?.isAxiosError;
  if (isAxios && !hasResponse) return NETWORK_ERROR_TEXT;
  return fallback;
}

/**
 * The server's field errors as Formik errors (first message of each field), keeping only `known` fields
 * when given; `rename` maps server names to form names.
 */
export function apiFieldErrors(
  error: unknown,
  { known, rename = {} }: { known?: readonly string[]; rename?: Record<string, string> } = {},
): Record<string, string> {
  const fields = apiErrorBody(error)?.fields ?? {};
  const result: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const formName = rename[name] ?? name;
    if (known && !known.includes(formName)) continue;
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (message) result[formName] = message;
  }
  return result;
}

/**
 * Shows why a form's submit failed: the server's field errors beside their fields when it named any the
 * form has, otherwise one message (the server's detail, or the fallback) above the form.
 */
export function showSubmitFailure(
  failure: unknown,
  form: {
    known?: readonly string[];
    rename?: Record<string, string>;
    setErrors: (errors: Record<string, string>) => void;
    setError: (message: string) => void;
    fallback?: string;
  },
): void {
  const fields = apiFieldErrors(failure, { known: form.known, rename: form.rename });
  if (Object.keys(fields).length) form.setErrors(fields);
  else form.setError(apiErrorDetail(failure, form.fallback));
}
