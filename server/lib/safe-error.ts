/**
 * What the server log keeps of an error: enough to find the fault (its type, codes, the database's constraint
 * and the SQL text, the stack's frames, its causes), never a value of a request. No error's message is logged:
 * PostgreSQL's quotes the value it refused (`date/time field value out of range: "1950-02-30"`), its detail the
 * key (`Key (email)=(…) already exists`), Drizzle's lists every parameter of the query (a client's diagnosis, a
 * grievance's text), and any other error may have been written with a value in it (`Cannot convert abc to a
 * BigInt`, `Received type string ('…')`): which ones are safe cannot be known, so none is kept, and the stack is
 * its `at …` frames only (a stack begins with the message). A thrown non-error is logged as its type alone.
 * The Fastify logger uses this as its `err` serializer (`safeLoggerOptions`, server/app.ts), so every
 * `log.error({ err }, ...)` of a route, a background job or the event bus goes through it.
 */

export interface SafeError {
  type: string;
  name?: string;
  code?: string | number;
  statusCode?: number;
  /** PostgreSQL's own fields that name the schema, never a value. */
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  /** The SQL text (its parameters are placeholders; quoted literals blanked). */
  query?: string;
  /** A parameter count, never the parameters. */
  params?: number;
  stack?: string;
  cause?: SafeError;
  errors?: SafeError[];
}

const MAX_DEPTH = 5;
const PG_NAMES = ['severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const;

const isName = (value: unknown): value is string => typeof value === 'string' && /^[\w.$:-]{1,80}$/.test(value);

/** A stack frame: `at name (file:line:column)`, `at file:line:column`, `at name (native)` or `(<anonymous>)`. */
const FRAME = /^\s+at [^\n]{0,500}(?::\d+:\d+\)?|\((?:native|<anonymous>)\))$/;

/** The stack's frames (`at ...` lines), without the message the stack begins with. */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack
    .split('\n')
    .filter((line) => FRAME.test(line))
    .slice(0, 15);
  return lines.length ? lines.map((line) => line.trim()).join('\n') : undefined;
}

/** A database error: PostgreSQL's (node-postgres, PGlite: SQLSTATE code and severity) or Drizzle's (query, params). */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    'params' in error ||
    'parameters' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string')
  );
}

export function safeError(value: unknown, depth = 0): SafeError {
  if (value === null || typeof value !== 'object') return { type: value === null ? 'null' : typeof value };
  const error = value as Record<string, unknown>;
  const out: SafeError = {
    type:
      (error.constructor as { name?: unknown } | undefined)?.name === undefined
        ? 'object'
        : String((error.constructor as { name: unknown }).name),
  };
  if (isName(error.name) && error.name !== out.type) out.name = error.name;
  if (isName(error.code) || typeof error.code === 'number') out.code = error.code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  if (isDatabaseError(error)) {
    for (const key of PG_NAMES) if (isName(error[key])) out[key] = error[key];
    // the statement's text: its values are $n placeholders; a literal written into it is blanked all the same
    if (typeof error.query === 'string') out.query = error.query.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, 2000);
    if (Array.isArray(error.params)) out.params = error.params.length;
  }
  const stack = frames(error.stack);
  if (stack) out.stack = stack;
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = safeError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) out.errors = error.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1));
  }
  return out;
}

type LoggerOptions = {
  serializers?: Record<string, (value: never) => unknown>;
  hooks?: Record<string, unknown>;
} & Record<string, unknown>;

/**
 * The Fastify logger's options with the safe `err` serializer, and a guard for the two ways pino would still
 * write an error's message: `log.error(error)` and a message that is the error's own (Fastify's fallback error
 * handler logs `error.message` as the line's message). Such a line says "error" instead.
 */
export function safeLoggerOptions<T extends LoggerOptions>(options: T): T {
  return {
    ...options,
    serializers: { ...options.serializers, err: safeError, error: safeError },
    hooks: {
      ...options.hooks,
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        let [first, message] = args;
        if (first instanceof Error) first = { err: first };
        const err =
          first && typeof first === 'object'
            ? ((first as { err?: unknown; error?: unknown }).err ?? (first as { error?: unknown }).error)
            : undefined;
        if (
          err &&
          typeof err === 'object' &&
          (message === undefined || message === (err as { message?: unknown }).message)
        )
          message = 'error';
        return method.apply(this, [first, ...(message === undefined ? [] : [message]), ...args.slice(2)]);
      },
    },
  };
}
