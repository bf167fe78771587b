import { Type, type TSchema } from '@fastify/type-provider-typebox';

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

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The path parameters of a route about one record: `/:id`. */
export const IdParams = Type.Object({ id: Id });

/** A stored file's bytes (its own content type, as an attachment). */
export const FileDownload = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'The file, as an attachment',
});

/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An instant (RFC 3339); the validator takes only a real one (`isIsoDateTime`: no 2026-02-30T10:00:00Z). */
export const Timestamp = Type.String({ format: 'date-time' });

/**
 * A calendar date, `YYYY-MM-DD`: every date the API takes or answers is this atom. The validator takes only a
 * real one (`isIsoDate`: no 1950-02-30), and refuses the rest with a 400 naming the field: "Enter a real date."
 */
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** A person's first or last name, as a form sends it. */
export const PersonName = Type.String({ minLength: 1, maxLength: 150 });

/** A phone number as typed. */
export const Phone = Type.String({ maxLength: 40 });

/** Free text of at most `maxLength` characters. */
export const Text = (maxLength = 200) => Type.String({ maxLength });

/** The parts of a home address a form sends, each optional. */
export const HomeAddressInput = {
  address: Type.Optional(Text()),
  city: Type.Optional(Text(100)),
  state: Type.Optional(Text(50)),
  postal_code: Type.Optional(Text(20)),
};

/** A person named in an answer: who wrote, changed or brought something. */
export const PersonRef = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'PersonRef' });

/** A client named in an answer about visits or reviews. */
export const ClientRef = Type.Object(
  { id: Type.Integer(), first_name: Type.String(), last_name: Type.String() },
  { title: 'ClientRef' },
);

/** One of the codes of `labels` (the document lists each with its label). */
export function CodeOf<K extends string>(labels: Record<K, string>, options: { default?: K } = {}) {
  const codes = Object.keys(labels) as K[];
  return Type.Enum([...codes], {
    ...(options.default ? { default: options.default } : {}),
    description: codes.map((code) => `${code}: ${labels[code]}`).join('; '),
  });
}
