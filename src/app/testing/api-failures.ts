/**
 * A failed call as axios rejects it: an error flagged `isAxiosError` whose response carries the API's one error
 * body `{ detail, code, fields? }`; the code is `conflict` for a 409 and `invalid` otherwise, unless given.
 */
export function apiFailure(
  status: number,
  detail: string,
  { fields, code = status === 409 ? 'conflict' : 'invalid' }: { fields?: Record<string, string[]>; code?: string } = {},
) {
  return Object.assign(new Error(detail), {
    isAxiosError: true,
    response: { status, data: { detail, code, ...(fields ? { fields } : {}) } },
  });
}

/** The API's 400 for bad input, naming each refused field with its messages. */
export function invalidInput(fields: Record<string, string[]>) {
  return apiFailure(400, 'Invalid input.', { fields });
}
