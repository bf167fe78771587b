import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { Id } from './fields';

/*
 * The parts of a route's schema that routes share: the error responses, paging, the `/:id` params, an empty
 * answer and a file download (the atoms of its fields are in fields.ts).
 */

/** The one error shape. */
export const ErrorSchema = Type.Object(
  {
    detail: Type.String(),
    code: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  {
    title: 'Error',
    description: 'What went wrong: `detail` in words, `code` for programs, `fields` naming each refused field',
  },
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `fields` names each refused field',
  401: 'Not authenticated or token not valid',
  403: 'Permission denied or foreign organization',
  404: 'Not found',
  409: 'Conflict with the current state; `detail` says which',
  413: 'Body too large',
  429: 'Too many attempts; see Retry-After',
  502: 'The mail could not be sent (code mail_failed); `detail` says what was done and what to do',
};

/** Error responses for the given statuses, for a route's `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { ...ErrorSchema, 'x-response-description': ERROR_DESCRIPTIONS[status] ?? 'Error' },
    ]),
  );
}

/** Errors any authenticated route may answer. */
export const AUTHENTICATED_ERRORS = [400, 401, 403] as const;

/** The error responses of an authenticated route: those any may answer, and the `more` this one may. */
export const authenticatedErrors = (...more: number[]) => errorResponses(...AUTHENTICATED_ERRORS, ...more);

export const NoContent = Type.Null({ description: 'No content' });

/** Offsets beyond this are refused (400 naming offset) rather than sent to SQL, where 1e20 overflows bigint. */
export const MAX_OFFSET = 10_000_000;

export const PagingQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 })),
};

/** `{ count, next, previous, results }` of a paged list. */
export function Paged<T extends TSchema>(item: T) {
  const { title } = item as { title?: unknown };
  return Type.Object(
    {
      count: Type.Integer({ description: 'How many match, over all pages' }),
      next: Type.Union([Type.String(), Type.Null()], { description: 'The URL of the next page, or null on the last' }),
      previous: Type.Union([Type.String(), Type.Null()], {
        description: 'The URL of the previous page, or null on the first',
      }),
      results: Type.Array(item),
    },
    // a page of a named item is named after it (UserPage), and is one schema of the document's components
    typeof title === 'string' ? { title: `${title}Page` } : {},
  );
}

/** The path parameters of a route about one record: `/:id`. */
export const IdParams = Type.Object({ id: Id });

/** A stored file's bytes (its own content type, as an attachment). */
export const FileDownload = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'The file, as an attachment',
});
